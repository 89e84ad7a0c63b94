import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { migrationOrigins, migrationStatus, type CommittedMigration } from "./migrations.ts";

const committed = (tag: string, when: number): CommittedMigration => ({ tag, when, hash: `h-${tag}`, sql: "" });
const THREE = [committed("0000_a", 100), committed("0001_b", 200), committed("0002_c", 300)];

describe("migrationStatus", () => {
  it("marks everything applied when the database recorded each migration", () => {
    const summary = migrationStatus(
      THREE,
      THREE.map((m) => ({ hash: m.hash, createdAt: m.when })),
    );
    expect(summary).toMatchObject({ applied: 3, committed: 3, unknownApplied: 0 });
    expect(summary.migrations.every((m) => m.state === "applied" && !m.changedSinceApplied)).toBe(true);
  });

  it("calls newer migrations pending and an unrecorded older one skipped, as Drizzle's migrator would treat them", () => {
    const summary = migrationStatus(THREE, [{ hash: "h-0001_b", createdAt: 200 }]);
    expect(summary.migrations.map((m) => `${m.tag}:${m.state}`)).toEqual(["0000_a:skipped", "0001_b:applied", "0002_c:pending"]);
    expect(summary.applied).toBe(1);
  });

  it("treats an empty migrations table as everything pending", () => {
    expect(migrationStatus(THREE, []).migrations.map((m) => m.state)).toEqual(["pending", "pending", "pending"]);
  });

  it("notices a migration file edited after it ran, and applied migrations this build does not know", () => {
    const summary = migrationStatus(THREE, [
      { hash: "h-0000_a", createdAt: 100 },
      { hash: "old-hash", createdAt: 200 },
      { hash: "h-0002_c", createdAt: 300 },
      { hash: "h-0003_future", createdAt: 400 },
    ]);
    expect(summary.migrations.map((m) => m.changedSinceApplied)).toEqual([false, true, false]);
    expect(summary.unknownApplied).toBe(1);
  });
});

describe("migrationOrigins", () => {
  it("finds the migration and statement that created a table or column, the last one winning", () => {
    const origins = migrationOrigins([
      {
        tag: "0001_init",
        sql: 'CREATE TABLE "things" (\n\t"id" serial PRIMARY KEY NOT NULL,\n\t"name" text NOT NULL,\n\tCONSTRAINT "things_name_unique" UNIQUE("name")\n);\n--> statement-breakpoint\nCREATE INDEX "things_name_idx" ON "things" USING btree ("name");',
      },
      {
        tag: "0002_more",
        sql: 'ALTER TABLE "things" ADD COLUMN "colour" text DEFAULT \'blue\' NOT NULL;--> statement-breakpoint\nALTER TABLE "things" RENAME COLUMN "name" TO "title";--> statement-breakpoint\nDROP INDEX "things_name_idx";',
      },
    ]);
    expect(origins.tables.get("things")).toEqual({ tag: "0001_init", statements: [expect.stringMatching(/^CREATE TABLE "things" \(/)] });
    expect(origins.columns.get("things.id")).toEqual({
      tag: "0001_init",
      statements: ['ALTER TABLE "things" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;'],
    });
    expect(origins.columns.get("things.colour")).toEqual({
      tag: "0002_more",
      statements: ['ALTER TABLE "things" ADD COLUMN "colour" text DEFAULT \'blue\' NOT NULL;'],
    });
    expect(origins.columns.get("things.title")?.tag).toBe("0002_more");
    expect(origins.columns.has("things.things_name_unique")).toBe(false);
  });

  it("reads our committed migrations: listings.noindex and industry_backups come from 0010", () => {
    const journal = JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: Array<{ tag: string }> };
    const origins = migrationOrigins(journal.entries.map(({ tag }) => ({ tag, sql: readFileSync(`db/migrations/${tag}.sql`, "utf8") })));
    expect(origins.columns.get("listings.noindex")).toEqual({
      tag: "0010_seo_and_taxonomy_migration",
      statements: ['ALTER TABLE "listings" ADD COLUMN "noindex" boolean DEFAULT false NOT NULL;'],
    });
    expect(origins.columns.get("listings.name")?.tag).toBe("0001_initial");
    expect(origins.columns.get("listings.match_key")?.tag).toBe("0007_duplicate_match_columns");
    const backups = origins.tables.get("industry_backups");
    expect(backups?.tag).toBe("0010_seo_and_taxonomy_migration");
    // The table comes back with its foreign keys.
    expect(backups?.statements).toHaveLength(3);
    expect(backups?.statements[1]).toMatch(/ADD CONSTRAINT "industry_backups_created_by_users_id_fk"/);
    expect(origins.tables.get("listings")?.statements.some((s) => s.includes('"listings_search_idx"'))).toBe(true);
  });
});
