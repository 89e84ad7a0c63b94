/**
 * The dashboard's numbers against a real database: listings by type and status, the twelve-month series with
 * empty months as zero, the workflow tables by status, and duplicates found (a reviewed pair that was then merged
 * counted once) and merged (undone merges left out).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { featureApplications, pilotApplications } from "#db/schema/applications.ts";
import { duplicateReviews } from "#db/schema/duplicate-reviews.ts";
import { introRequests } from "#db/schema/introductions.ts";
import { jobs } from "#db/schema/jobs.ts";
import { listings } from "#db/schema/listings.ts";
import { listingMerges } from "#db/schema/merges.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { getDashboardStats, type DashboardStats } from "./dashboard-stats.server.ts";
import { lastMonths } from "./month-series.ts";

let database: Database;
let stats: DashboardStats;
const now = new Date("2025-06-20T12:00:00Z");
const months = lastMonths(now);
/** The tenth of the month `back` months before now, at noon UTC. */
const monthsAgo = (back: number) => new Date(Date.UTC(2025, 5 - back, 10, 12));
const ids: Record<string, string> = {};

type ListingSeed = [key: string, type: "startup" | "investor" | "partner", status: string, back: number];
const LISTINGS: ListingSeed[] = [
  ["s1", "startup", "published", 0],
  ["s2", "startup", "published", 0],
  ["s3", "startup", "published", 2],
  ["s4", "startup", "archived", 11],
  ["s5", "startup", "merged", 12], // before the window: counted, but in no month
  ["i1", "investor", "published", 1],
  ["i2", "investor", "published", 1],
  ["p1", "partner", "draft", 0],
  ["p2", "partner", "published", 3],
  ["p3", "partner", "published", 3],
];

const pair = (a: string, b: string) => (ids[a]! < ids[b]! ? [ids[a]!, ids[b]!] : [ids[b]!, ids[a]!]) as [string, string];

