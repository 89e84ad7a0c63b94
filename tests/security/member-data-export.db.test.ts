/**
 * "Download my data" (GDPR Art. 15 and 20, decision 0077): the file holds every kind of record a member leaves
 * (planted through the product's write paths, support/plant-member.ts, with a plan paid by card through the local fake
 * of Stripe), their invoices as the payment provider holds them, nothing of another member or an operator, and no
 * secret: no password hash, session token, API key or its hash, verification value, unsubscribe link, webhook or card
 * detail. Read page by page, it is the same file whatever the page size. When the provider does not answer, the file
 * says so and holds everything else.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { memberDataChunks, memberDataHeader, type ExportHeader } from "~/features/member-data/export-member-data.server.ts";
import { plantMember, sessionUser, signUp, type Planted } from "./support/plant-member.ts";
import { startPlantPayments, type PlantPayments } from "./support/plant-payments.ts";
import { createSavedSearch } from "~/features/saved-searches/saved-searches.server.ts";

const NAME = "Quilla Vantablack";
const EMAIL = "Quilla.Vantablack@Example.ORG";
const OTHER = { name: "Bertram Oakhollow", email: "bertram.oakhollow@example.net" };

let database: Database;
let payments: PlantPayments;
let planted: Planted;
let header: ExportHeader;
let text: string;
let file: Record<string, unknown>;

const EXPORTED_AT = new Date("2031-05-01T10:00:00Z");

async function exportOf(id: string, pageSize?: number, withHeader = header): Promise<string> {
  let out = "";
  for await (const chunk of memberDataChunks(database, { id, email: EMAIL.toLowerCase() }, withHeader, pageSize)) out += chunk;
  return out;
}

const list = (name: string) => file[name] as Array<Record<string, unknown>>;

beforeAll(async () => {
  payments = await startPlantPayments(() => database);
  database = await openTestDatabase();
  await seedListings(database, 24);
  planted = await plantMember(database, { name: NAME, email: EMAIL, other: OTHER, payments });
  // The other member has records of their own, which must stay out of this member's file.
  const [bertram] = await database.rows<{ id: string }>(sql`SELECT id FROM users WHERE email = ${OTHER.email}`);
  await database.rows(sql`UPDATE users SET tier = 'premium' WHERE id = ${bertram!.id} RETURNING id`);
  await createSavedSearch(
    database,
    { id: bertram!.id, tier: "premium" },
    { name: "Bertram's own search", query: "type=investor", alertFrequency: "off" },
  );
  await signUp(database, "Carla Stranger", "carla.stranger@example.net");
  header = await memberDataHeader(database, await sessionUser(database, planted.id), payments.gateway, EXPORTED_AT);
  text = await exportOf(planted.id);
  file = JSON.parse(text) as Record<string, unknown>;
}, 120_000);

afterAll(async () => {
  await payments?.close();
  await database?.close();
});

describe("the member's data file", () => {
  it("holds their profile, plan and every kind of record they made", () => {
    expect(file.format).toBe("introbase-member-data/1");
    expect(file.profile).toMatchObject({
      id: planted.id,
      name: NAME,
      email: EMAIL.toLowerCase(),
      role: "admin",
      tier: "premium",
      lastSignedInAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      disabledAt: null,
    });
    expect(file.plan).toEqual({ tier: "premium", name: "Premium", monthlyPrice: 99 });
    expect(list("signInMethods")).toEqual([expect.objectContaining({ method: "password", providerAccountId: null })]);
    expect(list("sessions")).toEqual([expect.objectContaining({ userAgent: `Browser of ${NAME}` })]);
    expect(list("subscriptionChanges")).toEqual([
      expect.objectContaining({ plan: "Premium", tier: "premium", status: "granted", monthlyPrice: 99 }),
    ]);
    expect(list("usage").map((u) => u.action)).toEqual(expect.arrayContaining(["company_view", "api_call"]));
    expect(list("profilesViewed").map((v) => v.listingId)).toContain(planted.listings.survivor.id);
    expect(list("savedSearches")).toEqual([
      expect.objectContaining({ name: planted.savedSearchName, query: "type=startup", alerts: "weekly" }),
    ]);
    expect(list("follows")).toEqual([expect.objectContaining({ listingId: planted.listings.followed.id })]);
    expect(list("followEmailSettings")).toEqual([expect.objectContaining({ emails: true })]);
    expect(list("teamFollowsYouAdded")).toEqual([expect.objectContaining({ listingId: planted.listings.followed.id })]);
    expect(list("teamDigests")).toEqual([expect.objectContaining({ optedIn: true })]);
    // Lists (decisions 0118, 0120): the private list whole; of the team's list only what the member put there.
    expect(list("lists")).toEqual([
      expect.objectContaining({
        name: "Private picks",
        columns: ["Sourced", "Contacted", "Meeting", "Passed"],
        entries: [
          expect.objectContaining({ listingId: planted.listings.asked.id, listing: planted.listings.asked.name, status: "Sourced" }),
        ],
      }),
    ]);
    expect(list("teamListEntriesYouAdded")).toEqual([
      expect.objectContaining({ listingId: planted.listings.followed.id, teamId: expect.any(String) }),
    ]);
    expect(list("listNotesYouWrote")).toEqual([
      expect.objectContaining({ listingId: planted.listings.followed.id, note: `${NAME} met them on Monday.` }),
    ]);
    expect(list("listTagsYouAdded")).toEqual([expect.objectContaining({ listingId: planted.listings.followed.id, tag: "hot" })]);
    expect(list("digestEmails")).toHaveLength(1);
    // The owner's monthly summary (decision 0117): the switch and the month e-mailed.
    expect(list("listingSummaryEmailSettings")).toEqual([expect.objectContaining({ emails: true })]);
    expect(list("listingSummaryEmails")).toEqual([expect.objectContaining({ month: "2026-10", status: "stored" })]);
    expect(list("introRequestsSent").map((r) => [r.recipient, r.status])).toEqual(
      expect.arrayContaining([
        [planted.listings.asked.name, "accepted"],
        [planted.listings.rejected.name, "rejected"],
      ]),
    );
    expect(list("introRequestsSent").every((r) => r.message === `Hello, I am ${NAME}.`)).toBe(true);
    // As a listing's contact, and as the owner who accepted a request to the listing they keep (decision 0116).
    expect(list("introRequestsReceived")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ listing: planted.listings.contact.name, status: "awaiting_recipient" }),
        expect.objectContaining({ listing: planted.listings.followed.name, status: "accepted" }),
      ]),
    );
    expect(list("introRequestsReceived")).toHaveLength(2);
    expect(list("introRequestsAnsweredAsOwner")).toEqual([
      expect.objectContaining({ listing: planted.listings.followed.name, status: "accepted", yourNote: "Glad to talk next week." }),
    ]);
    expect(list("introPreferencesYouSet")).toEqual([
      expect.objectContaining({ listingId: planted.listings.followed.id, plans: ["subscriber", "premium"], monthlyCap: 30 }),
    ]);
    expect(list("listingsWithYourAddress").map((l) => [l.listing, l.as])).toEqual(
      expect.arrayContaining([
        [planted.listings.contact.name, "primary contact"],
        [planted.listings.contact.name, "team member"],
      ]),
    );
    expect(list("apiKeys")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: `${NAME} CRM sync`, prefix: planted.apiKeyPrefix, teamId: null }),
        expect.objectContaining({ name: `${NAME} team sync`, teamId: expect.any(String) }),
      ]),
    );
    expect(list("duplicateReports")).toEqual([expect.objectContaining({ note: `${NAME} thinks these are one company` })]);
    expect(list("listingChangesProposed")).toEqual([
      expect.objectContaining({ listingId: planted.listings.followed.id, status: "rejected", note: "Please keep the tagline factual." }),
    ]);
    expect(list("pilotApplications")).toEqual([expect.objectContaining({ company: "Umbra Works", contactEmail: EMAIL })]);
    expect(list("featureApplications")).toEqual([
      expect.objectContaining({ company: "Field Notes Co", team: [{ name: NAME, title: "CEO" }] }),
    ]);
    expect(list("auditEntries").map((a) => a.operation)).toEqual(
      expect.arrayContaining(["intro_request", "feature_application", "merge_operation"]),
    );
    expect(list("emailsSentToYou").map((m) => m.kind)).toEqual(
      expect.arrayContaining([
        "verify_email",
        "intro_accepted",
        "intro_rejected",
        "intro_request",
        "application_received",
        "owner_insights_summary",
      ]),
    );
  });

  it("holds their payments: the customer at the provider, the subscription, the grants and the invoices with their PDFs", () => {
    const { customerId, subscriptionId, invoiceIds } = planted.paid;
    expect(file.billingCustomer).toEqual({
      customerId,
      firstPaymentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      moneyBackGuaranteeUsedAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(list("subscriptions")).toEqual([
      {
        id: subscriptionId,
        status: "active",
        plan: "Subscriber",
        tier: "subscriber",
        interval: "monthly",
        currentPeriodEnd: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        // An operator refunded its first payment, the plan running to the end of the period (plant-member.ts).
        cancelAtPeriodEnd: true,
        pastDueSince: null,
        endedAt: null,
        refundedAt: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    expect(list("refunds")).toEqual([
      { invoiceId: invoiceIds[0], amount: 2900, currency: "usd", planEnding: "period_end", at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
    expect(list("tierGrants")).toEqual([
      expect.objectContaining({
        source: "complimentary",
        plan: "Premium",
        tier: "premium",
        endsAt: planted.complimentaryUntil.toISOString(),
        note: `Thank you, ${NAME}, for the pilot`,
      }),
      expect.objectContaining({ source: "demo", plan: "Premium", tier: "premium", endsAt: null }),
    ]);
    expect(list("invoices")).toEqual([
      {
        id: invoiceIds[0],
        number: expect.stringMatching(/^IB-FAKE-\d+$/),
        status: "paid",
        amountDue: 2900,
        amountPaid: 2900,
        currency: "usd",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        subscriptionId,
        hostedUrl: `${payments.fake.url}/i/${invoiceIds[0]}`,
        pdfUrl: `${payments.fake.url}/i/${invoiceIds[0]}/pdf`,
      },
    ]);
    expect(file.invoicesUnavailable).toBeNull();
  });

  it("says so when the payment provider does not answer, and holds everything else", async () => {
    payments.fake.faults.push({ path: "/v1/invoices", method: "GET", status: 500, times: 1, shouldRetry: false });
    const offline = await memberDataHeader(database, await sessionUser(database, planted.id), payments.gateway, EXPORTED_AT);
    const partial = JSON.parse(await exportOf(planted.id, undefined, offline)) as Record<string, unknown>;
    expect(partial.invoices).toEqual([]);
    expect(partial.invoicesUnavailable).toBe(
      "Your invoices could not be read from our payment provider just now. Download your data again in a few minutes to include them.",
    );
    expect({ ...partial, invoices: file.invoices, invoicesUnavailable: null }).toEqual(file);
  });

  it("holds nothing of another member or an operator", async () => {
    // Not the name of the team list the other member made (their words); the entry they put on it is not in
    // teamListEntriesYouAdded (the first test), and their note and tag are looked for below.
    expect(text).not.toContain('"Pipeline"');
    const [bertram] = await database.rows<{ id: string }>(sql`SELECT id FROM users WHERE email = ${OTHER.email}`);
    for (const other of [
      OTHER.name,
      OTHER.email,
      bertram!.id,
      "Bertram's own search",
      "oakhollow-doubts",
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
      // The payment provider's keys, its webhook events (their ids name the notices, not the member's records), the card.
      payments.fake.apiKey,
      payments.fake.webhookSecret,
      ...(await database.rows<{ v: string }>(sql`SELECT id AS v FROM billing_events`)).map((r) => r.v),
    ].filter((secret) => secret !== planted.id);
    expect(secrets.length).toBeGreaterThan(6);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/ib_[A-Za-z0-9_-]{20,}/);
    expect(text).not.toMatch(/\/unsubscribe\/|\/verify-email\?token=|\/introductions\/respond\//);
    // Nothing of the card or the payments' inner objects: only what the member's invoices show.
    expect(text).not.toMatch(/"last4"|"brand"|\b(pm|pi|ch|evt)_IB\d+/);
  });

  it("is the same file read one row at a time", async () => {
    expect(JSON.parse(await exportOf(planted.id, 1))).toEqual(file);
  });
});
