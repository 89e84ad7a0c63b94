/**
 * An import never silently overwrites a value the company submitted (issue 36, decision 0115): on both provider paths
 * (a batch, one company at a time) and the spreadsheet import, the listing keeps the owner's value, the incoming one
 * waits in the review queue as an import's proposal, and the run's report counts or names it.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { listingChangeProposals } from "#db/schema/owner-changes.ts";
import { seedReferenceData } from "#demo/seed-database.ts";
import { writeFieldSources } from "~/features/catalog/field-provenance.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { importCompanies } from "./import-batch.server.ts";
import { importCompany } from "./import-company.server.ts";
import { toImportedCompany, type ImportedCompany } from "../provider/map-provider-record.ts";
import { ProviderRecord } from "../provider/provider-record.ts";
import { readBase } from "../spreadsheet/read-base.server.ts";
import { upsertBase } from "../spreadsheet/upsert-base.server.ts";
import { listingSources } from "#db/schema/imports.ts";
import { createSpreadsheetApi } from "~/lib/spreadsheet-api.server.ts";
import { startSpreadsheetApi, type SpreadsheetApiFake } from "../../../../tests/fakes/spreadsheet-api.ts";
import { DEMO_API_KEY } from "../../../../tests/fakes/spreadsheet-fixtures.ts";
import { IMPORT_BASE_ID, importBase } from "../../../../tests/fakes/spreadsheet-import-fixtures.ts";
import { fetchAllowing } from "../../../../tests/support/allow-local.ts";
import { virtualClock } from "../../../../tests/support/virtual-clock.ts";

let database: Database;
let fake: SpreadsheetApiFake;
const T1 = new Date("2026-10-01T06:00:00Z");
const T2 = new Date("2026-10-15T06:00:00Z");

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database);
  fake = await startSpreadsheetApi({ bases: [importBase({ companies: 3 })] });
});

afterAll(async () => {
  await fake?.stop();
  await database?.close();
});

function company(id: string, name: string, description: string, now: Date): ImportedCompany {
  const mapped = toImportedCompany(
    ProviderRecord.parse({
      id,
      date: "2026-09-14",
      company_name: name,
      company_info: { website: `https://${id}.example`, description, categories: "Robotics", size: "11-50" },
      funding_amount: 2_000_000,
      currency: "USD",
      round_type: "Seed",
    }),
    { endpoint: "funding", now },
  );
  if ("dropped" in mapped) throw new Error("dropped");
  return mapped;
}

describe("a provider import over a company's own value", () => {
  for (const path of ["a batch", "one company at a time"] as const) {
    it(`keeps the owner's value and sends the incoming one to review (${path})`, async () => {
      const id = path === "a batch" ? "owner-held-batch" : "owner-held-single";
      const name = `Held ${path}`;
      const listingId = (await importCompanies(database, [company(id, name, "Builds robots.", T1)], { source: "provider", now: T1 }))
        .results[0]!.listingId;
      // The owner's description, published (as the owner's approved change writes it).
      await database.db.update(listings).set({ description: "Our own words." }).where(eq(listings.id, listingId));
      await writeFieldSources(database.db, [
        { listingId, patch: { description: { source: "owner_submission", setAt: T1.toISOString(), confirmedAt: T1.toISOString() } } },
      ]);
      const incoming = company(id, name, "Builds robots for warehouses, farms and hospitals worldwide.", T2);
      let held: number | undefined;
      if (path === "a batch") {
        const run = await importCompanies(database, [incoming], { source: "provider", now: T2 });
        expect(run.counters.heldForReview).toBe(1);
        held = run.results[0]!.heldForReview;
      } else held = (await importCompany(database, incoming, { source: "provider", now: T2 })).heldForReview;
      expect(held).toBe(1);
      const [row] = await database.db.select({ description: listings.description }).from(listings).where(eq(listings.id, listingId));
      expect(row!.description).toBe("Our own words.");
      const proposals = await database.db.select().from(listingChangeProposals).where(eq(listingChangeProposals.listingId, listingId));
      expect(proposals.map((p) => [p.origin, p.status, p.changes])).toEqual([
        [
          "import",
          "pending",
          [{ field: "description", before: "Our own words.", after: "Builds robots for warehouses, farms and hospitals worldwide." }],
        ],
      ]);
      const entries = await database.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.recordId, listingId), sql`${auditLog.details} ? 'heldForReview'`));
      expect(entries.map((e) => e.details)).toEqual([expect.objectContaining({ heldForReview: ["description"] })]);
    });
  }
});

describe("a spreadsheet import over a company's own value", () => {
  const runBase = async (now: Date) => {
    const reader = createSpreadsheetApi(
      { apiUrl: fake.url, apiKey: DEMO_API_KEY, baseId: IMPORT_BASE_ID },
      { fetch: fetchAllowing(fake.url), ...virtualClock() },
    );
    const read = await readBase(reader, { storeAttachment: async () => "https://files.example/logo.png", skipLogo: () => false });
    return upsertBase(database, read, { baseId: IMPORT_BASE_ID, now });
  };

  it("keeps the owner's tagline, sends the base's to review and names it in the report", async () => {
    await runBase(T1);
    const [source] = await database.db
      .select({ id: listingSources.listingId })
      .from(listingSources)
      .where(sql`${listingSources.source} = ${`spreadsheet:${IMPORT_BASE_ID}`} AND ${listingSources.externalId} = 'recCmp000001'`);
    const listingId = source!.id;
    await database.db.update(listings).set({ tagline: "The owner's tagline" }).where(eq(listings.id, listingId));
    await writeFieldSources(database.db, [
      { listingId, patch: { tagline: { source: "owner_submission", setAt: T1.toISOString(), confirmedAt: T1.toISOString() } } },
    ]);
    const row = fake.bases.get(IMPORT_BASE_ID)!.tables.find((t) => t.name === "Companies")!.records[1]!;
    row.fields.Tagline = "The base's tagline";
    row.fields.Description = "A description the base changed.";
    const report = await runBase(T2);
    const [stored] = await database.db
      .select({ tagline: listings.tagline, description: listings.description })
      .from(listings)
      .where(eq(listings.id, listingId));
    expect(stored).toEqual({ tagline: "The owner's tagline", description: "A description the base changed." });
    const proposals = await database.db.select().from(listingChangeProposals).where(eq(listingChangeProposals.listingId, listingId));
    expect(proposals.map((p) => [p.origin, p.status, p.changes])).toEqual([
      ["import", "pending", [{ field: "tagline", before: "The owner's tagline", after: "The base's tagline" }]],
    ]);
    expect(report.warnings).toContainEqual({
      externalId: "recCmp000001",
      warning: "kept the company's own tagline; the base's values wait in Listing changes",
    });
  });
});
