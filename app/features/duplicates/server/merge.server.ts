/**
 * Merging a duplicate into its survivor, and undoing it (issue 5 §5). One transaction: the survivor takes the
 * merged fields, every linked row (team, FAQs, use cases, steps, funding rounds, investor relationships, intro
 * requests, applications, views) moves over, the merged listing is archived as "merged" pointing at the
 * survivor, and the merge record keeps both before-images and the ids of every moved row. Nothing is deleted;
 * an undo puts each row back where it was.
 */
import { eq, getTableColumns, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "#db/schema/index.ts";
import { listings } from "#db/schema/listings.ts";
import { listingMerges } from "#db/schema/merges.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import { recordMergeSources, restoreFieldSources } from "~/features/catalog/field-provenance.server.ts";
import { holdOwnerValues } from "~/features/catalog/owner-held-values.server.ts";
import type { FieldSources } from "~/features/catalog/field-provenance.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import { execRows, textArray, type Database, type Db } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { mergeListings, type ListingRow } from "../merge-rules.ts";
import { setQueuedPairStatus } from "./queued-pair.server.ts";

/**
 * Every column that points at a listing, read from the schema's foreign keys (so a table added later moves with
 * a merge without anyone remembering to list it), with the key of its rows. Not moved: the merge records
 * themselves, listing_views, whose key includes the listing (moved on its own below), and the description words,
 * which a trigger keeps from each listing's own row (decision 0060): the merged listing leaves the directory with them.
 */
export const LISTING_LINKS: ReadonlyArray<readonly [table: string, column: string, key: string]> = (Object.values(schema) as unknown[])
  .filter((table): table is PgTable => is(table, PgTable))
  .flatMap((table) => {
    const config = getTableConfig(table);
    // Merges and review items are about the pair itself and keep naming both records; views are moved below.
    // Field provenance (decision 0068) is one row per listing: the merge writes the survivor's, the other keeps its own.
    if (
      ["listing_merges", "listing_views", "duplicate_reviews", "listing_description_terms", "listing_field_sources"].includes(config.name)
    )
      return [];
    const key = Object.values(getTableColumns(table)).find((column) => column.primary)?.name;
    return config.foreignKeys
      .map((fk) => fk.reference())
      .filter((ref) => getTableConfig(ref.foreignTable).name === "listings" && ref.columns.length === 1)
      .map((ref) => [config.name, ref.columns[0]!.name, key ?? "id"] as const);
  });

/** Child lists as the field provenance names them (decision 0068), by the link a merge moves their rows through. */
const CHILD_LIST_LINKS: Record<string, string> = {
  "team_members.listing_id": "team",
  "faqs.listing_id": "faqs",
  "key_use_cases.listing_id": "keyUseCases",
  "how_it_works_steps.listing_id": "howItWorks",
  "funding_rounds.listing_id": "fundingRounds",
};

/**
 * Which of the survivor's values a merge took whole from the other listing (they keep the other's provenance) and
 * which it made of both (a union of lists, moved rows joining the survivor's own: the merge's, now).
 */
async function mergedValueOrigins(tx: Db, survivor: ListingRow, mergedFields: string[], moved: Record<string, unknown[]>) {
  const taken: string[] = [];
  const combined: string[] = [];
  for (const field of mergedFields) {
    const mine = (survivor as Record<string, unknown>)[field];
    (Array.isArray(mine) && mine.length ? combined : taken).push(field);
  }
  for (const [link, field] of Object.entries(CHILD_LIST_LINKS)) {
    const ids = moved[link];
    if (!ids?.length) continue;
    const [table] = link.split(".");
    const [{ n }] = (await execRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table!)} WHERE listing_id = ${survivor.id} AND NOT (id::text = ANY(${textArray(ids.map(String))}))`,
    )) as [{ n: number }];
    (n > 0 ? combined : taken).push(field);
  }
  return { taken, combined };
}

/** The listing's columns an undo writes back (the generated search vector follows by itself). */
const RESTORED_COLUMNS = Object.values(getTableColumns(listings))
  .filter((column) => !column.generated)
  .map((column) => column.name);

export interface MergeRequest {
  survivorId: string;
  mergedId: string;
  admin: { id: string } | null;
  score?: number | null;
  reasons?: string[];
  /** Test hook: called between the steps, so a test can fail a merge half-way. */
  onStep?: (step: string) => void;
}

export interface MergeResult {
  mergeId: string;
  survivor: { id: string; name: string; type: string; slug: string };
  merged: { id: string; name: string };
  mergedFields: string[];
  /** Survivor fields the company submitted that the merge kept, the other listing's values sent to review. */
  heldForReview: string[];
  conflictsResolved: string[];
  moved: Record<string, number>;
  fundingRoundsAfterMerge: number;
}

async function lockedRow(tx: Db, id: string): Promise<ListingRow> {
  const [row] = await tx.select().from(listings).where(eq(listings.id, id)).for("update");
  if (!row) notFound("Existing record not found");
  return row;
}

async function image(tx: Db, id: string): Promise<Record<string, unknown>> {
  const [row] = await execRows<{ j: Record<string, unknown> }>(
    tx,
    sql`SELECT to_jsonb(l.*) - 'search_vector' AS j FROM listings l WHERE id = ${id}`,
  );
  return row!.j;
}

export async function mergeDuplicate(database: Database, request: MergeRequest): Promise<MergeResult> {
  const { survivorId, mergedId, admin } = request;
  if (survivorId === mergedId) throw new AppError("bad_request", "A listing cannot be merged into itself.");
  const step = request.onStep ?? (() => {});
  const result = await database.db.transaction(async (tx) => {
    const survivor = await lockedRow(tx, survivorId);
    const merged = await lockedRow(tx, mergedId);
    if (merged.processingStatus === "merged") throw new AppError("conflict", `${merged.name} was already merged into another listing.`);
    if (survivor.processingStatus === "merged")
      throw new AppError("conflict", `${survivor.name} was merged into another listing; merge into that one.`);
    const [survivorBefore, mergedBefore] = [await image(tx, survivorId), await image(tx, mergedId)];

    const outcome = mergeListings(survivor, merged);
    // A value the survivor's company submitted stays; the other listing's goes to review (decision 0115).
    const heldForReview = await holdOwnerValues(tx, {
      listingId: survivorId,
      update: outcome.update as Record<string, unknown>,
      stored: survivor as unknown as Record<string, unknown>,
      origin: "merge",
      note: `Merge of ${merged.name} (${mergedId}) into this listing`,
      at: outcome.update.updatedAt!,
    });
    outcome.mergedFields = outcome.mergedFields.filter((f) => !heldForReview.includes(f));
    await tx.update(listings).set(outcome.update).where(eq(listings.id, survivorId));
    step("survivor updated");

    const moved: Record<string, Array<string | number>> = {};
    for (const [table, column, key] of LISTING_LINKS) {
      const rows = await execRows<{ k: string | number }>(
        tx,
        sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${survivorId} WHERE ${sql.identifier(column)} = ${mergedId} RETURNING ${sql.identifier(key)} AS k`,
      );
      if (rows.length) moved[`${table}.${column}`] = rows.map((r) => r.k);
      step(`moved ${table}.${column}`);
    }
    // A member who viewed both listings this month keeps one view of the survivor; the other is kept for the undo.
    const dropped = await execRows<Record<string, unknown>>(
      tx,
      sql`DELETE FROM listing_views v WHERE listing_id = ${mergedId}
          AND EXISTS (SELECT 1 FROM listing_views s WHERE s.listing_id = ${survivorId} AND s.user_id = v.user_id AND s.year = v.year AND s.month = v.month)
          RETURNING to_jsonb(v.*) AS row`,
    );
    const views = await execRows<{ user_id: string; year: number; month: number }>(
      tx,
      sql`UPDATE listing_views SET listing_id = ${survivorId} WHERE listing_id = ${mergedId} RETURNING user_id, year, month`,
    );
    if (views.length) moved["listing_views.listing_id"] = views.map((v) => `${v.user_id}|${v.year}|${v.month}`);
    step("moved views");

    const survivorSourcesBefore = await recordMergeSources(tx, {
      survivorId,
      mergedId,
      ...(await mergedValueOrigins(tx, survivor, outcome.mergedFields, moved)),
      at: outcome.update.updatedAt!,
      detail: `merged from ${merged.name} (${mergedId})`,
    });

    await tx
      .update(listings)
      .set({ processingStatus: "merged", mergedInto: survivorId, featured: false, updatedAt: new Date() })
      .where(eq(listings.id, mergedId));
    const [record] = await tx
      .insert(listingMerges)
      .values({
        survivorId,
        mergedId,
        survivorBefore,
        mergedBefore,
        survivorSourcesBefore,
        moved,
        dropped: dropped.length ? { listing_views: dropped.map((d) => d.row as Record<string, unknown>) } : {},
        mergedFields: outcome.mergedFields,
        score: request.score ?? null,
        reasons: request.reasons ?? [],
        mergedBy: admin?.id ?? null,
        // The survivor's updated_at as the merge wrote it: an undo sees any later edit as a different time.
        mergedAt: outcome.update.updatedAt!,
      })
      .returning({ id: listingMerges.id });
    const [{ n: rounds }] = (await execRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM funding_rounds WHERE listing_id = ${survivorId}`,
    )) as [{ n: number }];
    await recordAudit(tx, {
      operation: "merge_operation",
      source: admin ? "admin" : "system",
      action: "merged",
      companyName: survivor.name,
      recordId: survivorId,
      actorId: admin?.id ?? null,
      details: {
        mergeId: record!.id,
        existingRecordId: mergedId,
        mergedCompany: merged.name,
        similarity: request.score ?? null,
        matchReason: (request.reasons ?? []).join("; ") || null,
        mergedFields: outcome.mergedFields,
        conflictsResolved: outcome.conflictsResolved,
        ...(heldForReview.length ? { heldForReview } : {}),
      },
    });
    await setQueuedPairStatus(tx, [survivorId, mergedId], "merged", admin);
    step("recorded");
    return {
      mergeId: record!.id,
      survivor: { id: survivor.id, name: survivor.name, type: survivor.type, slug: survivor.slug },
      merged: { id: merged.id, name: merged.name },
      mergedFields: outcome.mergedFields,
      heldForReview,
      conflictsResolved: outcome.conflictsResolved,
      moved: Object.fromEntries(Object.entries(moved).map(([k, v]) => [k, v.length])),
      fundingRoundsAfterMerge: rounds,
    };
  });
  await announceChange(database, "listings");
  return result;
}

/**
 * Undoes a merge: both listings back to their before-images, every moved row back to the merged listing, the
 * dropped views restored. Refused when the survivor was edited or merged again since, because putting back the
 * before-image would silently lose that later work.
 */
export async function undoMerge(database: Database, { mergeId, admin }: { mergeId: string; admin: { id: string } | null }): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [record] = await tx.select().from(listingMerges).where(eq(listingMerges.id, mergeId)).for("update");
    if (!record) notFound("No such merge.");
    if (record.undoneAt) throw new AppError("conflict", "This merge was already undone.");
    const [later] = await execRows<{ id: string }>(
      tx,
      sql`SELECT id FROM listing_merges WHERE undone_at IS NULL AND merged_at > ${record.mergedAt.toISOString()}::timestamptz AND (survivor_id IN (${record.survivorId}, ${record.mergedId}) OR merged_id IN (${record.survivorId}, ${record.mergedId})) LIMIT 1`,
    );
    if (later) throw new AppError("conflict", "A later merge involves these listings: undo that one first.");
    const survivor = await lockedRow(tx, record.survivorId);
    if (survivor.updatedAt.getTime() !== record.mergedAt.getTime())
      throw new AppError("conflict", `${survivor.name} was edited after the merge; undoing it would lose those edits.`);

    for (const [table, column, key] of LISTING_LINKS) {
      const ids = record.moved[`${table}.${column}`];
      if (!ids?.length) continue;
      await execRows(
        tx,
        sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${record.mergedId} WHERE ${sql.identifier(key)}::text = ANY(${textArray(ids.map(String))})`,
      );
    }
    const views = record.moved["listing_views.listing_id"] ?? [];
    for (const view of views) {
      const [userId, year, month] = String(view).split("|");
      await execRows(
        tx,
        sql`UPDATE listing_views SET listing_id = ${record.mergedId} WHERE listing_id = ${record.survivorId} AND user_id = ${userId} AND year = ${Number(year)} AND month = ${Number(month)}`,
      );
    }
    for (const row of record.dropped.listing_views ?? []) {
      await execRows(
        tx,
        sql`INSERT INTO listing_views SELECT * FROM jsonb_populate_record(NULL::listing_views, ${JSON.stringify(row)}::jsonb)`,
      );
    }
    const columns = sql.join(
      RESTORED_COLUMNS.filter((c) => c !== "id").map((c) => sql.identifier(c)),
      sql`, `,
    );
    for (const [id, before] of [
      [record.survivorId, record.survivorBefore],
      [record.mergedId, record.mergedBefore],
    ] as const) {
      await execRows(
        tx,
        sql`UPDATE listings SET (${columns}) = (SELECT ${columns} FROM jsonb_populate_record(NULL::listings, ${JSON.stringify(before)}::jsonb)) WHERE id = ${id}`,
      );
    }
    await restoreFieldSources(tx, record.survivorId, record.survivorSourcesBefore as FieldSources | null);
    await tx
      .update(listingMerges)
      .set({ undoneAt: new Date(), undoneBy: admin?.id ?? null })
      .where(eq(listingMerges.id, mergeId));
    await setQueuedPairStatus(tx, [record.survivorId, record.mergedId], "open", admin);
    await recordAudit(tx, {
      operation: "merge_operation",
      source: admin ? "admin" : "system",
      action: "undone",
      companyName: survivor.name,
      recordId: record.survivorId,
      actorId: admin?.id ?? null,
      details: { mergeId, existingRecordId: record.mergedId },
    });
  });
  await announceChange(database, "listings");
}

/** Where a merged-away listing's old address leads: its survivor (following a chain of merges), or null. */
export async function survivorOf({ db }: Database, type: string, slug: string): Promise<{ type: string; slug: string } | null> {
  const [row] = await db
    .select({ mergedInto: listings.mergedInto })
    .from(listings)
    .where(sql`${listings.type} = ${type} AND ${listings.slug} = ${slug} AND ${listings.processingStatus} = 'merged'`)
    .limit(1);
  let next = row?.mergedInto ?? null;
  for (let hops = 0; next && hops < 10; hops++) {
    const [target] = await db
      .select({ type: listings.type, slug: listings.slug, status: listings.processingStatus, mergedInto: listings.mergedInto })
      .from(listings)
      .where(eq(listings.id, next))
      .limit(1);
    if (!target) return null;
    if (target.status !== "merged") return { type: target.type, slug: target.slug };
    next = target.mergedInto;
  }
  return null;
}
