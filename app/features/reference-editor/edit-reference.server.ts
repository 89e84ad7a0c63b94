/**
 * Adding, editing and deleting reference values (issue 5 §1). Each change commits with its audit entry, and is
 * announced, so the caches that hold the lists (on every app server) are dropped at once: the directory, its filters
 * and profiles show it on the next request instead of after their time to live.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import { toGatedField } from "../access/field-name.ts";
import { recordAudit } from "../audit/audit-log.server.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database, Db } from "~/lib/db.server.ts";
import { notFound } from "~/lib/errors.ts";
import type { FieldErrors } from "~/lib/form-parse.ts";
import { LISTS, usageMessage, type ListSlug } from "./reference-lists.ts";
import { parseListForm, type ListColumns, type ListFormValues } from "./reference-schemas.ts";
import { LIST_TABLES, usageOf } from "./reference-tables.server.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type EditOutcome =
  { ok: true; id: number; name: string } | { ok: false; message: string; errors: FieldErrors<string>; values: ListFormValues };

export type DeleteOutcome = { ok: true; name: string } | { ok: false; message: string };

interface Admin {
  id: string;
}

const FIX_FIELDS = "Please correct the highlighted fields.";

/** A constraint broken by a concurrent edit, reported by either driver (PGlite or postgres.js) with its SQLSTATE. */
function sqlState(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^\d{5}$/.test(code)) return code;
  }
  return null;
}

async function findRow(tx: Tx, list: ListSlug, id: number): Promise<Record<string, unknown> | null> {
  const { table } = LIST_TABLES[list];
  const [row] = (await tx.select().from(table).where(eq(table.id, id)).limit(1)) as Array<Record<string, unknown>>;
  return row ?? null;
}

/** Messages for values another row already holds (compared without case), keyed by form field. */
async function conflicts(tx: Tx, list: ListSlug, data: ListColumns, id: number | null): Promise<FieldErrors<string>> {
  const { table, nameColumn, unique } = LIST_TABLES[list];
  const errors: FieldErrors<string> = {};
  const others = id === null ? undefined : ne(table.id, id);
  for (const { key, field, column, conflict } of unique) {
    const value = data[key];
    if (typeof value !== "string" || errors[field]) continue;
    const [other] = await tx
      .select({ name: nameColumn })
      .from(table)
      .where(and(sql`lower(${column}) = lower(${value})`, others))
      .limit(1);
    if (other) errors[field] = conflict(value, String(other.name));
  }
  if (list === "field-rules") {
    // Imported rules may be named "Revenue Range": what counts is the field the name normalises to.
    const rules = await tx.select().from(s.fieldVisibilityRules);
    if (rules.some((r) => r.id !== id && toGatedField(r.fieldName) === data.fieldName))
      errors.fieldName = `There is already a rule for ${String(data.fieldName)}: edit that one.`;
  }
  if (list === "countries" && data.geographyId !== null) {
    const [geo] = await tx
      .select({ id: s.geographies.id })
      .from(s.geographies)
      .where(eq(s.geographies.id, Number(data.geographyId)));
    if (!geo) errors.geographyId = "Choose a geography from the list.";
  }
  return errors;
}

/** After a commit: every cache holding reference names or field rules reads the tables again. */
function announceEdit(database: Database, list: ListSlug): Promise<void> {
  return announceChange(database, list === "field-rules" ? "field-rules" : "reference-lists");
}

async function write(
  database: Database,
  list: ListSlug,
  id: number | null,
  input: Record<string, unknown>,
  admin: Admin,
): Promise<EditOutcome> {
  const parsed = parseListForm(list, input);
  if (!parsed.ok) return { ok: false, message: FIX_FIELDS, errors: parsed.errors, values: parsed.values };
  const definition = LISTS[list];
  const { table, stamped } = LIST_TABLES[list];
  const values = Object.fromEntries(definition.fields.map((f) => [f.name, typeof input[f.name] === "string" ? String(input[f.name]) : ""]));
  try {
    const outcome = await database.db.transaction(async (tx): Promise<EditOutcome> => {
      const before = id === null ? null : await findRow(tx, list, id);
      if (id !== null && !before) notFound(`No such ${definition.singular}: it may have been deleted.`);
      const errors = await conflicts(tx, list, parsed.data, id);
      if (Object.keys(errors).length > 0) return { ok: false, message: FIX_FIELDS, errors, values };
      const columns = { ...parsed.data, ...(stamped ? { lastUpdated: new Date() } : {}) };
      const [after] = (
        id === null
          ? await tx
              .insert(table)
              .values(columns as never)
              .returning()
          : await tx
              .update(table)
              .set(columns as never)
              .where(eq(table.id, id))
              .returning()
      ) as Array<Record<string, unknown>>;
      const name = String(after![definition.nameField]);
      await recordAudit(tx, {
        operation: "reference_edit",
        source: "admin",
        action: id === null ? "created" : "updated",
        companyName: name,
        recordId: `${definition.table}:${String(after!.id)}`,
        actorId: admin.id,
        details: { table: definition.table, before, after },
      });
      return { ok: true, id: Number(after!.id), name };
    });
    if (outcome.ok) await announceEdit(database, list);
    return outcome;
  } catch (error) {
    // Two operators saving the same name at once: the loser gets the message beside the field, not a 500.
    if (sqlState(error) === "23505")
      return { ok: false, message: FIX_FIELDS, errors: { [definition.nameField]: "Another row was just saved with this value." }, values };
    throw error;
  }
}

export function createReferenceValue(database: Database, list: ListSlug, input: Record<string, unknown>, admin: Admin) {
  return write(database, list, null, input, admin);
}

export function updateReferenceValue(database: Database, list: ListSlug, id: number, input: Record<string, unknown>, admin: Admin) {
  return write(database, list, id, input, admin);
}

/** Deletes a value nothing uses; a used one is refused with how many rows use it. */
export async function deleteReferenceValue(database: Database, list: ListSlug, id: number, admin: Admin): Promise<DeleteOutcome> {
  const definition = LISTS[list];
  const { table } = LIST_TABLES[list];
  try {
    const outcome = await database.db.transaction(async (tx): Promise<DeleteOutcome> => {
      const before = await findRow(tx, list, id);
      if (!before) notFound(`No such ${definition.singular}: it may have been deleted already.`);
      const refusal = usageMessage(await usageOf(tx, list, id));
      if (refusal) return { ok: false, message: refusal };
      await tx.delete(table).where(eq(table.id, id));
      const name = String(before[definition.nameField]);
      await recordAudit(tx, {
        operation: "reference_edit",
        source: "admin",
        action: "deleted",
        companyName: name,
        recordId: `${definition.table}:${id}`,
        actorId: admin.id,
        details: { table: definition.table, before, after: null },
      });
      return { ok: true, name };
    });
    if (outcome.ok) await announceEdit(database, list);
    return outcome;
  } catch (error) {
    // A listing took the value between the count and the delete: its foreign key refuses.
    if (sqlState(error) === "23503") return { ok: false, message: "It was just put to use: remove it from the listings first." };
    throw error;
  }
}
