/**
 * Upgrades without downtime (decision 0107): during a rolling upgrade the previous release still serves requests
 * against the new schema, so every migration only adds; what a release stops using is dropped a release later, by a
 * migration that says so with a contract marker.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contractBreaks } from "./expand-then-contract.ts";

const MIGRATIONS = new URL("./migrations/", import.meta.url);

/**
 * Migrations written before the rule that break it, each with why it was acceptable then. None today: 0000-0036 only
 * add, loosen (0028 drops a NOT NULL, 0012/0028/0033 replace CHECK constraints with wider ones) or rewrite values.
 */
const GRANDFATHERED: Record<string, string> = {};

const files = readdirSync(MIGRATIONS).filter((name) => name.endsWith(".sql"));

describe("migrations expand, then contract", () => {
  it("finds the migrations", () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it.each(files)("%s only adds what the previous release can run beside", (name) => {
    const breaks = contractBreaks(readFileSync(new URL(name, MIGRATIONS), "utf8"));
    expect(breaks.length === 0 || name in GRANDFATHERED, JSON.stringify(breaks, null, 2)).toBe(true);
  });

  it("refuses a new migration that drops a column, renames one or adds a required one without a default", () => {
    expect(contractBreaks(`ALTER TABLE "listings" DROP COLUMN "tagline";--> statement-breakpoint`)).toMatchObject([
      { line: 1, why: expect.stringMatching(/drops a column/) },
    ]);
    expect(contractBreaks(`ALTER TABLE "listings"\n  RENAME COLUMN "tagline" TO "strapline";`)).toHaveLength(1);
    expect(contractBreaks(`ALTER TABLE "listings" RENAME TO "companies";`)).toHaveLength(1);
    expect(contractBreaks(`DROP TABLE "follows";`)).toHaveLength(1);
    expect(contractBreaks(`ALTER TABLE "listings" ALTER COLUMN "tagline" SET DATA TYPE varchar(80);`)).toHaveLength(1);
    expect(contractBreaks(`ALTER TABLE "listings" ALTER COLUMN "tagline" SET NOT NULL;`)).toHaveLength(1);
    expect(contractBreaks(`CREATE TABLE "a" ("id" text);\nALTER TABLE "listings" ADD COLUMN "rank" integer NOT NULL;`)).toMatchObject([
      { line: 2, why: expect.stringMatching(/required column without a default/) },
    ]);
  });

  it("lets through what only adds, and a contract that names the release that stopped using it", () => {
    expect(contractBreaks(`ALTER TABLE "listings" ADD COLUMN "rank" integer DEFAULT 0 NOT NULL;`)).toEqual([]);
    expect(contractBreaks(`ALTER TABLE "listings" ADD COLUMN "rank" integer;\nCREATE INDEX "r" ON "listings" ("rank");`)).toEqual([]);
    expect(contractBreaks(`-- Drops nothing: DROP COLUMN in a comment is not a statement\nSELECT 1;`)).toEqual([]);
    expect(contractBreaks(`-- contract: "listings"."tagline" unused since 1.4.0\nALTER TABLE "listings" DROP COLUMN "tagline";`)).toEqual(
      [],
    );
    // A marker must name the release: "later" is not one, so the drop is refused.
    expect(
      contractBreaks(`-- contract: "listings"."tagline" unused since later\nALTER TABLE "listings" DROP COLUMN "tagline";`),
    ).toHaveLength(1);
  });
});