function merge(survivor: string, merged: string, back: number, undone = false) {
  return database.db.insert(listingMerges).values({
    survivorId: ids[survivor]!,
    mergedId: ids[merged]!,
    survivorBefore: {},
    mergedBefore: {},
    moved: {},
    dropped: {},
    mergedFields: [],
    reasons: [],
    mergedAt: monthsAgo(back),
    undoneAt: undone ? monthsAgo(back) : null,
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  for (const [key, type, processingStatus, back] of LISTINGS) {
    const [row] = await database.db
      .insert(listings)
      .values({ slug: key, type, name: `Listing ${key}`, processingStatus, createdAt: monthsAgo(back) })
      .returning({ id: listings.id });
    ids[key] = row!.id;
  }
  const request = (status: "pending_review" | "accepted") => ({
    listingId: ids.s1!,
    recipientName: "Listing s1",
    requesterName: "Vera",
    requesterEmail: "vera@example.org",
    message: "Hello",
    status,
  });
  await database.db.insert(introRequests).values([request("pending_review"), request("pending_review"), request("accepted")]);
  await database.db.insert(featureApplications).values({
    type: "startup",
    name: "Nova",
    websiteUrl: "https://nova.example",
    tagline: "Tag",
    description: "Description",
    contactName: "Nia",
    contactEmail: "nia@example.org",
  });
  await database.db.insert(pilotApplications).values([
    {
      company: "Pilot",
      website: "https://pilot.example",
      stage: "Seed",
      goals: "Grow",
      contactName: "Pia",
      contactEmail: "pia@example.org",
    },
    {
      company: "Pilot 2",
      website: "https://pilot2.example",
      stage: "Seed",
      goals: "Grow",
      contactName: "Pia",
      contactEmail: "pia@example.org",
      status: "accepted",
    },
  ]);
  await database.db
    .insert(jobs)
    .values([{ jobType: "duplicate_scan", status: "running" }, { jobType: "duplicate_scan" }, { jobType: "x", status: "completed" }]);

  // Two pairs raised in May: one still open, one later merged in June (found once, in May).
  const [a1, b1] = pair("s1", "s2");
  const [a2, b2] = pair("i1", "i2");
  await database.db.insert(duplicateReviews).values([
    { listingA: a1, listingB: b1, source: "scan", createdAt: monthsAgo(1) },
    { listingA: a2, listingB: b2, source: "report", status: "merged", createdAt: monthsAgo(1) },
  ]);
  await merge("i1", "i2", 0);
  // Merged in June without a review item (found and merged in June), and one undone (found, not merged).
  await merge("p2", "p3", 0);
  await merge("s3", "s4", 0, true);
  // Before the window: in no month.
  await merge("s3", "s5", 12);

  stats = await getDashboardStats(database, now);
});

afterAll(async () => {
  await database?.close();
});

const statuses = (type: string) => Object.fromEntries(stats.listings.find((l) => l.type === type)!.byStatus.map((s) => [s.status, s.n]));

describe("the dashboard's counts", () => {
  it("count listings by type and processing status, the main statuses always present", () => {
    expect(stats.listings.map((l) => [l.type, l.total])).toEqual([
      ["startup", 5],
      ["investor", 2],
      ["partner", 3],
    ]);
    expect(statuses("startup")).toEqual({ published: 3, archived: 1, merged: 1 });
    expect(statuses("investor")).toEqual({ published: 2, archived: 0, merged: 0 });
    // Other statuses that exist follow the main three.
    expect(stats.listings[2]!.byStatus.map((s) => s.status)).toEqual(["published", "archived", "merged", "draft"]);
    expect(statuses("partner")).toMatchObject({ published: 2, draft: 1 });
  });

  it("count the workflow tables by status", () => {
    expect(stats.intros).toEqual({ pending_review: 2, accepted: 1 });
    expect(stats.featureApplications).toEqual({ new: 1 });
    expect(stats.pilotApplications).toEqual({ new: 1, accepted: 1 });
    expect(stats.duplicateReviews).toEqual({ open: 1, merged: 1 });
    expect(stats.jobs).toEqual({ running: 1, queued: 1, completed: 1 });
  });
});

describe("the dashboard's monthly series", () => {
  const at = <T extends { month: string }>(rows: T[], back: number) => rows[rows.length - 1 - back]!;

  it("cover the last twelve months, oldest first, empty months as zero", () => {
    expect(stats.listingsPerMonth.map((r) => r.month)).toEqual(months);
    expect(stats.duplicatesPerMonth.map((r) => r.month)).toEqual(months);
    expect(months.at(-1)).toBe("2025-06");
    expect(at(stats.listingsPerMonth, 5).values).toEqual({ startup: 0, investor: 0, partner: 0 });
  });

  it("count listings added per month by type; a listing older than the window is in no month", () => {
    expect(at(stats.listingsPerMonth, 0).values).toEqual({ startup: 2, investor: 0, partner: 1 });
    expect(at(stats.listingsPerMonth, 1).values).toEqual({ startup: 0, investor: 2, partner: 0 });
    expect(at(stats.listingsPerMonth, 3).values).toEqual({ startup: 0, investor: 0, partner: 2 });
    expect(at(stats.listingsPerMonth, 11).values).toEqual({ startup: 1, investor: 0, partner: 0 });
    const inWindow = stats.listingsPerMonth.reduce((n, r) => n + r.values.startup + r.values.investor + r.values.partner, 0);
    expect(inWindow).toBe(LISTINGS.length - 1);
  });

  it("count duplicates found once per pair and merges that still stand", () => {
    // May: the two pairs raised for review.
    expect(at(stats.duplicatesPerMonth, 1).values).toEqual({ found: 2, merged: 0 });
    // June: the reviewed pair's merge is not found again; the unreviewed merge and the undone one are.
    expect(at(stats.duplicatesPerMonth, 0).values).toEqual({ found: 2, merged: 2 });
    const found = stats.duplicatesPerMonth.reduce((n, r) => n + r.values.found, 0);
    expect(found).toBe(4);
  });
});
