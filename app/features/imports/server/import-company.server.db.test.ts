/**
 * The import's push step against a populated directory: new companies created as published listings with their
 * team, round and investors; a company matching a listing by website and LinkedIn merged into it; a name-only match
 * created and queued for review; a failing company counted while the rest are imported; a re-run creating nothing.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { industries } from "#db/schema/reference.ts";
import { listings } from "#db/schema/listings.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { importCompanies, type ImportBatchResult } from "./import-batch.server.ts";
import { importCompany, type ImportOptions } from "./import-company.server.ts";
import { industryIdsFor } from "./import-details.server.ts";
import { ImportSnapshot } from "./import-match.server.ts";
import { toImportedCompany, type ImportedCompany } from "../provider/map-provider-record.ts";
import { ProviderRecord } from "../provider/provider-record.ts";

let database: Database;
const now = new Date("2026-11-23T12:00:00Z");
const options: ImportOptions = { source: "provider", now };
const existing: Record<string, string> = {};

function company(input: Record<string, unknown>): ImportedCompany {
  const mapped = toImportedCompany(ProviderRecord.parse(input), { endpoint: "funding", now });
  if ("dropped" in mapped) throw new Error("dropped");
  return mapped;
}

const NEW = {
  id: "lot-1001",
  date: "2026-10-14",
  company_name: "Velocimatic Labs",
  company_info: {
    website: "https://velocimatic.io",
    description: "Velocimatic builds autonomous warehouse vehicles.",
    categories: "Autonomous Vehicles",
    size: "11-50",
    linkedin_url: "https://www.linkedin.com/company/velocimatic",
  },
  main_category: "Artificial Intelligence",
  funding_amount: 4_000_000,
  currency: "USD",
  round_type: "Seed",
  investors: [{ name: "Quarrystone Ventures" }, { name: "Tallowmere Capital" }, { name: "Fifty_Fifty 100% Fund" }],
  contact_info: { employees: [{ name: "Ada Brightwater", title: "CTO", email: "ada@velocimatic.io" }] },
  ceo: { name: "Orla Kestrel", email: "orla@velocimatic.io", title: "CEO" },
};

const MERGE = {
  id: "lot-1002",
  date: "2026-09-01",
  company_name: "Quillfeather Robotics Inc",
  company_info: {
    website: "www.quillfeather.io/en",
    description: "Quillfeather Robotics designs grippers for food handling, with a long and detailed description.",
    categories: "Robotics",
    linkedin_url: "https://www.linkedin.com/company/quillfeather/",
  },
  funding_amount: 15_000_000,
  currency: "EUR",
  round_type: "Series A",
  investors: [{ name: "Quarrystone Ventures" }],
  contact_info: { employees: [{ name: "Existing Person", title: "CEO" }] },
};

const REVIEW = {
  id: "lot-1003",
  company_name: "Brambleworth Analytics",
  company_info: { website: "https://brambleworth-data.com", description: "Analytics." },
};

const FAILING = { id: "lot-1004", company_name: "Overlong Descriptions Ltd", company_info: { website: "https://overlong.example" } };

/** A description past the listing's check constraint: the database refuses the row. */
function failing(): ImportedCompany {
  const broken = company(FAILING);
  return { ...broken, listing: { ...broken.listing, description: "x".repeat(6000) } };
}

const batch = () => [company(NEW), company(MERGE), company(REVIEW), failing()];

async function count(table: string): Promise<number> {
  const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return Number(row!.n);
}

const counts = async () => ({
  listings: await count("listings"),
  rounds: await count("funding_rounds"),
  relationships: await count("investor_relationships"),
  team: await count("team_members"),
  sources: await count("listing_sources"),
  reviews: await count("duplicate_reviews"),
  industries: await count("industries"),
});

