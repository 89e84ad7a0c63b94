/**
 * Reading and writing listings' field provenance (decision 0068). Writes run inside the transaction of the write they
 * describe, and merge key by key (`fields || patch`), so two writers of different fields of one listing never lose
 * each other's entries; the entries one write confirms are worked out from the row it has locked.
 */
import { inArray, sql } from "drizzle-orm";
import { listingFieldSources } from "#db/schema/field-sources.ts";
import type { Db } from "~/lib/db.server.ts";
import {
  FIELD_SOURCES,
  mergePatch,
  provenancePatch,
  type FieldSourceEntry,
  type FieldSources,
  type FieldWrite,
} from "./field-provenance.ts";

type Reader = Pick<Db, "select">;
type Writer = Pick<Db, "select" | "insert" | "delete">;

/** Only well-formed entries: the column is JSON, and what a profile prints must be one of our sources and times. */
function wellFormed(raw: unknown): FieldSources {
  const result: FieldSources = {};
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return result;
  for (const [field, value] of Object.entries(raw as Record<string, unknown>)) {
    const e = value as Partial<FieldSourceEntry> | null;
    if (!e || typeof e !== "object") continue;
    if (!FIELD_SOURCES.includes(e.source as never) || typeof e.confirmedAt !== "string") continue;
    if (e.setAt !== null && typeof e.setAt !== "string") continue;
    result[field] = {
      source: e.source!,
      setAt: e.setAt,
      confirmedAt: e.confirmedAt,
      ...(typeof e.detail === "string" ? { detail: e.detail } : {}),
    };
  }
  return result;
}

/** The provenance of each listing asked for (an empty record for one with none). */
export async function getFieldSources(
  db: Reader,
  ids: readonly string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, FieldSources>> {
  const found = new Map<string, FieldSources>(ids.map((id) => [id, {}]));
  if (!ids.length) return found;
  const query = db
    .select()
    .from(listingFieldSources)
    .where(inArray(listingFieldSources.listingId, [...new Set(ids)]));
  const rows = options.lock ? await query.for("update") : await query;
  for (const row of rows) found.set(row.listingId, wellFormed(row.fields));
  return found;
}

/** Puts each listing's entries over its stored ones, key by key, in one statement. */
export async function writeFieldSources(db: Writer, patches: ReadonlyArray<{ listingId: string; patch: FieldSources }>): Promise<void> {
  const rows = patches.filter((p) => Object.keys(p.patch).length).map((p) => ({ listingId: p.listingId, fields: p.patch }));
  if (!rows.length) return;
  await db
    .insert(listingFieldSources)
    .values(rows)
    .onConflictDoUpdate({
      target: listingFieldSources.listingId,
      set: { fields: sql`"listing_field_sources"."fields" || excluded.fields` },
    });
}

/**
 * Records what writes did to their listings, reading what they confirm from the locked rows. Several writes to one
 * listing (two records of a batch) are applied in order and written once.
 */
export async function recordFieldWrites(db: Writer, writes: ReadonlyArray<{ listingId: string; write: FieldWrite }>): Promise<void> {
  const touched = writes.filter((w) => w.write.changed.length || w.write.confirmed?.length);
  if (!touched.length) return;
  const needsCurrent = touched.filter((w) => w.write.confirmed?.length).map((w) => w.listingId);
  const current = await getFieldSources(db, needsCurrent, { lock: true });
  const patches = new Map<string, FieldSources>();
  for (const { listingId, write } of touched) {
    const sofar = patches.get(listingId) ?? {};
    patches.set(listingId, { ...sofar, ...provenancePatch({ ...current.get(listingId), ...sofar }, write) });
  }
  await writeFieldSources(
    db,
    [...patches].map(([listingId, patch]) => ({ listingId, patch })),
  );
}

/** One write to one listing. */
export function recordFieldWrite(db: Writer, listingId: string, write: FieldWrite): Promise<void> {
  return recordFieldWrites(db, [{ listingId, write }]);
}

/**
 * A duplicate merge: the survivor's kept values keep their records, the values it took bring the other listing's.
 * Returns the survivor's provenance as it was (null: none), which the merge record keeps for an undo.
 */
export async function recordMergeSources(
  db: Writer,
  {
    survivorId,
    mergedId,
    taken,
    combined,
    at,
    detail,
  }: { survivorId: string; mergedId: string; taken: string[]; combined: string[]; at: Date; detail: string },
): Promise<FieldSources | null> {
  const [before] = await db
    .select()
    .from(listingFieldSources)
    .where(inArray(listingFieldSources.listingId, [survivorId]))
    .for("update");
  const other = (await getFieldSources(db, [mergedId])).get(mergedId) ?? {};
  await writeFieldSources(db, [{ listingId: survivorId, patch: mergePatch(other, { taken, combined, at, detail }) }]);
  return before ? (before.fields as FieldSources) : null;
}

/** Puts a listing's provenance back exactly as it was (an undone merge): `null` removes it. */
export async function restoreFieldSources(db: Writer, listingId: string, fields: FieldSources | null): Promise<void> {
  await db.delete(listingFieldSources).where(inArray(listingFieldSources.listingId, [listingId]));
  if (fields) await db.insert(listingFieldSources).values({ listingId, fields });
}
