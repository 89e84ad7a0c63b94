/**
 * Test code only: a database in the demo's pre-migration state (one record per primary name, no key) plus a
 * provider-named record "Health Care" that belongs where "Healthcare" goes, used by two listings and a feature
 * application; and snapshots to compare it with, column for column.
 */
import { eq, sql } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import { seedListings } from "#demo/seed-database.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { getJob } from "~/lib/job-queue.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { runIndustriesMigrationJob } from "./industries-migration-job.server.ts";
import { INDUSTRIES_MIGRATION_JOB, startIndustriesMigration } from "./migration-jobs.server.ts";
import type { MigrationRun } from "./migration-run.ts";

export const admin = { id: "admin-taxonomy" };

export interface Snapshot {
  industries: unknown[];
  listings: Record<string, number[]>;
  applications: Record<string, number[]>;
}

export async function snapshot(database: Database): Promise<Snapshot> {
  const industries = await database.rows<{ row: unknown }>(sql`SELECT to_jsonb(i) AS row FROM industries i ORDER BY id`);
  const listings = await database.rows<{ id: string; ids: number[] }>(sql`SELECT id, industry_ids AS ids FROM listings ORDER BY id`);
  const applications = await database.rows<{ id: string; ids: number[] }>(
    sql`SELECT id, industry_ids AS ids FROM feature_applications ORDER BY id`,
  );
  return {
    industries: industries.map((r) => r.row),
    listings: Object.fromEntries(listings.map((l) => [l.id, l.ids])),
    applications: Object.fromEntries(applications.map((a) => [a.id, a.ids])),
  };
}

/** Each listing's industries by name: what a visitor sees. */
export async function listingIndustryNames(database: Database): Promise<Record<string, string[]>> {
  const rows = await database.rows<{ id: string; names: string[] }>(sql`
    SELECT l.id, coalesce(array_agg(i.name ORDER BY t.n) FILTER (WHERE i.id IS NOT NULL), '{}') AS names
    FROM listings l LEFT JOIN LATERAL unnest(l.industry_ids) WITH ORDINALITY AS t(x, n) ON true
    LEFT JOIN industries i ON i.id = t.x GROUP BY l.id`);
  return Object.fromEntries(rows.map((r) => [r.id, r.names]));
}

async function industryId(database: Database, name: string): Promise<number> {
  const [row] = await database.db.select({ id: s.industries.id }).from(s.industries).where(eq(s.industries.name, name));
  return row!.id;
}

/** Queues a migration and lets a worker run it, as the server does. */
export async function migrate(database: Database): Promise<{ status: string; run: MigrationRun }> {
  const job = await startIndustriesMigration(database, admin);
  await new JobWorker(database, { [INDUSTRIES_MIGRATION_JOB]: runIndustriesMigrationJob }).tick();
  const done = (await getJob(database, job.id))!;
  return { status: done.status, run: done.processedOutput as MigrationRun };
}

export interface PreMigration {
  database: Database;
  ids: { healthCare: number; healthcare: number; fintech: number };
  applicationId: string;
  original: Snapshot;
  originalNames: Record<string, string[]>;
}

export async function openPreMigrationDatabase(): Promise<PreMigration> {
  const database = await openTestDatabase();
  await seedListings(database, 60);
  await insertMember(database, admin.id, "premium", "admin");
  const [added] = await database.db.insert(s.industries).values({ name: "Health Care" }).returning({ id: s.industries.id });
  const ids = {
    healthCare: added!.id,
    healthcare: await industryId(database, "Healthcare"),
    fintech: await industryId(database, "FinTech"),
  };
  const [first, second] = await database.db.select({ id: s.listings.id }).from(s.listings).orderBy(s.listings.id).limit(2);
  await database.db
    .update(s.listings)
    .set({ industryIds: [ids.healthCare, ids.healthcare] })
    .where(eq(s.listings.id, first!.id));
  await database.db
    .update(s.listings)
    .set({ industryIds: [ids.fintech, ids.healthCare] })
    .where(eq(s.listings.id, second!.id));
  const [application] = await database.db
    .insert(s.featureApplications)
    .values({
      type: "startup",
      name: "Applicant",
      websiteUrl: "https://applicant.example",
      tagline: "t",
      description: "d",
      contactName: "A",
      contactEmail: "a@applicant.example",
      industryIds: [ids.healthCare, ids.fintech],
    })
    .returning({ id: s.featureApplications.id });
  return {
    database,
    ids,
    applicationId: application!.id,
    original: await snapshot(database),
    originalNames: await listingIndustryNames(database),
  };
}
