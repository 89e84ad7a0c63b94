/**
 * "Download my data" (GDPR Art. 15 and 20, decision 0077): the file holds every kind of record a member leaves
 * (planted through the product's write paths, test-support.ts), nothing of another member or an operator, and no
 * secret: no password hash, session token, API key or its hash, verification value, unsubscribe link. Read page by
 * page, it is the same file whatever the page size.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#db/seed/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "~/lib/test-database.ts";
import { memberDataChunks, type ExportHeader } from "~/features/member-data/export-member-data.server.ts";
import { plantMember, signUp, type Planted } from "./support/plant-member.ts";
import { createSavedSearch } from "~/features/saved-searches/saved-searches.server.ts";

const NAME = "Quilla Vantablack";
const EMAIL = "Quilla.Vantablack@Example.ORG";
const OTHER = { name: "Bertram Oakhollow", email: "bertram.oakhollow@example.net" };

let database: Database;
let planted: Planted;
let text: string;
let file: Record<string, unknown>;

const header: ExportHeader = {
  exportedAt: new Date("2031-05-01T10:00:00Z"),
  plan: { tier: "premium", name: "Enterprise", monthlyPrice: 99 },
};

async function exportOf(id: string, pageSize?: number): Promise<string> {
  let out = "";
  for await (const chunk of memberDataChunks(database, { id, email: EMAIL.toLowerCase() }, header, pageSize)) out += chunk;
  return out;
}

const list = (name: string) => file[name] as Array<Record<string, unknown>>;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 24);
  planted = await plantMember(database, { name: NAME, email: EMAIL, other: OTHER });
  // The other member has records of their own, which must stay out of this member's file.
  const [bertram] = await database.rows<{ id: string }>(sql`SELECT id FROM users WHERE email = ${OTHER.email}`);
  await database.rows(sql`UPDATE users SET tier = 'premium' WHERE id = ${bertram!.id} RETURNING id`);
  await createSavedSearch(
    database,
    { id: bertram!.id, tier: "premium" },
    { name: "Bertram's own search", query: "type=investor", alertFrequency: "off" },
  );
  await signUp(database, "Carla Stranger", "carla.stranger@example.net");
  text = await exportOf(planted.id);
  file = JSON.parse(text) as Record<string, unknown>;
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe("the member's data file", () => {
  it("holds their profile, plan and every kind of record they made", () => {
    expect(file.format).toBe("introbase-member-data/1");
    expect(file.profile).toMatchObject({ id: planted.id, name: NAME, email: EMAIL.toLowerCase(), role: "admin", tier: "premium" });
    expect(file.plan).toEqual(header.plan);
    expect(list("signInMethods")).toEqual([expect.objectContaining({ method: "password", providerAccountId: null })]);
    expect(list("sessions")).toEqual([expect.objectContaining({ userAgent: `Browser of ${NAME}` })]);
    expect(list("subscriptionChanges")).toEqual([
      expect.objectContaining({ plan: "Enterprise", tier: "premium", status: "granted", monthlyPrice: 99 }),
    ]);
    expect(list("usage").map((u) => u.action)).toEqual(expect.arrayContaining(["company_view", "api_call"]));
    expect(list("profilesViewed").map((v) => v.listingId)).toContain(planted.listings.survivor.id);
    expect(list("savedSearches")).toEqual([
      expect.objectContaining({ name: planted.savedSearchName, query: "type=startup", alerts: "weekly" }),
    ]);
    expect(list("follows")).toEqual([expect.objectContaining({ listingId: planted.listings.followed.id })]);
    expect(list("followEmailSettings")).toEqual([expect.objectContaining({ emails: true })]);
    expect(list("digestEmails")).toHaveLength(1);
    expect(list("introRequestsSent").map((r) => [r.recipient, r.status])).toEqual(
      expect.arrayContaining([
        [planted.listings.asked.name, "accepted"],
        [planted.listings.rejected.name, "rejected"],
      ]),
    );
    expect(list("introRequestsSent").every((r) => r.message === `Hello, I am ${NAME}.`)).toBe(true);
    expect(list("introRequestsReceived")).toEqual([
      expect.objectContaining({ listing: planted.listings.contact.name, status: "awaiting_recipient" }),
    ]);
    expect(list("listingsWithYourAddress").map((l) => [l.listing, l.as])).toEqual(
      expect.arrayContaining([
        [planted.listings.contact.name, "primary contact"],
        [planted.listings.contact.name, "team member"],
      ]),
    );
    expect(list("apiKeys")).toEqual([expect.objectContaining({ name: `${NAME} CRM sync`, prefix: planted.apiKeyPrefix })]);
    expect(list("duplicateReports")).toEqual([expect.objectContaining({ note: `${NAME} thinks these are one company` })]);
    expect(list("pilotApplications")).toEqual([expect.objectContaining({ company: "Umbra Works", contactEmail: EMAIL })]);
    expect(list("featureApplications")).toEqual([
      expect.objectContaining({ company: "Field Notes Co", team: [{ name: NAME, title: "CEO" }] }),
    ]);
    expect(list("auditEntries").map((a) => a.operation)).toEqual(
      expect.arrayContaining(["intro_request", "feature_application", "merge_operation"]),
    );
    expect(list("emailsSentToYou").map((m) => m.kind)).toEqual(
      expect.arrayContaining(["verify_email", "intro_accepted", "intro_rejected", "intro_request", "application_received"]),
    );
  });

  it("holds nothing of another member or an operator", async () => {
    const [bertram] = await database.rows<{ id: string }>(sql`SELECT id FROM users WHERE email = ${OTHER.email}`);
    for (const other of [
      OTHER.name,
      OTHER.email,
      bertram!.id,
      "Bertram's own search",
      "Carla Stranger",
      "carla.stranger",
      "Ada Operator",
      "op-ada",
    ]) {
      expect(text.toLowerCase(), other).not.toContain(other.toLowerCase());
    }
  });

  it("holds no secret", async () => {
    const secrets = [
      planted.apiKeySecret,
      ...(await database.rows<{ v: string }>(sql`SELECT secret_hash AS v FROM api_keys`)).map((r) => r.v),
      ...(await database.rows<{ v: string }>(sql`SELECT password AS v FROM accounts WHERE password IS NOT NULL`)).map((r) => r.v),
      ...(await database.rows<{ v: string }>(sql`SELECT token AS v FROM sessions`)).map((r) => r.v),
      ...(await database.rows<{ v: string }>(sql`SELECT identifier AS v FROM verifications UNION SELECT value FROM verifications`)).map(
        (r) => r.v,
      ),
      ...(await database.rows<{ v: string }>(sql`SELECT unsubscribe_url AS v FROM digest_deliveries`)).map((r) => r.v),
    ].filter((secret) => secret !== planted.id);
    expect(secrets.length).toBeGreaterThan(6);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/ib_[A-Za-z0-9_-]{20,}/);
    expect(text).not.toMatch(/\/unsubscribe\/|\/verify-email\?token=|\/introductions\/respond\//);
  });

  it("is the same file read one row at a time", async () => {
    expect(JSON.parse(await exportOf(planted.id, 1))).toEqual(file);
  });
});
