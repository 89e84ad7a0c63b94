/**
 * The report on real databases: a fresh one is complete; a throwaway one loses a column, a table and a migration
 * record, and the report names each and the migration that puts it back.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { industries } from "#db/schema/reference.ts";
import type { Database } from "~/lib/db.server.ts";
import { readCommittedMigrations } from "./migration-files.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { getDatabaseReport } from "./database-schema.server.ts";

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function fresh(): Promise<Database> {
  database = await openTestDatabase();
  return database;
}

const LAST_MIGRATION = "0010_seo_and_taxonomy_migration";

describe("getDatabaseReport", () => {
  it("finds every table and column of the schema, every migration applied, and nothing to fix on a fresh database", async () => {
    const report = await getDatabaseReport(await fresh());
    expect(report.tables.length).toBeGreaterThanOrEqual(34);
    expect(report.tables.filter((t) => !t.exists)).toEqual([]);
    expect(report.tables.flatMap((t) => t.columns.filter((c) => c.state !== "exists").map((c) => `${t.name}.${c.name}`))).toEqual([]);
    expect(report.migrations.every((m) => m.state === "applied")).toBe(true);
    expect(report.quickFixes).toEqual([]);
    expect(report.extraTables).toEqual([]);
    const listings = report.tables.find((t) => t.name === "listings")!;
    expect(listings).toMatchObject({ specName: "Companies", method: "information_schema", records: { n: 0 } });
    expect(listings.columns.find((c) => c.name === "funding_amount")).toMatchObject({
      expectedType: "numeric(18, 2)",
      detectedType: "numeric(18,2)",
    });
    expect(report.companies).toMatchObject({ table: "listings", known: 50, matched: 48, notDetected: ["UserLink", "AIAgentExecutions"] });
    expect(report.info.find((i) => i.label === "Migrations")?.value).toMatch(/^(\d+) of \1 applied$/);
  });

  it("counts small tables exactly and gives the planner's estimate, said so, for big ones", async () => {
    const db = await fresh();
    await db.db.insert(industries).values([{ name: "AI: Agents" }, { name: "AI: Vision" }, { name: "FinTech: Payments" }]);
    await db.rows(sql`ANALYZE industries`);
    const exact = await getDatabaseReport(db);
    expect(exact.tables.find((t) => t.name === "industries")?.records).toEqual({ n: 3 });
    const estimated = await getDatabaseReport(db, { exactCountBelow: 2 });
    expect(estimated.tables.find((t) => t.name === "industries")?.records).toEqual({ n: 3, estimated: true });
    expect(estimated.tables.find((t) => t.name === "countries")?.records).toEqual({ n: 0 });
  });

  it("reports a dropped column missing, with the migration that adds it and the statement to put it back", async () => {
    const db = await fresh();
    await db.rows(sql`ALTER TABLE listings DROP COLUMN noindex`);
    const report = await getDatabaseReport(db);
    const listings = report.tables.find((t) => t.name === "listings")!;
    expect(listings.columns.find((c) => c.name === "noindex")).toMatchObject({
      state: "missing",
      expectedType: "boolean",
      detectedType: null,
    });
    expect(report.quickFixes).toHaveLength(1);
    expect(report.quickFixes[0]).toMatchObject({
      severity: "error",
      text: expect.stringContaining(`Column listings.noindex is missing although it is created by migration ${LAST_MIGRATION}`),
      code: ['ALTER TABLE "listings" ADD COLUMN "noindex" boolean DEFAULT false NOT NULL;'],
    });
    // The companies comparison reads the same columns.
    expect(report.companies?.mapping.extra).not.toContain("noindex");
    // The statement given does put it back.
    await db.rows(sql.raw(report.quickFixes[0]!.code![0]!));
    expect((await getDatabaseReport(db)).quickFixes).toEqual([]);
  });

  it("reports a dropped table missing with its creating migration, and a table outside the schema", async () => {
    const db = await fresh();
    await db.rows(sql`DROP TABLE used_proofs`);
    await db.rows(sql`CREATE TABLE scratch (id int)`);
    const report = await getDatabaseReport(db);
    expect(report.tables.find((t) => t.name === "used_proofs")).toMatchObject({ exists: false, records: null });
    expect(report.quickFixes.map((f) => f.text)).toEqual([
      expect.stringMatching(/^Table used_proofs is missing although it is created by migration 0006_introductions_and_applications/),
      expect.stringMatching(/Tables outside our schema .*: scratch\.$/),
    ]);
    expect(report.quickFixes[0]?.code?.[0]).toMatch(/^CREATE TABLE "used_proofs"/);
    expect(report.extraTables).toEqual(["scratch"]);
  });

  it("reports a migration the database has not recorded as pending, with the restart that applies it", async () => {
    const db = await fresh();
    await db.rows(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    const report = await getDatabaseReport(db);
    const newest = (await readCommittedMigrations()).at(-1)!.tag;
    expect(report.migrations.at(-1)).toEqual({ tag: newest, state: "pending", changedSinceApplied: false });
    expect(report.quickFixes.map((f) => f.text)).toContainEqual(
      expect.stringMatching(new RegExp(`^Migration ${newest} has not been applied: restart the server`)),
    );
    expect(report.info.find((i) => i.label === "Migrations")?.value).toMatch(/^(\d+) of (\d+) applied$/);
  });
});