let first: ImportBatchResult;
const idOf = (result: ImportBatchResult, externalId: string) => result.results.find((r) => r.externalId === externalId)?.listingId;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
  const insert = async (key: string, values: Partial<typeof listings.$inferInsert> & { name: string }) => {
    const [row] = await database.db
      .insert(listings)
      .values({ slug: `test-${key}`, type: "startup", ...values })
      .returning({ id: listings.id });
    existing[key] = row!.id;
  };
  await insert("quill", {
    name: "Quillfeather Robotics",
    websiteUrl: "https://quillfeather.io",
    linkedinUrl: "https://linkedin.com/company/quillfeather",
    description: "Grippers.",
    lotDataQualityScore: 3,
  });
  await insert("bramble", { name: "Brambleworth Analytics", description: "Data for farms." });
  await insert("joined", { name: "GlimmerData" });
  await insert("investor", { name: "Quarrystone Ventures", type: "investor" });
  await insert("wildcards", { name: "Fifty_Fifty 100% Fund", type: "investor" });
  await insert("lookalike", { name: "FiftyXFifty 100 Fund", type: "investor" });
  await database.rows(sql`INSERT INTO team_members (listing_id, position, name) VALUES (${existing.quill!}, 0, 'Existing Person')`);
  first = await importCompanies(database, batch(), options);
});

afterAll(async () => {
  await database?.close();
});

describe("importCompanies, first run", () => {
  it("counts each outcome and carries on past a failing company", () => {
    expect(first.counters).toEqual({ processed: 4, created: 1, merged: 1, updated: 0, skipped: 0, review: 1, errors: 1, heldForReview: 0 });
    expect(first.failures).toEqual([expect.objectContaining({ externalId: "lot-1004", name: "Overlong Descriptions Ltd" })]);
    expect(first.results.map((r) => r.outcome)).toEqual(["created", "merged", "created_for_review"]);
  });

  it("creates a published listing with its team, round, active relationships, quality 4 and industries", async () => {
    const id = idOf(first, "lot-1001")!;
    const [row] = await database.db.select().from(listings).where(eq(listings.id, id));
    expect(row).toMatchObject({
      name: "Velocimatic Labs",
      slug: "velocimatic-labs",
      type: "startup",
      processingStatus: "published",
      lotDataQualityScore: 4,
      dataSource: "LeadsOnTrees",
      totalFundingRaised: 4_000_000,
      fundingRoundCount: 1,
      latestRoundType: "seed",
    });
    expect(row!.matchKey).not.toBeNull();
    expect(row!.industryIds.length).toBeGreaterThan(0);
    const team = await database.rows<{ name: string }>(sql`SELECT name FROM team_members WHERE listing_id = ${id} ORDER BY position`);
    expect(team.map((t) => t.name)).toEqual(["Orla Kestrel", "Ada Brightwater"]);
    const rounds = await database.rows<{ lot_data_id: string }>(sql`SELECT lot_data_id FROM funding_rounds WHERE listing_id = ${id}`);
    expect(rounds).toEqual([{ lot_data_id: "lot-1001" }]);
    const relations = await database.rows<{ investor_name: string; investment_status: string; investor_id: string | null }>(
      sql`SELECT investor_name, investment_status, investor_id::text FROM investor_relationships WHERE listing_id = ${id} ORDER BY investor_name`,
    );
    expect(relations).toEqual([
      { investor_name: "Fifty_Fifty 100% Fund", investment_status: "active", investor_id: existing.wildcards },
      { investor_name: "Quarrystone Ventures", investment_status: "active", investor_id: existing.investor },
      { investor_name: "Tallowmere Capital", investment_status: "active", investor_id: null },
    ]);
  });

  it("maps industry keys to the keyed record, else the flat primary record, else a new taxonomy record", async () => {
    const ids = await database.db.transaction(async (tx) =>
      industryIdsFor(tx, [
        { primary: "AI", secondary: "Applied AI", key: "AI::Applied AI", confidence: "exact", source: "x" },
        { primary: "Zeta Tech", secondary: "Testing", key: "Zeta Tech::Testing", confidence: "fuzzy", source: "y" },
      ]),
    );
    const rows = await database.db
      .select()
      .from(industries)
      .where(sql`${industries.id} IN (${ids[0]!}, ${ids[1]!})`)
      .orderBy(industries.id);
    expect(rows.map((r) => [r.name, r.industryKey])).toEqual([
      ["AI", null],
      ["Zeta Tech: Testing", "Zeta Tech::Testing"],
    ]);
    expect(rows[1]).toMatchObject({ leadsOnTreesSource: true, mappingConfidence: "fuzzy" });
  });

  it("merges a website and LinkedIn match into the existing listing by the spec's rules", async () => {
    expect(first.results[1]).toMatchObject({ listingId: existing.quill, outcome: "merged" });
    expect(first.results[1]!.score).toBeGreaterThan(0.95);
    const [row] = await database.db.select().from(listings).where(eq(listings.id, existing.quill!));
    expect(row).toMatchObject({
      name: "Quillfeather Robotics",
      slug: "test-quill",
      processingStatus: "published",
      description: MERGE.company_info.description,
      lotDataQualityScore: 5,
      fundingRoundCount: 1,
      latestRoundType: "series-a",
      dataSource: "LeadsOnTrees",
    });
    const team = await database.rows<{ name: string }>(sql`SELECT name FROM team_members WHERE listing_id = ${existing.quill!}`);
    expect(team).toHaveLength(1);
  });

  it("creates a name-only match and queues the pair for review", async () => {
    const id = idOf(first, "lot-1003")!;
    expect(id).not.toBe(existing.bramble);
    expect(first.results[2]!.score).toBeGreaterThanOrEqual(0.85);
    expect(first.results[2]!.score).toBeLessThanOrEqual(0.95);
    const reviews = await database.rows<{ source: string; status: string; ids: string[] }>(
      sql`SELECT source, status, ARRAY[listing_a::text, listing_b::text] AS ids FROM duplicate_reviews`,
    );
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ source: "import", status: "open" });
    expect([...reviews[0]!.ids].sort()).toEqual([id, existing.bramble].sort());
  });

  it("writes the audit entries", async () => {
    const entries = await database.rows<{ operation: string; action: string; source: string; record_id: string }>(
      sql`SELECT operation, action, source, record_id FROM audit_log WHERE source = 'LeadsOnTrees' ORDER BY timestamp, operation`,
    );
    expect(entries.map((e) => [e.operation, e.action, e.record_id]).sort()).toEqual(
      [
        ["duplicate_check", "created", idOf(first, "lot-1001")],
        ["merge_operation", "merged", existing.quill],
        ["duplicate_check", "flagged_for_review", idOf(first, "lot-1003")],
      ].sort(),
    );
  });
});

