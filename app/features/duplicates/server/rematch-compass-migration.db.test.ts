/**
 * Migration 0034 re-keys only the listings whose name may start with a branch word or hold a legal form glued on
 * in any case (issue 32). Its patterns must select every name the new TypeScript rules change, or those listings
 * would keep a stale key until their name is edited.
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { nameKey } from "../matching/name-key.ts";

const migration = readFileSync(
  new URL("../../../../db/migrations/0034_rematch_compass_names_and_glued_forms.sql", import.meta.url),
  "utf8",
);
const patterns = [...migration.matchAll(/"name" ~\* '([^']+)'/g)].map((m) => m[1]!);

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const selected = async (name: string) => {
  for (const pattern of patterns)
    if ((await database.rows<{ hit: boolean }>(sql`SELECT ${name} ~* ${pattern} AS hit`))[0]?.hit) return true;
  return false;
};

describe("migration 0034's patterns", () => {
  it("select every name whose key the new rules change", async () => {
    const changed = {
      "North Security Limited": "north security",
      "South Pole Analytics": "south pole analytics",
      "YMCA South Side": "ymca south side",
      "lumen securitygmbh": "lumen security",
      "QUANTUM MEDIAGMBH": "quantum media",
      "nova roboticsllc (eu)": "nova robotics llc eu",
    };
    expect(patterns).toHaveLength(2);
    for (const [name, key] of Object.entries(changed)) {
      expect(nameKey(name).key, name).toBe(key);
      expect(await selected(name), name).toBe(true);
    }
  });

  it("leave names the rules do not change alone", async () => {
    for (const name of [
      "Mary Crane North",
      "Acme North 2",
      "CENTRAL Robotics",
      "Acme Inc",
      "Northwind Labs",
      "Zinc Works",
      "Southwark Bakery",
    ])
      expect(await selected(name), name).toBe(false);
  });
});
