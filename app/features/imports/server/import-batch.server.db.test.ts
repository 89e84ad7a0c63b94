/**
 * What the batch writer must get right beyond the one-by-one rules (import-company.server.db.test.ts): companies of
 * one page that depend on each other, and a page whose write fails. Each is what an operator would see in the job's
 * counters and the directory.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingSources } from "#db/schema/imports.ts";
import { listings } from "#db/schema/listings.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { importCompanies } from "./import-batch.server.ts";
import { toImportedCompany, type ImportedCompany } from "../provider/map-provider-record.ts";
import { ProviderRecord } from "../provider/provider-record.ts";

let database: Database;
const now = new Date("2026-11-23T12:00:00Z");

function company(input: Record<string, unknown>): ImportedCompany {
  const mapped = toImportedCompany(ProviderRecord.parse(input), { endpoint: "funding", now });
  if ("dropped" in mapped) throw new Error("dropped");
  return mapped;
}

const named = async (name: string) => database.db.select().from(listings).where(eq(listings.name, name));

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("importCompanies, one page at a time", () => {
  it("merges a company into a listing created earlier on the same page, instead of creating it twice", async () => {
    const first = company({ id: "b-1", company_name: "Harrowgate Optics", company_info: { website: "https://harrowgate.io" } });
    const again = company({
      id: "b-2",
      company_name: "Harrowgate Optics",
      company_info: { website: "https://www.harrowgate.io/about", description: "Lenses for drones." },
    });
    const result = await importCompanies(database, [first, again], { source: "provider", now });
    expect(result.counters).toMatchObject({ processed: 2, created: 1, merged: 1, errors: 0 });
    const rows = await named("Harrowgate Optics");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.description).toBe("Lenses for drones.");
    const sources = await database.db.select().from(listingSources).where(eq(listingSources.listingId, rows[0]!.id));
    expect(sources.map((s) => s.externalId).sort()).toEqual(["b-1", "b-2"]);
  });

  it("takes the same record twice on a page once", async () => {
    const record = company({ id: "b-3", company_name: "Tessellate Freight", company_info: { website: "https://tessellate.example" } });
    const result = await importCompanies(database, [record, record], { source: "provider", now });
    expect(result.counters).toMatchObject({ processed: 2, created: 1, skipped: 1 });
    expect(await named("Tessellate Freight")).toHaveLength(1);
  });

  it("imports the rest of a page when one company is refused, and names the database's reason", async () => {
    const good = company({ id: "b-4", company_name: "Pellucid Grid", company_info: { website: "https://pellucid.example" } });
    const refused = company({
      id: "b-5",
      company_name: "Overflowing Capital",
      company_info: { website: "https://overflowing.example" },
      funding_amount: 1e21,
    });
    const result = await importCompanies(database, [good, refused], { source: "provider", now });
    expect(result.counters).toMatchObject({ processed: 2, created: 1, errors: 1 });
    expect(result.failures).toEqual([
      { externalId: "b-5", name: "Overflowing Capital", error: expect.stringMatching(/numeric field overflow/) },
    ]);
    expect(await named("Pellucid Grid")).toHaveLength(1);
    expect(await named("Overflowing Capital")).toHaveLength(0);
    // Nothing of the refused company's page write was left behind: one source row for the good one only.
    const [count] = await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM listing_sources WHERE external_id IN ('b-4', 'b-5')`,
    );
    expect(Number(count!.n)).toBe(1);
  });

  it("writes companies that were kept as JSON between processing and push (the debugger's session), sync times included", async () => {
    // Issue 32: the debugger stores step 3's companies in the database and pushes them in a later request; every
    // company failed with "value.toISOString is not a function" when a mapped company carried Date objects.
    const kept = JSON.parse(
      JSON.stringify([
        company({ id: "b-6", company_name: "Quillon Freight", company_info: { website: "https://quillon.example" } }),
        company({ id: "b-7", company_name: "Harrowgate Optics", company_info: { website: "https://harrowgate.io" }, round_type: "Seed" }),
      ]),
    ) as ImportedCompany[];
    const later = new Date("2026-11-24T08:00:00Z");
    const result = await importCompanies(database, kept, { source: "provider", now: later });
    expect(result.failures).toEqual([]);
    expect(result.counters).toMatchObject({ processed: 2, created: 1, merged: 1, errors: 0 });
    const [created] = await named("Quillon Freight");
    expect(created!.dataLastSynced).toEqual(later);
    expect(created!.lastCompanyEnrichment).toEqual(later);
    const [merged] = await named("Harrowgate Optics");
    expect(merged!.dataLastSynced).toEqual(later);
  });
});
