/**
 * Field validation against real databases: our schema is ready; a database whose industries table lost a column
 * reports it missing, and the SQL the report gives puts it right.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { validateIndustriesFields } from "./industries-fields.server.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe("validateIndustriesFields", () => {
  it("reports our schema ready, with every column of the table", async () => {
    const report = await validateIndustriesFields(database);
    expect(report).toMatchObject({
      success: true,
      error: null,
      tableExists: true,
      ready: true,
      message: "Ready for Migration!",
      sql: null,
    });
    expect(report.fields.map((f) => [f.name, f.exists, f.typeMatches])).toEqual([
      ["Primary Category", true, true],
      ["Secondary Category", true, true],
      ["Industry Key", true, true],
      ["LeadsOnTrees Source", true, true],
      ["Mapping Confidence", true, true],
      ["Last Updated", true, true],
      ["Migration Backup", true, true],
      ["Pre-Migration Name", true, true],
    ]);
    expect(report.existingFields).toEqual(expect.arrayContaining(["id", "name", "primary_category", "description"]));
  });

  it("reports a dropped column missing, and its SQL adds it back", async () => {
    await database.rows(sql`ALTER TABLE industries DROP COLUMN leads_on_trees_source, DROP COLUMN pre_migration_name`);
    const report = await validateIndustriesFields(database);
    expect(report).toMatchObject({ ready: false, message: "Missing 1 Required Fields", missingRequired: ["LeadsOnTrees Source"] });
    expect(report.existingFields).not.toContain("leads_on_trees_source");
    expect(report.fields.filter((f) => !f.exists).map((f) => f.name)).toEqual(["LeadsOnTrees Source", "Pre-Migration Name"]);
    expect(report.sql).toBe(
      [
        "ALTER TABLE industries ADD COLUMN IF NOT EXISTS leads_on_trees_source boolean NOT NULL DEFAULT false;",
        "ALTER TABLE industries ADD COLUMN IF NOT EXISTS pre_migration_name text;",
      ].join("\n"),
    );
    for (const statement of report.sql!.split("\n")) await database.rows(sql.raw(statement));
    expect(await validateIndustriesFields(database)).toMatchObject({ ready: true, sql: null });
  });

  it("reports every field missing when there is no industries table", async () => {
    await database.rows(sql`ALTER TABLE industries RENAME TO industries_elsewhere`);
    try {
      expect(await validateIndustriesFields(database)).toMatchObject({
        tableExists: false,
        ready: false,
        message: "Missing 6 Required Fields",
      });
    } finally {
      await database.rows(sql`ALTER TABLE industries_elsewhere RENAME TO industries`);
    }
  });
});
