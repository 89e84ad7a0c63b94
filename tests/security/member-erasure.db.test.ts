/**
 * DESIGN D18, decision 0077: deleting an account leaves nothing of the person in the database. A member is planted
 * everywhere the product writes (support/plant-member.ts, with a plan paid by card through the local fake of Stripe),
 * every table and column is read from information_schema when the test runs, and after the deletion and its erasure
 * job no column holds their name, address (any letter case), id, or the payment provider's ids of their customer,
 * subscription, invoices and checkout; and the provider has ended the subscription, so the card is not charged again.
 *
 * The scan cannot pass by planting less: before the deletion, every table must hold the member somewhere, unless it is
 * listed below as unable to hold a member, with the reason. A table added later by anyone fails here until the
 * erasure handles it and a plant puts a member in it, or it is listed.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { getSessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { accountErasureHandler } from "~/features/member-data/account-erasure-job.server.ts";
import { ACCOUNT_ERASURE_JOB, deleteAccount } from "~/features/member-data/delete-account.server.ts";
import { DELETED_MEMBER } from "~/features/member-data/scrub-mentions.ts";
import { describeHits, everyTable, findMentions } from "./support/scan-for-member.ts";
import { plantMember, type Planted } from "./support/plant-member.ts";
import { startPlantPayments, type PlantPayments } from "./support/plant-payments.ts";

/** Tables that cannot hold a member's name, address or id, and why. Everything else must be planted. */
const HOLD_NO_MEMBER: Record<string, string> = {
  account_erasures: "the erasure's own record: it holds the member only while the job runs, and is deleted at its end",
  backup_runs: "database backups: who ran one is the operating-system user of the command, never a member",
  audit_runs: "machine runs (job type, import source, counts); who started one is a foreign key, set null with the account",
  business_models: "reference list",
  change_versions: "cache invalidation counters",
  countries: "reference list",
  digest_runs: "one row per cadence and period, no member",
  faqs: "listing content",
  field_visibility_rules: "reference: which tier sees which field",
  funding_rounds: "listing content",
  funding_stages: "reference list",
  geographies: "reference list",
  how_it_works_steps: "listing content",
  industries: "reference list",
  investor_relationships: "listing content",
  key_use_cases: "listing content",
  list_columns: "a list's status columns (issue 37): names the list's members gave them, no member",
  team_subscriptions: "a team's per-seat plan at the payment provider (issue 37): the team's customer and subscription ids, no member",
  owner_insight_runs: "one row per month of owners' summaries and its job, no member",
  listing_changes: "the directory's change log: listing ids and transaction numbers",
  listing_changes_pruned: "the change log's pruning mark: one transaction number",
  listing_description_terms: "words of listing descriptions",
  listing_field_sources: "sources and times of listing fields (import, operator edit, merge), no person",
  listing_insight_counts:
    "owner insights (decision 0117): weekly counts per listing and bucket (plan, listing type, industry name), never who",
  listing_sources: "external record ids of imported listings",
  target_personas: "reference list",
  revenue_ranges: "reference list",
  saved_search_snapshots: "listing ids only; deleted with the saved search",
  server_processes: "server heartbeats: host, pid and release of each process (decision 0107)",
  stored_files: "bytes, content type and hash of files (logos)",
  used_proofs: "spent proof-of-work nonces and authorization codes",
  visibility_levels: "reference: tier records",
};

const NAME = "Quilla Vantablack";
const EMAIL = "Quilla.Vantablack@Example.ORG";
const OTHER = { name: "Bertram Oakhollow", email: "bertram.oakhollow@example.net" };

let database: Database;
let payments: PlantPayments;
let planted: Planted;

const runErasure = () =>
  new JobWorker(database, { [ACCOUNT_ERASURE_JOB]: accountErasureHandler({ gateway: () => payments.gateway }) }).tick();
const needles = () => {
  const { customerId, subscriptionId, invoiceIds, checkoutSessionId } = planted.paid;
  return [NAME, EMAIL, planted.id, customerId, subscriptionId, ...invoiceIds, checkoutSessionId];
};

beforeAll(async () => {
  payments = await startPlantPayments(() => database);
  database = await openTestDatabase();
  await seedListings(database, 24);
  planted = await plantMember(database, { name: NAME, email: EMAIL, other: OTHER, payments });
}, 120_000);

afterAll(async () => {
  await payments?.close();
  await database?.close();
});

