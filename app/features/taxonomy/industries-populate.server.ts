/**
 * The migration's populate step (spec 02 §4), one transaction per batch so that a failure leaves every committed
 * batch consistent (each listing points at records that exist) and the failed batch as it was.
 *
 * First the old records (those without a key) take their place in the taxonomy: a record whose place is free is
 * renamed in place (its id, and so every listing that uses it, stays), keeping its old name in pre_migration_name;
 * one whose place is taken is folded into the record there: its listings and applications move to that id and it
 * is deleted (the backup holds it). Then each primary category's records are written by key: created when
 * missing, brought in line when they differ, left alone when they already are (a second run changes nothing).
 */
import { sql } from "drizzle-orm";
import { execRows, textArray, type Database, type Db } from "~/lib/db.server.ts";
import { mapIndustryRecord } from "./map-industry-record.ts";
import { industryName, recordsOf, type PrimaryCategory } from "./taxonomy.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const OLD_RECORDS_PER_BATCH = 25;

interface OldRecord {
  id: number;
  name: string;
  primary_category: string | null;
  secondary_category: string | null;
  industry_key: string | null;
}

export interface Mapping {
  from: string;
  to: string;
  confidence: string;
  merged: boolean;
}

/** Replaces one id by another in a table's industry_ids, keeping the order and each id once. */
async function repoint(tx: Tx, table: "listings" | "feature_applications", from: number, to: number): Promise<number> {
  const rows = await execRows<{ id: string }>(
    tx,
    sql`UPDATE ${sql.identifier(table)} SET industry_ids = ARRAY(
          SELECT x FROM unnest(array_replace(industry_ids, ${from}::int, ${to}::int)) WITH ORDINALITY AS t(x, n)
          GROUP BY x ORDER BY min(n))
        WHERE industry_ids @> ARRAY[${from}::int] RETURNING id`,
  );
  return rows.length;
}

/** The ids of the next batch of old records, read before its transaction so a failed batch can be stepped over. */
export async function nextOldBatch(database: Database, afterId: number): Promise<number[]> {
  const rows = await database.rows<{ id: number }>(
    sql`SELECT id FROM industries WHERE industry_key IS NULL AND id > ${afterId} ORDER BY id LIMIT ${OLD_RECORDS_PER_BATCH}`,
  );
  return rows.map((r) => Number(r.id));
}

export async function countOldRecords(database: Database): Promise<number> {
  const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM industries WHERE industry_key IS NULL`);
  return Number(row?.n ?? 0);
}

/** Maps one batch of old records into the taxonomy, in one transaction. */
export async function migrateOldRecords(
  database: Database,
  ids: number[],
  backupAt: Date,
): Promise<{ updated: number; merged: number; listingsMoved: number; mappings: Mapping[] }> {
  return database.db.transaction(async (tx) => {
    const outcome = { updated: 0, merged: 0, listingsMoved: 0, mappings: [] as Mapping[] };
    for (const id of ids) {
      // Read one at a time: an earlier record of the batch may have made this one the holder of its place.
      const [old] = await execRows<OldRecord>(
        tx,
        sql`SELECT id, name, primary_category, secondary_category, industry_key FROM industries
            WHERE id = ${id} AND industry_key IS NULL FOR UPDATE`,
      );
      if (!old) continue;
      const match = mapIndustryRecord({
        name: old.name,
        primaryCategory: old.primary_category,
        secondaryCategory: old.secondary_category,
        industryKey: old.industry_key,
      });
      const name = industryName(match.primary, match.secondary);
      const place = sql`name = ${name}, primary_category = ${match.primary}, secondary_category = ${match.secondary},
        industry_key = ${match.key}, leads_on_trees_source = true, last_updated = now()`;
      const [holder] = await execRows<{ id: number }>(
        tx,
        sql`SELECT id FROM industries WHERE id <> ${old.id} AND (industry_key = ${match.key} OR lower(name) = lower(${name}))
            ORDER BY (industry_key = ${match.key}) DESC NULLS LAST LIMIT 1 FOR UPDATE`,
      );
      if (holder) {
        const target = Number(holder.id);
        outcome.listingsMoved += await repoint(tx, "listings", old.id, target);
        await repoint(tx, "feature_applications", old.id, target);
        await tx.execute(sql`DELETE FROM industries WHERE id = ${old.id}`);
        // The holder keeps its own history, unless it was an old record too (then this is its migration).
        await tx.execute(sql`UPDATE industries SET ${place}, mapping_confidence = coalesce(mapping_confidence, ${match.confidence}),
            pre_migration_name = CASE WHEN industry_key IS NULL THEN name ELSE pre_migration_name END,
            migration_backup = CASE WHEN industry_key IS NULL THEN ${backupAt.toISOString()}::timestamptz ELSE migration_backup END
          WHERE id = ${target}`);
        outcome.merged += 1;
      } else {
        await tx.execute(sql`UPDATE industries SET ${place}, mapping_confidence = ${match.confidence}, pre_migration_name = ${old.name},
            migration_backup = ${backupAt.toISOString()}::timestamptz
          WHERE id = ${old.id}`);
        outcome.updated += 1;
      }
      outcome.mappings.push({ from: old.name, to: name, confidence: match.confidence, merged: Boolean(holder) });
    }
    return outcome;
  });
}

interface ExistingRow {
  id: number;
  name: string;
  primary_category: string | null;
  secondary_category: string | null;
  industry_key: string | null;
  leads_on_trees_source: boolean;
  mapping_confidence: string | null;
}

/** Writes one primary category's records by key, in one transaction: created, updated, or left as they are. */
export async function writePrimaryRecords(database: Database, primary: PrimaryCategory): Promise<{ created: number; updated: number }> {
  const records = recordsOf(primary);
  return database.db.transaction(async (tx) => {
    const keys = textArray(records.map((r) => r.key));
    const names = textArray(records.map((r) => r.name.toLowerCase()));
    const existing = await execRows<ExistingRow>(
      tx,
      sql`SELECT id, name, primary_category, secondary_category, industry_key, leads_on_trees_source, mapping_confidence
          FROM industries WHERE industry_key = ANY(${keys}) OR lower(name) = ANY(${names}) ORDER BY id FOR UPDATE`,
    );
    let created = 0;
    let updated = 0;
    for (const r of records) {
      const row = existing.find((e) => e.industry_key === r.key) ?? existing.find((e) => e.name.toLowerCase() === r.name.toLowerCase());
      if (!row) {
        await tx.execute(sql`INSERT INTO industries (name, primary_category, secondary_category, industry_key, leads_on_trees_source, mapping_confidence)
          VALUES (${r.name}, ${r.primary}, ${r.secondary}, ${r.key}, true, 'exact')`);
        created += 1;
        continue;
      }
      const inLine =
        row.name === r.name &&
        row.primary_category === r.primary &&
        row.secondary_category === r.secondary &&
        row.industry_key === r.key &&
        row.leads_on_trees_source &&
        row.mapping_confidence !== null;
      if (inLine) continue;
      await tx.execute(sql`UPDATE industries SET name = ${r.name}, primary_category = ${r.primary}, secondary_category = ${r.secondary},
          industry_key = ${r.key}, leads_on_trees_source = true, mapping_confidence = coalesce(mapping_confidence, 'exact'),
          last_updated = now()
        WHERE id = ${row.id}`);
      updated += 1;
    }
    return { created, updated };
  });
}
