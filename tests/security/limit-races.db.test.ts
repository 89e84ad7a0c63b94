/**
 * Issue 14 finding 7: limits counted in the database must hold under parallel requests. Each test fires two to
 * four times a limit at once through the real feature functions and asserts that exactly the limit got through.
 * On PGlite the statements of parallel calls interleave on one connection; on PostgreSQL (`npm run test:pg`)
 * they run on up to ten connections at once, which is where a count-then-insert lets them all through.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pilotApplications } from "#db/schema/applications.ts";
import { jobs } from "#db/schema/jobs.ts";
import { duplicateReviews } from "#db/schema/duplicate-reviews.ts";
import { introRequests } from "#db/schema/introductions.ts";
import { usageCounters } from "#db/schema/usage.ts";
import { seedListings } from "#demo/seed-database.ts";
import { AI_TOKENS, aiAction, DATA_EXPORT, EXPORT_LIMIT, usageMonthKey } from "~/features/access/quotas.ts";
import { getMonthlyUsage, recordCompanyView, recordUsage } from "~/features/access/usage.server.ts";
import { decidePilotApplication, getPilotSlotsOpen, submitPilotApplication } from "~/features/applications/pilot-applications.server.ts";
import { PILOT_OFFER } from "~/features/applications/pilot-offer.ts";
import { REPORTS_PER_DAY, reportDuplicate } from "~/features/duplicates/server/report-duplicate.server.ts";
import { createIntroRequest, INTRO_REQUESTS_PER_ACCOUNT_PER_DAY } from "~/features/introductions/intro-requests.server.ts";
import { insertMember, solvedProof } from "~/features/introductions/test-support.ts";
import {
  INDUSTRIES_MIGRATION_JOB,
  MIGRATION_ALREADY_RUNNING,
  startIndustriesMigration,
} from "~/features/taxonomy/migration-jobs.server.ts";
import { spendProof } from "~/features/verification/proof-of-work.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { openTestDatabase } from "#test-support/test-database.ts";

let database: Database;
let listings: Array<{ id: string; type: "startup" | "investor" | "partner"; slug: string }>;
let address = 0;
/** A client address per call, so the per-address limit (rate-limit.server.ts) never decides these tests. */
const nextAddress = () => `10.14.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
  listings = await database.rows(sql`SELECT id, type, slug FROM listings WHERE processing_status = 'published' ORDER BY name LIMIT 50`);
  expect(listings.length).toBeGreaterThanOrEqual(4 * INTRO_REQUESTS_PER_ACCOUNT_PER_DAY);
});

afterAll(async () => {
  await database?.close();
});

/** Settles every call; the outcome of each: "ok", or the AppError's code and message. */
async function race<T>(
  calls: Array<() => Promise<T>>,
): Promise<Array<{ ok: true; value: T } | { ok: false; code: string; message: string }>> {
  const settled = await Promise.allSettled(calls.map((call) => call()));
  return settled.map((s) => {
    if (s.status === "fulfilled") return { ok: true as const, value: s.value };
    if (s.reason instanceof AppError) return { ok: false as const, code: s.reason.code, message: s.reason.message };
    throw s.reason;
  });
}

const introInput = (listing: (typeof listings)[number]) => ({
  recipientType: listing.type,
  recipientSlug: listing.slug,
  senderName: "Rita Racer",
  senderEmail: "rita@example.org",
  message: "Parallel requests must not get past the daily limit, whatever the timing.",
});

describe("introduction requests", () => {
  it("an account sends at most the daily limit, however many requests arrive at once", async () => {
    const user = await insertMember(database, "race-intros", "premium");
    const wanted = listings.slice(0, 4 * INTRO_REQUESTS_PER_ACCOUNT_PER_DAY);
    const outcomes = await race(
      wanted.map((l) => () => createIntroRequest(database, { input: introInput(l), user, clientAddress: nextAddress() })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(INTRO_REQUESTS_PER_ACCOUNT_PER_DAY);
    const refused = outcomes.filter((o) => !o.ok);
    expect(new Set(refused.map((o) => !o.ok && `${o.code}: ${o.message}`))).toEqual(
      new Set([
        `rate_limited: You have sent ${INTRO_REQUESTS_PER_ACCOUNT_PER_DAY} introduction requests in the last 24 hours, the daily limit. Please try again tomorrow.`,
      ]),
    );
    const [{ n }] = (await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${introRequests} WHERE ${introRequests.requesterId} = ${user.id}`,
    )) as [{ n: number }];
    expect(n).toBe(INTRO_REQUESTS_PER_ACCOUNT_PER_DAY);
  });

  it("an account has one open request per recipient, however many arrive at once", async () => {
    const user = await insertMember(database, "race-same-recipient", "premium");
    const outcomes = await race(
      Array.from(
        { length: 8 },
        () => () => createIntroRequest(database, { input: introInput(listings[0]!), user, clientAddress: nextAddress() }),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.code === "conflict" && /already have a request/.test(o.message))).toBe(
      true,
    );
    const rows = await database.db.select({ id: introRequests.id }).from(introRequests).where(eq(introRequests.requesterId, user.id));
    expect(rows).toHaveLength(1);
  });
});

