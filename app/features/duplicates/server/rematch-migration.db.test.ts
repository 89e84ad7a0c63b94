/**
 * Migration 0025 re-keys only the listings whose name may hold a legal form glued on in capitals. Its SQL pattern
 * must select every name the TypeScript rule (GLUED_FORM in name-key.ts) changes, or those listings would keep a
 * stale key until their name is edited.
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { nameKey } from "../matching/name-key.ts";

const migration = readFileSync(new URL("../../../../db/migrations/0025_rematch_glued_legal_forms.sql", import.meta.url), "utf8");
const pattern = /"name" ~ '([^']+)'/.exec(migration)![1]!;

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const selected = async (name: string) => (await database.rows<{ hit: boolean }>(sql`SELECT ${name} ~ ${pattern} AS hit`))[0]?.hit ?? false;

describe("migration 0025's pattern", () => {
  it("selects every name whose key the glued-form rule changes, in any script before the form", async () => {
    const glued = {
      "Silver RoboticsLLC": "silver robotics",
      NovaGmbH: "nova",
      ÉcoleSA: "ecole",
      "BüroGmbH & Co": "buro",
      "Polar MaterialsOy": "polar materials",
      "Nordic HealthAB.": "nordic health",
      "ZenithInc (Europe)": "zenith inc europe",
    };
    for (const [name, key] of Object.entries(glued)) {
      expect(nameKey(name).key, name).toBe(key);
      expect(await selected(name), name).toBe(true);
    }
  });

  it("leaves names without a glued form alone", async () => {
    for (const name of ["Acme Inc", "Emag", "Bioag Labs", "Deltta Labs", "Søren Analytics"]) expect(await selected(name), name).toBe(false);
  });
});
