/** readBase end to end against the local fake of the hosted table API, with the import base's fixtures. */
import { afterEach, describe, expect, it } from "vitest";
import { startSpreadsheetApi, type SpreadsheetApiFake } from "../../../../tests/fakes/spreadsheet-api.ts";
import { DEMO_API_KEY } from "../../../../tests/fakes/spreadsheet-fixtures.ts";
import { DELETED_INDUSTRY, IMPORT_BASE_ID, PNG_1PX, importBase } from "../../../../tests/fakes/spreadsheet-import-fixtures.ts";
import { fetchAllowing } from "../../../../tests/support/allow-local.ts";
import { readBase, type StoreAttachment } from "./read-base.server.ts";
import { createSpreadsheetApi, type SpreadsheetApi } from "~/lib/spreadsheet-api.server.ts";
import { virtualClock } from "../../../../tests/support/virtual-clock.ts";

let fake: SpreadsheetApiFake;
afterEach(() => fake.stop());

async function setUp(base = importBase()) {
  fake = await startSpreadsheetApi({ bases: [base] });
  const reader = createSpreadsheetApi(
    { apiUrl: fake.url, apiKey: DEMO_API_KEY, baseId: IMPORT_BASE_ID },
    { ...virtualClock(), fetch: fetchAllowing(fake.url) },
  );
  const stored: Array<{ bytes: Uint8Array; contentType: string; filename: string }> = [];
  const storeAttachment: StoreAttachment = async (bytes, contentType, filename) => {
    stored.push({ bytes, contentType, filename });
    return `/media/file-${stored.length}`;
  };
  return { reader, stored, storeAttachment };
}