describe("duplicate reports", () => {
  it("a member files at most REPORTS_PER_DAY reports, however many arrive at once", async () => {
    const user = await insertMember(database, "race-reports", "subscriber");
    const pairs: Array<[string, string]> = [];
    for (let i = 0; i < listings.length && pairs.length < 3 * REPORTS_PER_DAY; i++)
      for (let j = i + 1; j < listings.length && pairs.length < 3 * REPORTS_PER_DAY; j++) pairs.push([listings[i]!.id, listings[j]!.id]);
    const outcomes = await race(
      pairs.map(
        ([a, b]) =>
          () =>
            reportDuplicate(database, { listingId: a, duplicateOfId: b, note: null, user: { id: user.id } }),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(REPORTS_PER_DAY);
    expect(
      outcomes
        .filter((o) => !o.ok)
        .every((o) => !o.ok && o.message === `You can report ${REPORTS_PER_DAY} duplicates a day. Please try again tomorrow.`),
    ).toBe(true);
    const rows = await database.db
      .select({ id: duplicateReviews.id })
      .from(duplicateReviews)
      .where(eq(duplicateReviews.reportedBy, user.id));
    expect(rows).toHaveLength(REPORTS_PER_DAY);
  });
});

describe("monthly usage quotas", () => {
  const NOW = new Date("2026-03-10T09:00:00Z");

  it("company views: parallel first views of different listings spend exactly the quota (public: 10)", async () => {
    const member = await insertMember(database, "race-views", "public");
    const outcomes = await Promise.all(listings.slice(0, 40).map((l) => recordCompanyView(database, member, l.id, NOW)));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(10);
    expect((await getMonthlyUsage(database, member.id, NOW)).company_view).toBe(10);
  });

  it("company views: parallel views of one listing with the quota spent show it to nobody", async () => {
    const member = await insertMember(database, "race-views-spent", "public");
    for (const l of listings.slice(0, 10)) expect((await recordCompanyView(database, member, l.id, NOW)).allowed).toBe(true);
    const fresh = listings[20]!.id;
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => recordCompanyView(database, member, fresh, NOW)));
    expect(outcomes.map((o) => o.allowed)).toEqual(Array.from({ length: 12 }, () => false));
    expect((await getMonthlyUsage(database, member.id, NOW)).company_view).toBe(10);
  });

  it("company views: parallel views of one listing with one unit left spend it once and show it to all", async () => {
    const member = await insertMember(database, "race-views-last", "public");
    for (const l of listings.slice(0, 9)) await recordCompanyView(database, member, l.id, NOW);
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => recordCompanyView(database, member, listings[30]!.id, NOW)));
    expect(outcomes.every((o) => o.allowed)).toBe(true);
    expect(outcomes.filter((o) => o.counted)).toHaveLength(1);
    expect((await getMonthlyUsage(database, member.id, NOW)).company_view).toBe(10);
  });

  it("exports: the last 10 of the monthly 1,000 go to exactly 10 of 40 parallel downloads", async () => {
    const member = await insertMember(database, "race-exports", "premium");
    const { year, month } = usageMonthKey(NOW);
    await database.db.insert(usageCounters).values({ userId: member.id, year, month, action: DATA_EXPORT, count: EXPORT_LIMIT - 10 });
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => recordUsage(database, member, DATA_EXPORT, { now: NOW })));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(10);
    expect((await getMonthlyUsage(database, member.id, NOW))[DATA_EXPORT]).toBe(EXPORT_LIMIT);
  });

  it("AI requests: a subscriber's 50 go to exactly 50 of 150 parallel requests; tokens are counted, not limited", async () => {
    const member = await insertMember(database, "race-ai", "subscriber");
    const outcomes = await Promise.all(Array.from({ length: 150 }, () => recordUsage(database, member, aiAction("summary"), { now: NOW })));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(50);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => recordUsage(database, member, AI_TOKENS, { amount: 100, now: NOW })));
    expect(tokens.every((o) => o.allowed)).toBe(true);
    const usage = await getMonthlyUsage(database, member.id, NOW);
    expect(usage).toMatchObject({ ai_summary: 50, [AI_TOKENS]: 2000 });
  });
});

describe("proof of work", () => {
  it("one solved challenge submitted 10 times at once passes once", async () => {
    const payload = await solvedProof(database);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => spendProof(database, payload)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.reason === "replayed")).toHaveLength(9);
  });
});

describe("pilot cohort", () => {
  const application = (n: number) => ({
    company: `Racing Pilot ${n}`,
    website: `https://pilot-${n}.example`,
    stage: "Seed" as const,
    goals: "A pilot cohort is limited to five startups.",
    contactName: "Pat Pilot",
    contactEmail: `pat${n}@pilot-${n}.example`,
  });

  it(`accepting applications at once fills the cohort of ${PILOT_OFFER.cohortSize} and no more`, async () => {
    const ids = [];
    for (let n = 0; n < 3 * PILOT_OFFER.cohortSize; n++) ids.push(await submitPilotApplication(database, application(n), null));
    // One slot accepted beforehand, so the race is for the remaining ones.
    await decidePilotApplication(database, ids[0]!, "accepted");
    const outcomes = await race(ids.slice(1).map((id) => () => decidePilotApplication(database, id, "accepted")));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(PILOT_OFFER.cohortSize - 1);
    expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.code === "conflict")).toBe(true);
    const accepted = await database.db
      .select({ id: pilotApplications.id })
      .from(pilotApplications)
      .where(and(eq(pilotApplications.status, "accepted")));
    expect(accepted).toHaveLength(PILOT_OFFER.cohortSize);
    expect(await getPilotSlotsOpen(database)).toBe(0);
  });
});

describe("one industries migration at a time", () => {
  it("of 12 starts at once, one is queued and the others are told one is running", async () => {
    const admin = await insertMember(database, "race-migration-admin", "premium", "admin");
    const outcomes = await race(Array.from({ length: 12 }, () => () => startIndustriesMigration(database, admin)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.code === "conflict" && o.message === MIGRATION_ALREADY_RUNNING)).toBe(
      true,
    );
    const queued = await database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.jobType, INDUSTRIES_MIGRATION_JOB));
    expect(queued).toHaveLength(1);
  });
});
