/**
 * The migration's backup (step 1) and its restore. A backup is one `industry_backups` row taken in a single
 * statement (one snapshot): every industries row column for column, and the industry ids of every listing and
 * feature application that has any. Applications share the listings' map under an "application:" prefix (their
 * ids are UUIDs too; the table has no column of its own for them, see decision 0020).
 */
import { desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { users } from "#db/schema/accounts.ts";
import { industryBackups } from "#db/schema/taxonomy.ts";
import { recordAudit } from "../audit/audit-log.server.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import { execRows, type Database, type Db } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { findActiveMigration, MIGRATION_ALREADY_RUNNING } from "./migration-jobs.server.ts";

type Writer = Pick<Db, "execute">;

const APPLICATION_PREFIX = "application:";

export interface BackupTaken {
  id: string;
  createdAt: Date;
  industries: number;
  listings: number;
}

export async function createIndustryBackup(db: Writer, createdBy: string | null): Promise<BackupTaken> {
  const [row] = await execRows<{ id: string; created_at: string | Date; industries: number; listings: number }>(
    db,
    sql`
      INSERT INTO industry_backups (created_by, industries, listing_industries)
      SELECT ${createdBy},
        (SELECT coalesce(jsonb_agg(to_jsonb(i) ORDER BY i.id), '[]'::jsonb) FROM industries i),
        (SELECT coalesce(jsonb_object_agg(l.id::text, to_jsonb(l.industry_ids)), '{}'::jsonb)
           FROM listings l WHERE cardinality(l.industry_ids) > 0)
        || (SELECT coalesce(jsonb_object_agg(${APPLICATION_PREFIX} || a.id::text, to_jsonb(a.industry_ids)), '{}'::jsonb)
           FROM feature_applications a WHERE cardinality(a.industry_ids) > 0)
      RETURNING id, created_at, jsonb_array_length(industries) AS industries,
        (SELECT count(*) FROM jsonb_object_keys(listing_industries) k WHERE k NOT LIKE ${`${APPLICATION_PREFIX}%`})::int AS listings`,
  );
  return { id: row!.id, createdAt: new Date(row!.created_at), industries: Number(row!.industries), listings: Number(row!.listings) };
}

export interface BackupSummary {
  id: string;
  createdAt: string;
  createdBy: string | null;
  industries: number;
  listings: number;
  restoredAt: string | null;
  restoredBy: string | null;
}

/** The latest backups, newest first, with who took and who restored them. */
export async function listIndustryBackups({ db }: Database, limit = 10): Promise<BackupSummary[]> {
  const creator = alias(users, "creator");
  const restorer = alias(users, "restorer");
  const rows = await db
    .select({
      id: industryBackups.id,
      createdAt: industryBackups.createdAt,
      createdBy: creator.name,
      industries: sql<number>`jsonb_array_length(${industryBackups.industries})`,
      listings: sql<number>`(SELECT count(*) FROM jsonb_object_keys(${industryBackups.listingIndustries}) k WHERE k NOT LIKE ${`${APPLICATION_PREFIX}%`})`,
      restoredAt: industryBackups.restoredAt,
      restoredBy: restorer.name,
    })
    .from(industryBackups)
    .leftJoin(creator, eq(creator.id, industryBackups.createdBy))
    .leftJoin(restorer, eq(restorer.id, industryBackups.restoredBy))
    .orderBy(desc(industryBackups.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    industries: Number(r.industries),
    listings: Number(r.listings),
    createdAt: r.createdAt.toISOString(),
    restoredAt: r.restoredAt?.toISOString() ?? null,
  }));
}

/** After the taxonomy changed: reference lists, directory pages and the directory index read it again. */
export function announceTaxonomyChange(database: Database): Promise<void> {
  return announceChange(database, ["reference-lists", "listings"]);
}

/** Keeps, in order, only the ids of industries that exist (for rows the backup does not cover). */
const KEEP_EXISTING = sql`ARRAY(SELECT x FROM unnest(industry_ids) WITH ORDINALITY AS t(x, n)
  WHERE x IN (SELECT id FROM industries) ORDER BY n)`;

/**
 * Puts the industries and every listing's and application's industry ids back exactly as the backup has them, in
 * one transaction. Rows the backup does not cover (created since) keep the ids that still exist. Refused while a
 * migration is queued or running.
 */
export async function restoreIndustryBackup(
  database: Database,
  backupId: string,
  admin: { id: string },
): Promise<{ industries: number; listings: number }> {
  if (await findActiveMigration(database)) throw new AppError("conflict", MIGRATION_ALREADY_RUNNING);
  const outcome = await database.db.transaction(async (tx) => {
    const [backup] = await tx.select().from(industryBackups).where(eq(industryBackups.id, backupId)).for("update");
    if (!backup) notFound("No such backup: it may have been deleted.");
    const map = backup.listingIndustries;
    const rows = JSON.stringify(backup.industries);
    const ids = JSON.stringify(Object.fromEntries(Object.entries(map).filter(([k]) => !k.startsWith(APPLICATION_PREFIX))));
    const applicationIds = JSON.stringify(
      Object.fromEntries(
        Object.entries(map)
          .filter(([k]) => k.startsWith(APPLICATION_PREFIX))
          .map(([k, v]) => [k.slice(APPLICATION_PREFIX.length), v]),
      ),
    );
    // Nothing references industries by foreign key (listings hold id arrays): the rows are replaced whole.
    await tx.execute(sql`DELETE FROM industries`);
    await tx.execute(sql`INSERT INTO industries SELECT * FROM jsonb_populate_recordset(NULL::industries, ${rows}::jsonb)`);
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence('industries', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM industries), false)`,
    );
    const restored = await execRows<{ id: string }>(
      tx,
      sql`UPDATE listings l SET industry_ids = ARRAY(SELECT jsonb_array_elements_text(b.value)::int)
          FROM jsonb_each(${ids}::jsonb) b WHERE l.id = b.key::uuid RETURNING l.id`,
    );
    await tx.execute(sql`UPDATE listings SET industry_ids = ${KEEP_EXISTING}
      WHERE cardinality(industry_ids) > 0 AND id NOT IN (SELECT k::uuid FROM jsonb_object_keys(${ids}::jsonb) k)`);
    await tx.execute(sql`UPDATE feature_applications a SET industry_ids = ARRAY(SELECT jsonb_array_elements_text(b.value)::int)
      FROM jsonb_each(${applicationIds}::jsonb) b WHERE a.id = b.key::uuid`);
    await tx.execute(sql`UPDATE feature_applications SET industry_ids = ${KEEP_EXISTING}
      WHERE cardinality(industry_ids) > 0 AND id NOT IN (SELECT k::uuid FROM jsonb_object_keys(${applicationIds}::jsonb) k)`);
    await tx.update(industryBackups).set({ restoredAt: new Date(), restoredBy: admin.id }).where(eq(industryBackups.id, backupId));
    const result = { industries: backup.industries.length, listings: restored.length };
    await recordAudit(tx, {
      operation: "industries_migration",
      source: "admin",
      action: "restored",
      companyName: "Industries backup",
      recordId: `industry_backups:${backupId}`,
      actorId: admin.id,
      details: { table: "industries", backupId, takenAt: backup.createdAt.toISOString(), ...result },
    });
    return result;
  });
  await announceTaxonomyChange(database);
  return outcome;
}