describe("readBase", () => {
  it("reads and maps the whole base, storing logos through the callback", async () => {
    const { reader, stored, storeAttachment } = await setUp();
    const result = await readBase(reader, { storeAttachment });
    const { counters } = result;

    expect(counters.read).toMatchObject({ Companies: 250, Industries: 6, Countries: 4, VisibilityLevels: 3, Users: 2, FundingRounds: 12 });
    expect(counters.read.CompanyInvestorRelationships).toBe(6);
    expect(counters.missingTables).toEqual([]);
    expect(counters.dropped).toEqual([
      { table: "Companies", externalId: "recCmp00000a", reason: expect.stringMatching(/^no name/) },
      { table: "Companies", externalId: "recCmp00000c", reason: expect.stringMatching(/^no type/) },
    ]);
    expect(result.companies).toHaveLength(248);

    // Even rows carry a PNG logo (rows 10 and 12 are dropped); row 3's first attachment is a PDF: no logo.
    expect(counters.attachments).toEqual({ stored: 123, failed: 0, skipped: 0, failures: [] });
    expect(stored[0]).toEqual({ bytes: PNG_1PX, contentType: "image/png", filename: "logo-0.png" });
    const byId = new Map(result.companies.map((c) => [c.listing.externalId, c]));
    expect(byId.get("recCmp000000")!.logoUrl).toBe("/media/file-1");
    expect(byId.get("recCmp000003")).toMatchObject({ logoUrl: null, warnings: [expect.stringMatching(/brochure.pdf .* not an image/)] });

    expect(byId.get("recCmp00000g")!.unresolved).toEqual([{ field: "Industries", id: DELETED_INDUSTRY }]);
    expect(byId.get("recCmp00000h")!.listing).toMatchObject({ type: "partner", description: expect.any(String) });
    expect(byId.get("recCmp00000h")!.listing.description).toHaveLength(5000);
    expect(byId.get("recCmp000001")!.listing).toMatchObject({
      industries: ["FinTech: Payments"],
      countries: ["Poland"],
      team: [{ name: "Sam Subscriber", title: null, photo: null, linkedin: null }],
      howItWorks: ["Connect your bank", "Match invoices", "Close the books"],
      targetPersonas: ["CFOs"],
      businessModel: "retainer_plus_success",
      revenueRange: "100k_to_1m",
    });
    // Row 0: AccessLevel subscriber (0 % 7), ListingVisibility Premium (0 % 11), but Current Tier public (0 % 13) first.
    expect(byId.get("recCmp000000")!.listing).toMatchObject({ visibility: "public", currentTier: "public" });
    expect(byId.get("recCmp000007")!.listing.visibility).toBe("subscriber");
    expect(byId.get("recCmp00000b")!.listing.visibility).toBe("premium");
    expect(byId.get("recCmp000009")!.listing.fieldVisibility).toEqual({
      revenueRange: "premium",
      howItWorks: "subscriber",
      team: "premium",
    });

    expect(result.references.Industries[0]).toMatchObject({
      name: "AI: Machine Learning",
      primaryCategory: "AI",
      industryKey: "AI::Machine Learning",
    });
    expect(result.references.Countries[0]).toMatchObject({ name: "Germany", isoCode: "DE", emoji: "🇩🇪" });
    expect(result.visibilityLevels.map((l) => [l.name, l.maxCompanyViewsPerMonth])).toEqual([
      ["public", 5],
      ["subscriber", 50],
      ["premium", -1],
    ]);
    expect(result.fieldRules.map((r) => [r.field, r.level])).toEqual([
      ["revenueRange", "subscriber"],
      ["team", "premium"],
    ]);
    expect(result.fundingRounds[0]).toMatchObject({ companyId: "recCmp000001", amount: 250_000, currency: "EUR", roundType: "pre-seed" });
    expect(result.investorRelationships[0]).toMatchObject({
      companyId: "recCmp000001",
      investorId: "recCmp000000",
      fundingRoundId: "recRnd000000",
      investmentStatus: "active",
    });
    // Hashes are stable between two reads of the same base, though attachment urls are signed afresh.
    const again = await readBase(reader, { storeAttachment });
    expect(again.companies.map((c) => c.contentHash)).toEqual(result.companies.map((c) => c.contentHash));
    expect(fake.log.every((r) => !r.keyOutsideAuthorization)).toBe(true);
  });

  it("reads the record again for a fresh url when a logo's url has expired", async () => {
    const { reader, stored, storeAttachment } = await setUp(importBase({ companies: 6 }));
    fake.faults.attachmentTtlMs = -1;
    const refreshing: SpreadsheetApi = {
      ...reader,
      getRecord: (table, id) => {
        fake.faults.attachmentTtlMs = 60_000;
        return reader.getRecord(table, id);
      },
    };
    const { counters } = await readBase(refreshing, { storeAttachment });
    expect(counters.attachments).toMatchObject({ stored: 3, failed: 0 });
    expect(stored).toHaveLength(3);
    expect(fake.log.filter((r) => r.status === 410)).toHaveLength(3);
  });

  it("counts a refused or failed attachment and goes on", async () => {
    const { reader } = await setUp(importBase({ companies: 6 }));
    const refuse: StoreAttachment = async (_bytes, type) => {
      throw new Error(`refused ${type}`);
    };
    const { counters, companies } = await readBase(reader, { storeAttachment: refuse });
    expect(counters.attachments.stored).toBe(0);
    expect(counters.attachments.failures).toEqual(
      ["recCmp000000", "recCmp000002", "recCmp000004"].map((id) => ({ externalId: id, reason: "refused image/png" })),
    );
    expect(companies.every((c) => c.logoUrl === null)).toBe(true);
  });

  it("reads a base without optional tables, and fails clearly without Companies", async () => {
    const base = importBase({ companies: 3 });
    base.tables = base.tables.filter((t) => !["TargetPersonas", "FieldVisibility", "Users"].includes(t.name));
    const { reader, storeAttachment } = await setUp(base);
    const result = await readBase(reader, { storeAttachment });
    expect(result.counters.missingTables).toEqual(["TargetPersonas", "FieldVisibility", "Users"]);
    expect(result.companies).toHaveLength(3);

    fake.bases.get(IMPORT_BASE_ID)!.tables = base.tables.filter((t) => t.name !== "Companies");
    await expect(readBase(reader, { storeAttachment })).rejects.toMatchObject({ reason: "not_found" });
  });
});
