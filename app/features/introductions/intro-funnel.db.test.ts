/**
 * The introduction funnel of the dashboard (decision 0094): requests by the month they were made, and how far each got.
 * The expected numbers come from SQL written here, one plain count per month and step, and from the rows planted.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { introRequests, type IntroStatus } from "#db/schema/introductions.ts";
import { listings } from "#db/schema/listings.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { FUNNEL_STEPS, getIntroFunnel } from "./intro-funnel.server.ts";

let database: Database;
const now = new Date("2031-09-20T10:00:00Z");

/** [created at, status, introduced] */
const PLANTED: Array<[string, IntroStatus, boolean]> = [
  // September 2031 (this month).
  ["2031-09-01T00:00:00Z", "pending_review", false],
  ["2031-09-02T10:00:00Z", "awaiting_recipient", false],
  ["2031-09-03T10:00:00Z", "accepted", true],
  ["2031-09-04T10:00:00Z", "awaiting_sign_up", false],
  // August: every step, one accepted whose introduction e-mail failed (accepted, not introduced).
  ["2031-08-01T00:00:00Z", "accepted", true],
  ["2031-08-15T12:00:00Z", "accepted", true],
  ["2031-08-20T12:00:00Z", "accepted", false],
  ["2031-08-21T12:00:00Z", "declined", false],
  ["2031-08-22T12:00:00Z", "expired", false],
  ["2031-08-23T12:00:00Z", "rejected", false],
  ["2031-08-31T23:59:59Z", "expired", false],
  ["2031-08-24T12:00:00Z", "awaiting_verification", false],
  // The window's first month, and one just before it (not shown).
  ["2030-10-01T00:00:00Z", "declined", false],
  ["2030-09-30T23:59:59Z", "accepted", true],
];

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 5);
  const [listing] = await database.db.select({ id: listings.id, name: listings.name }).from(listings).limit(1);
  await database.db.insert(introRequests).values(
    PLANTED.map(([createdAt, status, introduced], i) => ({
      listingId: listing!.id,
      recipientName: listing!.name,
      requesterName: `Requester ${i}`,
      requesterEmail: `requester-${i}@example.org`,
      message: "Planted for the funnel.",
      status,
      createdAt: new Date(createdAt),
      introducedAt: introduced ? new Date(createdAt) : null,
    })),
  );
});

afterAll(async () => {
  await database?.close();
});

/** What each step means, as plain SQL conditions on one request. */
const STEP_SQL = {
  requested: "status NOT IN ('awaiting_sign_up', 'awaiting_verification')",
  approved: "status IN ('awaiting_recipient', 'accepted', 'declined', 'expired')",
  accepted: "status = 'accepted'",
  declined: "status = 'declined'",
  expired: "status = 'expired'",
  introduced: "introduced_at IS NOT NULL",
} as const;

async function countFor(month: string, step: keyof typeof STEP_SQL): Promise<number> {
  const from = `${month}-01T00:00:00Z`;
  const [row] = await database.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM intro_requests
        WHERE created_at >= ${from}::timestamptz AND created_at < (${from}::timestamptz + interval '1 month')
        AND ${sql.raw(STEP_SQL[step])}`,
  );
  return row!.n;
}

describe("getIntroFunnel", () => {
  it("counts each step per month of request, over the last twelve months, as the SQL does", async () => {
    const funnel = await getIntroFunnel(database, now);
    expect(FUNNEL_STEPS).toEqual(["requested", "approved", "accepted", "declined", "expired", "introduced"]);
    expect(funnel.months.map((m) => m.month)).toEqual([
      "2031-09", "2031-08", "2031-07", "2031-06", "2031-05", "2031-04",
      "2031-03", "2031-02", "2031-01", "2030-12", "2030-11", "2030-10",
    ]); // prettier-ignore
    for (const { month, counts } of funnel.months) {
      for (const step of FUNNEL_STEPS) expect({ month, step, n: counts[step] }).toEqual({ month, step, n: await countFor(month, step) });
    }
    // And by hand, for the two busy months.
    expect(funnel.months[0]!.counts).toEqual({ requested: 3, approved: 2, accepted: 1, declined: 0, expired: 0, introduced: 1 });
    expect(funnel.months[1]!.counts).toEqual({ requested: 7, approved: 6, accepted: 3, declined: 1, expired: 2, introduced: 2 });
    expect(funnel.totals).toEqual({ requested: 11, approved: 9, accepted: 4, declined: 2, expired: 2, introduced: 3 });
  });
});
