/**
 * Field provenance through both imports (issue 19 §4, decision 0068): a new company's values are the import's; a
 * re-import of an unchanged record moves "confirmed" and leaves "set" (and its source) alone; a changed value is set
 * again. The provider import is checked on both of its paths (a batch, and one company at a time).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#db/schema/audit.ts";
import { listingSources } from "#db/schema/imports.ts";
import { listings } from "#db/schema/listings.ts";
import { seedReferenceData } from "#demo/seed-database.ts";
import { getFieldSources, writeFieldSources } from "~/features/catalog/field-provenance.server.ts";
import type { FieldSources } from "~/features/catalog/field-provenance.ts";
import { collectChanges, describeChanges } from "~/features/follows/change-summary.ts";
import { createSpreadsheetApi } from "~/lib/spreadsheet-api.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { startSpreadsheetApi, type SpreadsheetApiFake } from "../../../../tests/fakes/spreadsheet-api.ts";
import { DEMO_API_KEY } from "../../../../tests/fakes/spreadsheet-fixtures.ts";
import { IMPORT_BASE_ID, importBase } from "../../../../tests/fakes/spreadsheet-import-fixtures.ts";
import { fetchAllowing } from "../../../../tests/support/allow-local.ts";
import { virtualClock } from "../../../../tests/support/virtual-clock.ts";
import { importCompanies } from "./import-batch.server.ts";
import { importCompany } from "./import-company.server.ts";
import { toImportedCompany, type ImportedCompany } from "../provider/map-provider-record.ts";
import { ProviderRecord } from "../provider/provider-record.ts";
import { readBase } from "../spreadsheet/read-base.server.ts";
import { upsertBase } from "../spreadsheet/upsert-base.server.ts";

let database: Database;
let fake: SpreadsheetApiFake;
const T1 = new Date("2026-10-01T06:00:00Z");
const T2 = new Date("2026-10-15T06:00:00Z");
const T3 = new Date("2026-11-01T06:00:00Z");

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database);
  fake = await startSpreadsheetApi({ bases: [importBase({ companies: 4 })] });
});

afterAll(async () => {
  await fake?.stop();
  await database?.close();
});

function company(record: Record<string, unknown>, now: Date): ImportedCompany {
  const mapped = toImportedCompany(ProviderRecord.parse(record), { endpoint: "funding", now });
  if ("dropped" in mapped) throw new Error("dropped");
  return mapped;
}

const record = (id: string, name: string, description: string) => ({
  id,
  date: "2026-09-14",
  company_name: name,
  company_info: { website: `https://${id}.example`, description, categories: "Robotics", size: "11-50" },
  funding_amount: 2_000_000,
  currency: "USD",
  round_type: "Seed",
  contact_info: { employees: [{ name: `Ada ${name}`, title: "CTO" }] },
});

const sourcesOf = async (id: string): Promise<FieldSources> => (await getFieldSources(database.db, [id])).get(id)!;
const at = (d: Date) => d.toISOString();

describe("the provider import's provenance", () => {
  for (const path of ["a batch", "one company at a time"] as const) {
    it(`sets new values, only confirms unchanged ones, and sets changed ones again (${path})`, async () => {
      const id = path === "a batch" ? "lot-prov-batch" : "lot-prov-single";
      const run = async (c: ImportedCompany, now: Date) => {
        if (path === "a batch") return (await importCompanies(database, [c], { source: "provider", now })).results[0]!.listingId;
        return (await importCompany(database, c, { source: "provider", now })).listingId;
      };
      const listingId = await run(company(record(id, `Provenance ${path}`, "Builds robots."), T1), T1);
      const first = await sourcesOf(listingId);
      for (const field of ["name", "description", "websiteUrl", "industryIds", "team", "fundingRounds"])
        expect(first[field], field).toEqual({ source: "provider_import", setAt: at(T1), confirmedAt: at(T1) });

      // The operator corrects the tagline meanwhile: a later import that does not supply it leaves its record alone.
      const operator = { source: "operator_edit" as const, setAt: at(T1), confirmedAt: at(T1) };
      await writeFieldSources(database.db, [{ listingId, patch: { tagline: operator } }]);

      // The same record again: confirmed, not changed.
      expect(await run(company(record(id, `Provenance ${path}`, "Builds robots."), T2), T2)).toBe(listingId);
      const second = await sourcesOf(listingId);
      for (const field of ["name", "description", "websiteUrl", "industryIds", "team", "fundingRounds"])
        expect(second[field], field).toEqual({ source: "provider_import", setAt: at(T1), confirmedAt: at(T2) });
      expect(second.tagline).toEqual(operator);

      // A changed description (longer, so the merge rules take it): set again; the rest confirmed.
      await run(company(record(id, `Provenance ${path}`, "Builds robots for warehouses, farms and hospitals."), T3), T3);
      const third = await sourcesOf(listingId);
      expect(third.description).toEqual({ source: "provider_import", setAt: at(T3), confirmedAt: at(T3) });
      expect(third.name).toEqual({ source: "provider_import", setAt: at(T1), confirmedAt: at(T3) });
      expect(third.tagline).toEqual(operator);
    });
  }

  it("confirms nothing an import supplied differently and the merge rules declined", async () => {
    const c = company(record("lot-prov-declined", "Provenance Declined", "A long description that says a great deal."), T1);
    const { listingId } = await importCompany(database, c, { source: "provider", now: T1 });
    await importCompany(database, company(record("lot-prov-declined", "Provenance Declined", "Short."), T2), {
      source: "provider",
      now: T2,
    });
    const sources = await sourcesOf(listingId);
    expect(sources.description).toEqual({ source: "provider_import", setAt: at(T1), confirmedAt: at(T1) });
    expect(sources.name!.confirmedAt).toBe(at(T2));
  });
});

describe("the spreadsheet import's provenance", () => {
  const runBase = async (now: Date) => {
    const reader = createSpreadsheetApi(
      { apiUrl: fake.url, apiKey: DEMO_API_KEY, baseId: IMPORT_BASE_ID },
      {
        fetch: fetchAllowing(fake.url),
        ...virtualClock(),
      },
    );
    const read = await readBase(reader, { storeAttachment: async () => "https://files.example/logo.png", skipLogo: () => false });
    return upsertBase(database, read, { baseId: IMPORT_BASE_ID, now });
  };
  const listingOf = async (externalId: string) =>
    (
      await database.db
        .select({ id: listingSources.listingId })
        .from(listingSources)
        .where(sql`${listingSources.source} = ${`spreadsheet:${IMPORT_BASE_ID}`} AND ${listingSources.externalId} = ${externalId}`)
    )[0]!.id;

  it("sets new values, only confirms unchanged ones, and sets a changed one again", async () => {
    await runBase(T1);
    const listingId = await listingOf("recCmp000001");
    const detail = `spreadsheet:${IMPORT_BASE_ID}`;
    const first = await sourcesOf(listingId);
    expect(first.name).toEqual({ source: "spreadsheet_import", setAt: at(T1), confirmedAt: at(T1), detail });
    expect(first.tagline).toEqual({ source: "spreadsheet_import", setAt: at(T1), confirmedAt: at(T1), detail });

    const again = await runBase(T2);
    expect(again.tables.Companies).toMatchObject({ created: 0, updated: 0 });
    expect((await sourcesOf(listingId)).name).toEqual({ source: "spreadsheet_import", setAt: at(T1), confirmedAt: at(T2), detail });

    const summaryOf = async () =>
      (
        await database.db
          .select({ total: listings.totalFundingRaised, latest: listings.latestRoundType, count: listings.fundingRoundCount })
          .from(listings)
          .where(sql`${listings.id} = ${listingId}`)
      )[0];
    const summaryFromRounds = await summaryOf();
    const row = fake.bases.get(IMPORT_BASE_ID)!.tables.find((t) => t.name === "Companies")!.records[1]!;
    row.fields.Tagline = "Reconciliation in a day";
    const changed = await runBase(T3);
    expect(changed.tables.Companies).toMatchObject({ updated: 1 });
    const third = await sourcesOf(listingId);
    expect(third.tagline).toEqual({ source: "spreadsheet_import", setAt: at(T3), confirmedAt: at(T3), detail });
    expect(third.name).toEqual({ source: "spreadsheet_import", setAt: at(T1), confirmedAt: at(T3), detail });

    // The funding summary stays the one worked out from the rounds, not the sheet's own columns.
    expect(await summaryOf()).toEqual(summaryFromRounds);
    // The update's audit entry names what changed, so a follower's digest can say it.
    const [entry] = await database.db
      .select({ operation: auditLog.operation, action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(sql`${auditLog.recordId} = ${listingId} AND ${auditLog.action} = 'updated'`);
    expect(entry?.details.changedFields).toEqual(["tagline"]);
    const view = { canSeeField: () => true, fundingStage: null, revenueRange: null };
    expect(describeChanges(collectChanges([entry!]), view)).toEqual(["Tagline updated"]);
  });
});
