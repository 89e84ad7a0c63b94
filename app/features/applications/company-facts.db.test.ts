/**
 * Company facts through a feature application (issue 31): stored with the application, shown again to the operator,
 * and on approval in the listing the directory filters on, each recorded as submitted by the company (decision 0068).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "#db/schema/listings.ts";
import { countries } from "#db/schema/reference.ts";
import { seedReferenceData } from "#demo/seed-database.ts";
import { getFieldSources } from "~/features/catalog/field-provenance.server.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { applicationReviewData } from "./application-review.server.ts";
import { parseFeatureApplication, readFeatureForm, type FeatureType } from "./feature-application.ts";
import { approveFeatureApplication, getFeatureApplication, submitFeatureApplication } from "./feature-applications.server.ts";

let database: Database;
let codes: Map<number, string>;
const admin = { id: "admin-company-facts" };
const NOW = new Date("2026-11-28T12:00:00Z");

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database);
  await insertMember(database, admin.id, "premium", "admin");
  codes = new Map((await database.db.select().from(countries)).map((c) => [c.id, c.isoCode]));
});

afterAll(async () => {
  await database?.close();
});

const idOf = (iso: string) => [...codes].find(([, code]) => code === iso)![0];

async function apply(type: FeatureType, fields: Record<string, string | string[]>) {
  const data = new FormData();
  const base = {
    websiteUrl: `${String(fields.name).toLowerCase().replace(/\W+/g, "")}.example`,
    tagline: "Facts investors filter on",
    description: "A company that tells investors when it was founded, how many people it has and what it raised.",
    industryIds: "1",
    geographyIds: "1",
    contactName: "Lea Favre",
    contactEmail: "lea@facts.example",
  };
  for (const [key, value] of Object.entries({ ...base, ...fields })) for (const v of [value].flat()) data.append(key, v);
  const parsed = parseFeatureApplication(type, readFeatureForm(data), { countryCodes: codes, now: NOW });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return submitFeatureApplication(database, { type, input: parsed.data, logo: null, userId: null, clientAddress: "10.9.0.2" });
}

describe("an application's company facts", () => {
  it("are stored, shown to the operator as sent, and land in the approved listing as the company's", async () => {
    const id = await apply("startup", {
      name: "Facts Forge",
      fundingStageId: "2",
      hqCountryId: String(idOf("CH")),
      countryIds: [String(idOf("DE")), String(idOf("CH"))],
      phone: "022 555 01 23",
      foundedYear: "2019",
      teamSize: "11-50",
      totalFundingRaised: "2,500,000",
      latestRoundType: "seed",
      latestRoundDate: "2025-06-30",
    });
    const stored = await getFeatureApplication(database, id);
    expect(stored).toMatchObject({ hqCountryId: idOf("CH"), foundedYear: 2019, teamSize: "11-50", totalFundingRaised: 2_500_000 });

    // The operator's page fills the same fields with what was sent.
    const review = await applicationReviewData(database, stored!);
    expect(review.application.values.text).toMatchObject({
      hqCountryId: String(idOf("CH")),
      foundedYear: "2019",
      teamSize: "11-50",
      totalFundingRaised: "2500000",
      latestRoundType: "seed",
      latestRoundDate: "2025-06-30",
      phone: "+41225550123",
    });

    const approved = await approveFeatureApplication(database, id, { featured: false, admin, now: NOW });
    const [listing] = await database.db.select().from(listings).where(eq(listings.id, approved.id));
    expect(listing).toMatchObject({
      foundedYear: 2019,
      teamSize: "11-50",
      totalFundingRaised: 2_500_000,
      latestRoundType: "seed",
      latestRoundDate: "2025-06-30",
      phone: "+41225550123",
      // The headquarters country leads, once.
      countryIds: [idOf("CH"), idOf("DE")],
    });
    const sources = (await getFieldSources(database.db, [approved.id])).get(approved.id)!;
    for (const field of ["foundedYear", "teamSize", "totalFundingRaised", "latestRoundType", "latestRoundDate", "countryIds"])
      expect(sources[field], field).toMatchObject({ source: "feature_application", setAt: NOW.toISOString() });
  });

  it("left out leave the listing without them (and without a provenance record)", async () => {
    const id = await apply("partner", { name: "Quiet Partner", businessModelId: "1", teamSize: "201-1000" });
    const approved = await approveFeatureApplication(database, id, { featured: false, admin, now: NOW });
    const [listing] = await database.db.select().from(listings).where(eq(listings.id, approved.id));
    expect(listing).toMatchObject({
      teamSize: "201-1000",
      foundedYear: null,
      totalFundingRaised: null,
      latestRoundType: null,
      countryIds: [],
    });
    const sources = (await getFieldSources(database.db, [approved.id])).get(approved.id)!;
    expect(sources.teamSize?.source).toBe("feature_application");
    for (const field of ["foundedYear", "totalFundingRaised", "latestRoundDate"]) expect(sources[field], field).toBeUndefined();
  });

  it("a team size outside the bands never reaches the table, even past the form", async () => {
    await expect(
      database.rows(
        sql`INSERT INTO feature_applications (type, name, website_url, tagline, description, contact_name, contact_email, team_size)
          VALUES ('startup', 'Band Breaker', 'https://b.example', 't', 'd', 'c', 'c@b.example', '12')`,
      ),
    ).rejects.toThrow(/team_size/);
  });
});
