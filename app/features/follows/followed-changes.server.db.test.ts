/**
 * The follows section of the digest over real audit entries, written by the real editor save and the real provider
 * import: each kind of change in words, the period's bounds, and the gates. A member is told only what their tier
 * may see now: a listing above it never appears, and a change to a gated field they may not see is not told at all,
 * which these tests check in the returned text itself.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { fieldVisibilityRules } from "#db/schema/reference.ts";
import { seedReferenceData } from "#demo/seed-database.ts";
import { clearFieldRulesCache } from "~/features/access/field-rules.server.ts";
import { importCompanies } from "~/features/imports/server/import-batch.server.ts";
import { toImportedCompany } from "~/features/imports/provider/map-provider-record.ts";
import { ProviderRecord } from "~/features/imports/provider/provider-record.ts";
import { readListingForm, type ListingFormValues } from "~/features/listing-editor/form-values.ts";
import { getListingForEdit } from "~/features/listing-editor/get-listing-for-edit.server.ts";
import { parseListingForm } from "~/features/listing-editor/listing-form.ts";
import { toFormValues } from "~/features/listing-editor/listing-snapshot.ts";
import { saveListing } from "~/features/listing-editor/save-listing.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { followedChangesDigestSection } from "./followed-changes.server.ts";
import { followListing, listFollows, unfollowListing } from "./follows.server.ts";

let database: Database;
let refs: Awaited<ReturnType<typeof seedReferenceData>>;
const admin = { id: "changes-admin" };
const tiers = ["public", "subscriber", "premium"] as const;
type Tier = (typeof tiers)[number];
const members = { public: "changes-pat", subscriber: "changes-sam", premium: "changes-priya" } as const;

// Audit entries carry the database's time; each step pins what it wrote to a time of the test's own (all before
// 2021, so whatever the clock says, a fresh entry is newer than every pinned one).
const BEFORE = new Date("2020-05-01T00:00:00Z");
const PERIOD = { from: new Date("2020-06-01T00:00:00Z"), to: new Date("2020-06-02T00:00:00Z") };
const IN_PERIOD = new Date("2020-06-01T10:00:00Z");
const AFTER = new Date("2020-06-02T00:00:00Z"); // the period's end is not in it

async function pinNewEntries(at: Date) {
  await database.rows(sql`UPDATE audit_log SET timestamp = ${at.toISOString()}::timestamptz WHERE timestamp >= '2021-01-01'`);
}

const section = (tier: Tier, asTier: Tier = tier, period = PERIOD) =>
  followedChangesDigestSection(database, { userId: members[tier], tier: asTier }, period);

const itemOf = async (tier: Tier, name: string, asTier: Tier = tier) => (await section(tier, asTier))?.items.find((i) => i.title === name);

/** A listing made in the editor, as an operator would, its creation pinned before the period. */
async function createListing(fields: Record<string, string>): Promise<string> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ type: "startup", visibility: "public", ...fields })) form.append(key, value);
  const parsed = parseListingForm(readListingForm(form));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const saved = await saveListing(database, { id: null, admin, input: parsed.data });
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  await pinNewEntries(BEFORE);
  return saved.id;
}

/** An editor save of the listing as it stands with `change` applied, pinned at `at`. */
async function edit(id: string, change: (values: ListingFormValues) => void, at = IN_PERIOD) {
  const values = toFormValues((await getListingForEdit(database, id))!);
  change(values);
  const parsed = parseListingForm(values);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const saved = await saveListing(database, { id, admin, input: parsed.data });
  if (!saved.ok) throw new Error(JSON.stringify(saved.errors));
  await pinNewEntries(at);
}

async function followBy(tiersFollowing: readonly Tier[], listingId: string) {
  for (const tier of tiersFollowing) await followListing(database, { id: members[tier], tier }, listingId);
}

const stage = (name: string) => String(refs.fundingStages.find((s) => s.name === name)!.id);
const range = (code: string) => String(refs.revenueRanges.find((r) => r.code === code)!.id);