describe("deleting an account", () => {
  it("finds the member planted in every table that can hold them, before the deletion", async () => {
    const hits = await findMentions(database, needles());
    const planted = new Set(hits.map((h) => h.table));
    const tables = await everyTable(database);
    const notPlanted = tables.filter((t) => !planted.has(t) && !(t in HOLD_NO_MEMBER));
    expect(notPlanted, "tables neither planted with a member nor listed as unable to hold one").toEqual([]);
    expect(
      Object.keys(HOLD_NO_MEMBER).filter((t) => !tables.includes(t)),
      "listed tables that do not exist",
    ).toEqual([]);
  }, 60_000);

  it("signs the member out everywhere at once and ends their plan", async () => {
    const before = await database.rows<{ id: string }>(sql`SELECT id FROM subscription_changes WHERE user_id = ${planted.id}`);
    expect(await getSessionUser(database, new Headers({ cookie: planted.cookie }))).toMatchObject({ id: planted.id });

    const deleted = await deleteAccount(database, planted.id);
    expect(deleted.endedPlan).toBe("Premium");
    expect(await getSessionUser(database, new Headers({ cookie: planted.cookie }))).toBeNull();
    // The demo and complimentary grants end with the account, and the tier with them.
    expect(await database.rows(sql`SELECT source FROM tier_grants WHERE user_id = ${planted.id}`)).toEqual([]);
    expect(await database.rows(sql`SELECT tier FROM users WHERE id = ${planted.id}`)).toEqual([{ tier: "public" }]);
    for (const table of ["sessions", "accounts", "api_keys"]) {
      expect(await database.rows(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE user_id = ${planted.id}`), table).toEqual([]);
    }
    // A second confirmation (a replayed form) finds nothing left to delete.
    await expect(deleteAccount(database, planted.id)).rejects.toMatchObject({ code: "conflict" });
    expect(before.length).toBeGreaterThan(0);
  }, 60_000);

  it("leaves no column holding the member's name, address, id or provider ids once the erasure job has run", async () => {
    await runErasure();
    expect(await database.rows(sql`SELECT 1 FROM account_erasures`), "the erasure finished").toEqual([]);
    expect(await database.rows(sql`SELECT 1 FROM users WHERE id = ${planted.id}`)).toEqual([]);
    // The provider's webhooks about the cancellation arrive after it, and are applied: they bring nothing back.
    await payments.settle();
    expect(describeHits(await findMentions(database, needles()))).toEqual([]);
  }, 120_000);

  it("has the payment provider end the subscription and forget the customer, so the card is not charged again", async () => {
    expect(payments.fake.store.get(planted.paid.subscriptionId, "subscription")).toMatchObject({ status: "canceled" });
    expect(payments.fake.store.get(planted.paid.customerId, "customer")).toMatchObject({ __deleted: true });
    // A renewal falling due later charges nobody: the fake's clock moved a month and a half on.
    payments.fake.advance(45 * 86_400);
    await payments.fake.settled();
    const invoices = payments.fake.store.all("invoice").filter((i) => i.customer === planted.paid.customerId);
    expect(invoices.map((i) => i.id).sort()).toEqual([...planted.paid.invoiceIds].sort());
  });

  it("keeps what others and the accounts need, without the person", async () => {
    const changes = await database.rows<{ status: string; user_id: string | null }>(
      sql`SELECT status, user_id FROM subscription_changes ORDER BY created_at`,
    );
    expect(changes.map((c) => c.status)).toEqual(["granted", "ended"]);
    expect(changes.every((c) => c.user_id === null)).toBe(true);
    // The payments received stay in the webhook record as an accountant needs them (what, how much, when), by nobody.
    const events = await database.rows<{ type: string; amount: number | null; currency: string | null; object_id: string | null }>(
      sql`SELECT type, amount, currency, object_id, provider_customer_id FROM billing_events WHERE type = 'invoice.paid'`,
    );
    expect(events).toEqual([{ type: "invoice.paid", amount: 2900, currency: "usd", object_id: null, provider_customer_id: null }]);
    expect(await database.rows(sql`SELECT type FROM billing_events WHERE type = 'customer.subscription.deleted'`)).toHaveLength(1);
    const audit = await database.rows<{ source: string }>(sql`SELECT DISTINCT source FROM audit_log WHERE operation = 'intro_request'`);
    expect(audit.map((a) => a.source)).toContain(DELETED_MEMBER);
    // The other member's request to them stays (theirs), without the member's address.
    const [received] = await database.rows<{ requester_name: string; recipient_email: string | null }>(
      sql`SELECT requester_name, recipient_email FROM intro_requests WHERE requester_name = ${OTHER.name}`,
    );
    expect(received).toEqual({ requester_name: OTHER.name, recipient_email: null });
    // The pilot application still takes its place in the cohort's history, by "a deleted member".
    expect(await database.rows(sql`SELECT contact_name, user_id FROM pilot_applications`)).toEqual([
      { contact_name: DELETED_MEMBER, user_id: null },
    ]);
    // One confirmation went out, and its copy keeps no address.
    expect(await database.rows(sql`SELECT "to", status FROM outbox_emails WHERE kind = 'account_deleted'`)).toEqual([
      { to: [], status: "stored" },
    ]);
  });
});
