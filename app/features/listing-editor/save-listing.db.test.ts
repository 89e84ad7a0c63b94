/**
 * The listing editor against a real database: creating, editing every section (child lists replaced in order),
 * slug uniqueness, the audit entry, concurrent saves, and all-or-nothing writes.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#db/schema/audit.ts";
import { faqs, fundingRounds, howItWorksSteps, investorRelationships, teamMembers } from "#db/schema/listing-details.ts";
import { listings } from "#db/schema/listings.ts";
import { seedListings } from "#demo/seed-database.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { readListingForm, type ListingFormValues } from "./form-values.ts";
import { getListingForEdit } from "./get-listing-for-edit.server.ts";
import { parseListingForm, type ListingInput } from "./listing-form.ts";
import { toFormValues } from "./listing-snapshot.ts";
import { saveListing } from "./save-listing.server.ts";

let database: Database;
const admin = { id: "admin-editor" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 40);
  await insertMember(database, admin.id, "premium", "admin");
});

afterAll(async () => {
  await database?.close();
});

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(key, v);
  return data;
}

function parsed(values: ListingFormValues): ListingInput {
  const result = parseListingForm(values);
  if (!result.ok) throw new Error(`form refused: ${JSON.stringify(result.errors)}`);
  return result.data;
}

const input = (fields: Record<string, string | string[]>) =>
  parsed(readListingForm(form({ type: "startup", visibility: "public", ...fields })));

async function auditFor(id: string) {
  return database.db.select().from(auditLog).where(eq(auditLog.recordId, id)).orderBy(asc(auditLog.timestamp));
}

async function seededStartup(offset = 0) {
  const [row] = await database.db
    .select({ id: listings.id, name: listings.name, slug: listings.slug })
    .from(listings)
    .where(eq(listings.type, "startup"))
    .orderBy(asc(listings.name))
    .offset(offset)
    .limit(1);
  return row!;
}

describe("creating a listing", () => {
  it("publishes it with a slug from its name, its child lists in order, and an audit entry by the admin", async () => {
    const result = await saveListing(database, {
      id: null,
      admin,
      input: input({
        name: "Zürich Ōrbit Labs",
        tagline: "Satellites for everyone",
        websiteUrl: "orbit-labs.example",
        "team[0][name]": "Ada Lovelace",
        "team[1][name]": "Grace Hopper",
        "howItWorks[0][text]": "Launch",
      }),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const listing = await getListingForEdit(database, result.id);
    expect(listing!.columns).toMatchObject({
      slug: "zurich-orbit-labs",
      processingStatus: "published",
      dataSource: "admin",
      websiteUrl: "https://orbit-labs.example",
      matchDomain: "orbit-labs.example",
    });
    expect(listing!.team.map((m) => m.name)).toEqual(["Ada Lovelace", "Grace Hopper"]);
    const [entry] = await auditFor(result.id);
    expect(entry).toMatchObject({ operation: "listing_edit", source: "admin", action: "created", actorId: admin.id });
    expect(entry!.details.changedFields).toEqual(expect.arrayContaining(["name", "slug", "tagline", "websiteUrl", "team", "howItWorks"]));
    expect(entry!.details.changedFields).not.toContain("faqs");
  });

  it("numbers the slug when the name's slug is taken", async () => {
    const existing = await seededStartup();
    const result = await saveListing(database, { id: null, admin, input: input({ name: existing.name }) });
    if (!result.ok) throw new Error("refused");
    expect((await getListingForEdit(database, result.id))!.columns.slug).toBe(`${existing.slug}-2`);
  });
});

describe("editing a listing", () => {
  it("writes every section, replaces the child lists in the order given and names what changed", async () => {
    const { id } = await seededStartup(1);
    const before = (await getListingForEdit(database, id))!;
    const values = toFormValues(before);
    values.fields = {
      ...values.fields,
      tagline: "A brand-new tagline",
      foundedYear: "1999",
      aum: "2500000",
      ceo: "Mara Lind",
      noindex: "on",
    };
    values.lists.industryIds = [...(values.lists.industryIds ?? [])].reverse(); // same set: not a change
    values.fieldVisibility = { ...values.fieldVisibility, team: "premium" };
    values.rows = {
      team: [{ name: "Third" }, { name: "First", title: "CEO" }, { name: "Second" }],
      faqs: [{ question: "Is it safe?", answer: "Yes." }],
      keyUseCases: [{ title: "Factories" }, { title: "Warehouses", description: "Stock counts" }],
      howItWorks: [{ text: "Two" }, { text: "One" }],
      fundingRounds: [
        { roundType: "seed", amount: "1000000", currency: "EUR", fundingDate: "2024-03-01", allInvestors: "Acme Ventures, Beta Fund" },
        { roundType: "series-a", amount: "5,000,000", currency: "USD" },
      ],
    };
    const savedAt = new Date(before.columns.updatedAt.getTime() + 60_000);
    const result = await saveListing(database, { id, admin, input: parsed(values), now: savedAt });
    expect(result).toMatchObject({ ok: true, created: false });

    const after = (await getListingForEdit(database, id))!;
    expect(after.columns).toMatchObject({
      tagline: "A brand-new tagline",
      foundedYear: 1999,
      aum: 2_500_000,
      ceo: "Mara Lind",
      noindex: true,
    });
    expect(after.columns.fieldVisibility).toMatchObject({ team: "premium" });
    expect(after.columns.updatedAt).toEqual(savedAt);
    const team = await database.db
      .select({ name: teamMembers.name, position: teamMembers.position })
      .from(teamMembers)
      .where(eq(teamMembers.listingId, id))
      .orderBy(asc(teamMembers.position));
    expect(team).toEqual([
      { name: "Third", position: 0 },
      { name: "First", position: 1 },
      { name: "Second", position: 2 },
    ]);
    expect(after.howItWorks).toEqual(["Two", "One"]);
    expect(after.faqs).toEqual([{ question: "Is it safe?", answer: "Yes." }]);
    expect(after.keyUseCases.map((u) => u.title)).toEqual(["Factories", "Warehouses"]);
    expect(after.fundingRounds.map((r) => [r.roundType, r.amount, r.currency])).toEqual([
      ["seed", 1_000_000, "EUR"],
      ["series-a", 5_000_000, "USD"],
    ]);
    const relations = await database.db
      .select({ name: investorRelationships.investorName })
      .from(investorRelationships)
      .where(eq(investorRelationships.companyId, id));
    expect(relations.map((r) => r.name).sort()).toEqual(["Acme Ventures", "Beta Fund"]);

    const entries = await auditFor(id);
    expect(entries.at(-1)).toMatchObject({ action: "updated", actorId: admin.id });
    expect(entries.at(-1)!.details.changedFields).toEqual(
      expect.arrayContaining([
        "tagline",
        "aum",
        "foundedYear",
        "ceo",
        "noindex",
        "fieldVisibility",
        "team",
        "faqs",
        "keyUseCases",
        "howItWorks",
      ]),
    );
    expect(entries.at(-1)!.details.changedFields).not.toContain("industryIds");
  });

  it("saves nothing, and records nothing, when nothing changed", async () => {
    const { id } = await seededStartup(2);
    const before = (await getListingForEdit(database, id))!;
    const entries = (await auditFor(id)).length;
    const result = await saveListing(database, { id, admin, input: parsed(toFormValues(before)) });
    expect(result).toMatchObject({ ok: true, changed: [] });
    expect((await getListingForEdit(database, id))!.columns.updatedAt).toEqual(before.columns.updatedAt);
    expect(await auditFor(id)).toHaveLength(entries);
  });

  it("refuses another listing's slug beside the slug field", async () => {
    const mine = await seededStartup(3);
    const theirs = await seededStartup(4);
    const values = toFormValues((await getListingForEdit(database, mine.id))!);
    values.fields.slug = theirs.slug;
    const result = await saveListing(database, { id: mine.id, admin, input: parsed(values) });
    expect(result).toEqual({ ok: false, errors: { slug: `“${theirs.slug}” is already the slug of ${theirs.name}. Choose another.` } });
    expect((await getListingForEdit(database, mine.id))!.columns.slug).toBe(mine.slug);
  });

  it("refuses a save over someone else's newer save, and says when", async () => {
    const { id } = await seededStartup(5);
    const stale = toFormValues((await getListingForEdit(database, id))!);
    const first = { ...stale, fields: { ...stale.fields, tagline: "First save" } };
    expect((await saveListing(database, { id, admin, input: parsed(first) })).ok).toBe(true);
    const second = { ...stale, fields: { ...stale.fields, tagline: "Second save" } };
    const result = await saveListing(database, { id, admin, input: parsed(second) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.form).toMatch(/Someone else saved this listing/);
    expect((await getListingForEdit(database, id))!.columns.tagline).toBe("First save");
    // Saving again with the version the refusal gave replaces the other save, on purpose.
    const again = await saveListing(database, { id, admin, input: { ...parsed(second), version: result.version! } });
    expect(again.ok).toBe(true);
  });

  it("writes nothing when a child insert fails", async () => {
    const { id } = await seededStartup(6);
    const before = (await getListingForEdit(database, id))!;
    const entries = (await auditFor(id)).length;
    const values = toFormValues(before);
    values.fields.tagline = "Never saved";
    const broken = parsed(values);
    broken.faqs = [{ question: "Q", answer: null as unknown as string }]; // NOT NULL: the insert fails
    await expect(saveListing(database, { id, admin, input: broken })).rejects.toThrow();
    const after = (await getListingForEdit(database, id))!;
    expect(after.columns.tagline).toBe(before.columns.tagline);
    expect(after.columns.updatedAt).toEqual(before.columns.updatedAt);
    expect(after.faqs).toEqual(before.faqs);
    expect(await auditFor(id)).toHaveLength(entries);
  });

  it("refuses to edit a merged listing", async () => {
    const { id } = await seededStartup(7);
    const survivor = await seededStartup(8);
    const values = toFormValues((await getListingForEdit(database, id))!);
    await database.db.update(listings).set({ processingStatus: "merged", mergedInto: survivor.id }).where(eq(listings.id, id));
    await expect(saveListing(database, { id, admin, input: { ...parsed(values), version: null } })).rejects.toMatchObject({
      code: "conflict",
    });
    expect((await getListingForEdit(database, id))!.survivor).toEqual({ id: survivor.id, name: survivor.name });
  });
});

it("keeps the provenance of rounds carried over", async () => {
  const [round] = await database.db
    .select({ listingId: fundingRounds.listingId })
    .from(fundingRounds)
    .where(and(eq(fundingRounds.dataSource, "demo")))
    .limit(1);
  const listing = (await getListingForEdit(database, round!.listingId))!;
  const values = toFormValues(listing);
  values.rows.fundingRounds = [...values.rows.fundingRounds, { roundType: "other", currency: "USD" }];
  await saveListing(database, { id: listing.columns.id, admin, input: parsed(values) });
  const sources = await database.db
    .select({ dataSource: fundingRounds.dataSource })
    .from(fundingRounds)
    .where(eq(fundingRounds.listingId, listing.columns.id))
    .orderBy(asc(fundingRounds.id));
  expect(sources.map((s) => s.dataSource)).toEqual([...listing.fundingRounds.map(() => "demo"), "admin"]);
  expect(await database.db.select().from(faqs).where(eq(faqs.listingId, listing.columns.id))).toHaveLength(listing.faqs.length);
  expect(await database.db.select().from(howItWorksSteps).where(eq(howItWorksSteps.listingId, listing.columns.id))).toHaveLength(
    listing.howItWorks.length,
  );
});