beforeAll(async () => {
  database = await openTestDatabase();
  refs = await seedReferenceData(database);
  // The gates these tests read: the team and the problem for subscribers up, the revenue range for premium.
  await database.db.delete(fieldVisibilityRules);
  await database.db.insert(fieldVisibilityRules).values([
    { fieldName: "team", accessLevel: "subscriber" },
    { fieldName: "problem", accessLevel: "subscriber" },
    { fieldName: "revenueRange", accessLevel: "premium" },
  ]);
  clearFieldRulesCache(database);
  await database.db
    .insert(users)
    .values([
      { id: admin.id, name: "Admin", email: "changes-admin@members.test", tier: "premium", role: "admin", emailVerified: true },
      ...tiers.map((tier) => ({ id: members[tier], name: tier, email: `${members[tier]}@members.test`, tier, emailVerified: true })),
    ]);
});

afterAll(async () => {
  await database?.close();
});

describe("an editor's save, told to each tier", () => {
  let acme: string;
  beforeAll(async () => {
    acme = await createListing({
      name: "Acme Robotics",
      description: "Robots for warehouses.",
      fundingStageId: stage("Seed"),
      revenueRangeId: range("100k_to_1m"),
      problem: "Warehouses lack hands.",
      "team[0][name]": "Ada Brightwater",
      "fundingRounds[0][roundType]": "seed",
      "fundingRounds[0][amount]": "1000000",
    });
    await followBy(tiers, acme);
    await edit(acme, (v) => {
      v.fields.description = "Robots for warehouses and ports.";
      v.fields.fundingStageId = stage("Series B");
      v.fields.revenueRangeId = range("5m_to_10m");
      v.fields.problem = "Ports lack hands too.";
      v.rows.team = [...v.rows.team, { name: "Kofi Mensah" }, { name: "Mara Lind" }];
      v.rows.fundingRounds = [...v.rows.fundingRounds, { roundType: "series-a", amount: "12000000", currency: "USD" }];
    });
  });

  it("tells a premium member every change, in plain words, with the profile's address", async () => {
    expect(await section("premium")).toEqual({
      heading: "Listings you follow",
      items: [
        {
          title: "Acme Robotics",
          url: "/profile/startup/acme-robotics",
          detail:
            "New funding round: Series A, $12.0M; Stage changed to Series B; Team: 2 people added; Description updated; " +
            "Revenue range changed to $5M < X < $10M; Problem updated",
        },
      ],
    });
  });

  it("leaves out the revenue range for a subscriber, value and change alike", async () => {
    const text = JSON.stringify(await section("subscriber"));
    expect((await itemOf("subscriber", "Acme Robotics"))!.detail).toBe(
      "New funding round: Series A, $12.0M; Stage changed to Series B; Team: 2 people added; Description updated; Problem updated",
    );
    expect(text).not.toMatch(/revenue|\$5M|5m_to_10m/i);
  });

  it("leaves out the team, the problem and the revenue range for a free member", async () => {
    const text = JSON.stringify(await section("public"));
    expect((await itemOf("public", "Acme Robotics"))!.detail).toBe(
      "New funding round: Series A, $12.0M; Stage changed to Series B; Description updated",
    );
    expect(text).not.toMatch(/team|people|person|Kofi|Mara|problem|hands|revenue|\$5M/i);
  });

  it("tells only what happened in the period: [from, to)", async () => {
    expect(await section("premium", "premium", { from: AFTER, to: new Date("2020-06-03T00:00:00Z") })).toBeNull();
    expect(await section("premium", "premium", { from: new Date("2020-05-02T00:00:00Z"), to: IN_PERIOD })).toBeNull();
    await edit(acme, (v) => void (v.fields.tagline = "After the period"), AFTER);
    expect((await itemOf("premium", "Acme Robotics"))!.detail).not.toContain("Tagline");
  });
});

describe("a change only to what the member may not see", () => {
  it("is not told at all, not even as a change: the listing is absent and the section null", async () => {
    const quiet = await createListing({ name: "Quiet Labs", "team[0][name]": "Ada", problem: "Noise." });
    await followBy(tiers, quiet);
    await edit(quiet, (v) => {
      v.rows.team = [...v.rows.team, { name: "Lin Quietly" }];
      v.fields.problem = "Too much noise.";
    });
    await edit(quiet, (v) => void (v.fields.revenueRangeId = range("1m_to_5m")));
    expect(JSON.stringify(await section("public"))).not.toContain("Quiet Labs");
    expect((await itemOf("subscriber", "Quiet Labs"))!.detail).toBe("Team: 1 person added; Problem updated");
    expect((await itemOf("premium", "Quiet Labs"))!.detail).toBe(
      "Team: 1 person added; Revenue range changed to $1M < X < $5M; Problem updated",
    );
  });

  it("follows the listing's own field levels over the global rules, both ways", async () => {
    const openTeam = await createListing({ name: "Open Team Co", "team[0][name]": "Ada", "fieldVisibility[team]": "public" });
    const closedProblem = await createListing({ name: "Closed Problem Co", problem: "A", "fieldVisibility[problem]": "premium" });
    await followBy(tiers, openTeam);
    await followBy(tiers, closedProblem);
    await edit(openTeam, (v) => void (v.rows.team = [...v.rows.team, { name: "Sol" }]));
    await edit(closedProblem, (v) => void (v.fields.problem = "B"));
    expect((await itemOf("public", "Open Team Co"))!.detail).toBe("Team: 1 person added");
    expect(await itemOf("subscriber", "Closed Problem Co")).toBeUndefined();
    expect((await itemOf("premium", "Closed Problem Co"))!.detail).toBe("Problem updated");
  });
});

