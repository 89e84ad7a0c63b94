/**
 * DESIGN D18, decision 0077: deleting an account leaves nothing of the person in the database. A member is planted
 * everywhere the product writes (test-support.ts), every table and column is read from information_schema when the test
 * runs, and after the deletion and its erasure job no column holds their name, address (any letter case) or id.
 *
 * The scan cannot pass by planting less: before the deletion, every table must hold the member somewhere, unless it is
 * listed below as unable to hold a member, with the reason. A table added later by anyone fails here until the
 * erasure handles it and a plant puts a member in it, or it is listed.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#db/seed/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { getSessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "~/lib/test-database.ts";
import { accountErasureHandler } from "~/features/member-data/account-erasure-job.server.ts";
import { ACCOUNT_ERASURE_JOB, deleteAccount } from "~/features/member-data/delete-account.server.ts";
import { DELETED_MEMBER } from "~/features/member-data/scrub-mentions.ts";
import { describeHits, everyTable, findMentions } from "./support/scan-for-member.ts";
import { plantMember, type Planted } from "./support/plant-member.ts";

/** Tables that cannot hold a member's name, address or id, and why. Everything else must be planted. */
const HOLD_NO_MEMBER: Record<string, string> = {
  account_erasures: "the erasure's own record: it holds the member only while the job runs, and is deleted at its end",
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
  listing_description_terms: "words of listing descriptions",
  listing_field_sources: "sources and times of listing fields (import, operator edit, merge), no person",
  listing_sources: "external record ids of imported listings",
  target_personas: "reference list",
  revenue_ranges: "reference list",
  saved_search_snapshots: "listing ids only; deleted with the saved search",
  stored_files: "bytes, content type and hash of files (logos)",
  used_proofs: "spent proof-of-work nonces and authorization codes",
  visibility_levels: "reference: tier records",
};

const NAME = "Quilla Vantablack";
const EMAIL = "Quilla.Vantablack@Example.ORG";
const OTHER = { name: "Bertram Oakhollow", email: "bertram.oakhollow@example.net" };

let database: Database;
let planted: Planted;

const runErasure = () => new JobWorker(database, { [ACCOUNT_ERASURE_JOB]: accountErasureHandler() }).tick();
const needles = () => [NAME, EMAIL, planted.id];

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 24);
  planted = await plantMember(database, { name: NAME, email: EMAIL, other: OTHER });
}, 120_000);

afterAll(async () => {
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
    expect(deleted.endedPlan).toBe("Enterprise");
    expect(await getSessionUser(database, new Headers({ cookie: planted.cookie }))).toBeNull();
    for (const table of ["sessions", "accounts", "api_keys"]) {
      expect(await database.rows(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE user_id = ${planted.id}`), table).toEqual([]);
    }
    // A second confirmation (a replayed form) finds nothing left to delete.
    await expect(deleteAccount(database, planted.id)).rejects.toMatchObject({ code: "conflict" });
    expect(before.length).toBeGreaterThan(0);
  }, 60_000);

  it("leaves no column holding the member's name, address or id once the erasure job has run", async () => {
    await runErasure();
    expect(await database.rows(sql`SELECT 1 FROM account_erasures`), "the erasure finished").toEqual([]);
    expect(await database.rows(sql`SELECT 1 FROM users WHERE id = ${planted.id}`)).toEqual([]);
    expect(describeHits(await findMentions(database, needles()))).toEqual([]);
  }, 120_000);

  it("keeps what others and the accounts need, without the person", async () => {
    const changes = await database.rows<{ status: string; user_id: string | null }>(
      sql`SELECT status, user_id FROM subscription_changes ORDER BY created_at`,
    );
    expect(changes.map((c) => c.status)).toEqual(["granted", "ended"]);
    expect(changes.every((c) => c.user_id === null)).toBe(true);
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