describe("importing again", () => {
  it("creates nothing new and skips unchanged records", async () => {
    const before = await counts();
    const again = await importCompanies(database, batch(), { ...options, now: new Date("2026-11-24T12:00:00Z") });
    expect(again.counters).toMatchObject({ processed: 4, skipped: 3, created: 0, merged: 0, review: 0, errors: 1 });
    expect(await counts()).toEqual(before);
  });

  it("updates a changed record in place, even after a rename, without adding rows", async () => {
    const id = idOf(first, "lot-1001")!;
    await database.db.update(listings).set({ name: "Velocimatic (renamed)" }).where(eq(listings.id, id));
    const before = await counts();
    const changed = company({
      ...NEW,
      company_info: { ...NEW.company_info, description: `${NEW.company_info.description} Now in Europe.` },
    });
    const result = await importCompany(database, changed, options);
    expect(result).toMatchObject({ outcome: "updated", listingId: id });
    expect(await counts()).toEqual(before);
    const [row] = await database.db.select().from(listings).where(eq(listings.id, id));
    expect(row).toMatchObject({ name: "Velocimatic (renamed)", lotDataQualityScore: 4 });
    expect(row!.description).toContain("Now in Europe.");
    expect(await importCompany(database, changed, options)).toMatchObject({ outcome: "skipped", listingId: id });
  });

  it("finds a name written as one word when the company writes it as two", async () => {
    const match = (await ImportSnapshot.load(database)).match(company({ company_name: "Glimmer Data", company_info: {} }).listing);
    expect(match).toMatchObject({ listingId: existing.joined, band: "review" });
  });

  it("finds the existing listing as the best match for the merged company", async () => {
    const match = (await ImportSnapshot.load(database)).match(company(MERGE).listing);
    expect(match).toMatchObject({ listingId: existing.quill, band: "auto_merge" });
  });
});