describe("a listing above the member's tier", () => {
  it("never appears: after a downgrade, or when the save itself raised the listing's level", async () => {
    const premiumOnly = await createListing({ name: "Premium Only Inc", visibility: "premium", description: "A" });
    await followBy(["premium"], premiumOnly);
    await edit(premiumOnly, (v) => void (v.fields.description = "B"));
    expect((await itemOf("premium", "Premium Only Inc"))!.detail).toBe("Description updated");
    expect(JSON.stringify(await section("premium", "subscriber"))).not.toContain("Premium Only");

    const raised = await createListing({ name: "Raised Co", description: "A" });
    await followBy(["public", "subscriber"], raised);
    await edit(raised, (v) => {
      v.fields.description = "B";
      v.fields.visibility = "subscriber";
    });
    expect((await itemOf("subscriber", "Raised Co"))!.detail).toBe("Description updated");
    expect(JSON.stringify(await section("public"))).not.toContain("Raised Co");
  });
});

describe("a provider import merged into a followed listing", () => {
  it("tells the new round to all, and the people it added to tiers that see the team", async () => {
    const quill = await createListing({
      name: "Quillfeather Robotics",
      websiteUrl: "https://quillfeather.io",
      linkedinUrl: "https://linkedin.com/company/quillfeather",
      "team[0][name]": "Existing Person",
    });
    // The free member is at the cap by now: they make room, as they would.
    const pat = { id: members.public, tier: "public" };
    await unfollowListing(database, pat, (await listFollows(database, pat)).items.at(-1)!.listingId);
    await followBy(tiers, quill);
    const now = new Date("2026-11-23T12:00:00Z");
    const record = ProviderRecord.parse({
      id: "lot-follow-1",
      date: "2026-09-01",
      company_name: "Quillfeather Robotics Inc",
      company_info: {
        website: "www.quillfeather.io/en",
        description: "Quillfeather Robotics designs grippers for food handling.",
        linkedin_url: "https://www.linkedin.com/company/quillfeather/",
      },
      funding_amount: 15_000_000,
      currency: "EUR",
      round_type: "Series A",
      contact_info: { employees: [{ name: "Wren Okafor", title: "COO" }] },
    });
    const company = toImportedCompany(record, { endpoint: "funding", now });
    if ("dropped" in company) throw new Error("dropped");
    const result = await importCompanies(database, [company], { source: "provider", now });
    expect(result.results.map((r) => [r.outcome, r.listingId])).toEqual([["merged", quill]]);
    await pinNewEntries(IN_PERIOD);

    const free = (await itemOf("public", "Quillfeather Robotics"))!.detail;
    expect(free).toMatch(/^New funding round: Series A, \$15\.0M/);
    expect(free).toContain("Description updated");
    expect(free).not.toMatch(/team|Wren/i);
    expect((await itemOf("subscriber", "Quillfeather Robotics"))!.detail).toContain("Team: 1 person added");
  });
});

describe("nothing to tell", () => {
  it("is null: no follows, or follows that did not change", async () => {
    await database.db
      .insert(users)
      .values({ id: "changes-nobody", name: "Nobody", email: "nobody@members.test", tier: "premium", emailVerified: true });
    expect(await followedChangesDigestSection(database, { userId: "changes-nobody", tier: "premium" }, PERIOD)).toBeNull();
    const still = await createListing({ name: "Still Waters" });
    await followListing(database, { id: "changes-nobody", tier: "premium" }, still);
    expect(await followedChangesDigestSection(database, { userId: "changes-nobody", tier: "premium" }, PERIOD)).toBeNull();
  });
});
