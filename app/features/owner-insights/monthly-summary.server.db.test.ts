/**
 * The owners' monthly summary (decision 0117) against a real database and a local SMTP server: each owner gets one
 * e-mail per month however many servers schedule it and workers run it; it says the month's safe figures; its
 * one-click unsubscribe (RFC 8058 POST) turns it off, a forged or replayed link does nothing; the page's switch turns
 * it back on. The insights of an injected "now": the weeks it shows and the month it breaks down.
 */
import type { ParsedMail } from "mailparser";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { listingInsightCounts } from "#db/schema/owner-insights.ts";
import { seedListings } from "#demo/seed-database.ts";
import { startLocalSmtp, type LocalSmtp } from "../../../tests/fakes/local-smtp.ts";
import { partsOf } from "../../../tests/support/mail-parts.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { grantOwnership } from "~/features/listing-owners/ownership.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { loadListingInsights } from "./listing-insights.server.ts";
import {
  listOwnerSummaryRuns,
  OWNER_SUMMARY_JOB,
  ownerSummaryJobHandler,
  scheduleDueOwnerSummary,
  scheduleOwnerSummary,
} from "./monthly-summary.server.ts";
import { applySummaryUnsubscribe, readSummaryUnsubscribe, setSummaryEmails, summaryEmailsOn } from "./summary-emails.server.ts";

let database: Database;
let smtp: LocalSmtp;
let listing: { id: string; name: string };
const env = () => parseEnv({ SMTP_URL: smtp.url, PUBLIC_URL: "https://introbase.example" });
const owners = [
  { id: "ms-owner-a", name: "Ada Owner", email: "ada@ms.test" },
  { id: "ms-owner-b", name: "Bo Owner", email: "bo@ms.test" },
];
const NOW = new Date("2026-12-01T00:20:00Z");

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startLocalSmtp();
  await seedListings(database, 12);
  listing = (
    await database.rows<{ id: string; name: string }>(sql`
    SELECT id, name FROM listings WHERE processing_status = 'published' ORDER BY name LIMIT 1`)
  )[0]!;
  await database.db.insert(users).values(owners.map((o) => ({ ...o, tier: "public" as const, emailVerified: true })));
  for (const o of owners)
    await grantOwnership(database.db, {
      listingId: listing.id,
      listingName: listing.name,
      userId: o.id,
      via: "operator",
      actor: { id: o.id, source: "admin" },
    });
  // November 2026's weeks (Sundays in November): 12, 3 (quiet, left out), 9 views; appearances 40 in one week.
  const rows = [
    ["2026-11-02", "view", "total", "all", 12],
    ["2026-11-02", "view", "plan", "signed_out", 12],
    ["2026-11-09", "view", "total", "all", 3],
    ["2026-11-09", "view", "plan", "premium", 3],
    ["2026-11-16", "view", "total", "all", 9],
    ["2026-11-16", "view", "plan", "subscriber", 9],
    ["2026-11-16", "appearance", "total", "all", 40],
    ["2026-11-30", "view", "total", "all", 6],
    ["2026-11-30", "view", "plan", "signed_out", 6],
  ] as const;
  await database.db
    .insert(listingInsightCounts)
    .values(
      rows.map(([weekStart, metric, dimension, bucket, count]) => ({ listingId: listing.id, weekStart, metric, dimension, bucket, count })),
    );
});

afterAll(async () => {
  await smtp?.stop();
  await database?.close();
});

const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .trim();
const mailsTo = (email: string, from = 0) => smtp.received.slice(from).filter((m) => [m.to].flat()[0]?.text.includes(email));
const runJob = () => new JobWorker(database, { [OWNER_SUMMARY_JOB]: ownerSummaryJobHandler({ env: env(), now: () => NOW }) }).tick();

describe("insights at an injected now", () => {
  it("shows the twelve weeks up to now's week and breaks down the last ended month, quiet weeks left out", async () => {
    const insights = await loadListingInsights(database, listing.id, NOW);
    expect(insights.weeks.at(-1)).toEqual({ week: "2026-11-30", views: { shown: true, count: 6 }, appearances: { shown: true, count: 0 } });
    expect(insights.weeks.find((w) => w.week === "2026-11-09")?.views).toEqual({ shown: false });
    expect(insights.breakdowns.month).toBe("2026-11-01");
    expect(insights.breakdowns.views).toBe(21);
    expect(insights.breakdowns.byPlan).toEqual({
      status: "shown",
      buckets: [
        { key: "signed_out", label: "Not signed in", count: 12 },
        { key: "subscriber", label: "Subscribers", count: 9 },
      ],
      other: null,
      total: 21,
    });
  });
});

describe("the monthly summary", () => {
  it("is sent once to each owner, though two servers schedule the month and two workers run it", async () => {
    const before = smtp.received.length;
    const [a, b] = await Promise.all([scheduleDueOwnerSummary(database, NOW), scheduleDueOwnerSummary(database, NOW)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await scheduleOwnerSummary(database, "2026-11-01")).toBeNull();
    // Two workers at once, and a retry of the whole job by hand afterwards.
    const handler = ownerSummaryJobHandler({ env: env(), now: () => NOW });
    const run = () =>
      handler({
        database,
        job: { parameters: { monthStart: "2026-11-01" }, processedOutput: null } as never,
        progress: async () => true,
        logError: async () => {},
        signal: new AbortController().signal,
      });
    await Promise.all([runJob(), run()]);
    await run();
    for (const o of owners) expect(mailsTo(o.email, before)).toHaveLength(1);
    expect(smtp.received.length - before).toBe(2);
  });

  it("says the month's safe figures and carries the one-click unsubscribe headers", async () => {
    const [mail] = mailsTo(owners[0]!.email);
    expect(mail!.subject).toBe("Your Introbase listing in Nov 2026");
    const { text } = partsOf(mail!);
    // 12 + 9: the weeks of 5 or more ending in November (the quiet week of 3 is in no figure; the week of 30 Nov ends in December).
    expect(text).toContain("21 profile views, 40 search appearances, no introduction requests");
    expect(text).toContain(`https://introbase.example/my-listings/${listing.id}/insights`);
    expect(header(mail!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(header(mail!, "list-unsubscribe")).toMatch(/^<https:\/\/introbase\.example\/unsubscribe-summary\/o\.[^>]+>$/);
  });

  it("one click (POST) turns it off; a forged link and a link older than the owner's later choice change nothing", async () => {
    const [mail] = mailsTo(owners[0]!.email);
    const token = header(mail!, "list-unsubscribe")!
      .replace(/^<.*\/unsubscribe-summary\//, "")
      .replace(/>$/, "");
    const forged = token.replace(/^o\.[^.]+/, `o.${owners[1]!.id}`);
    expect(await applySummaryUnsubscribe(database, forged)).toEqual({ state: "invalid" });
    expect(await summaryEmailsOn(database, owners[1]!.id)).toBe(true);
    expect(await readSummaryUnsubscribe(database, token)).toEqual({ state: "open" });
    expect(await summaryEmailsOn(database, owners[0]!.id)).toBe(true);
    expect(await applySummaryUnsubscribe(database, token, new Date("2026-12-02T09:00:00Z"))).toEqual({ state: "done" });
    expect(await summaryEmailsOn(database, owners[0]!.id)).toBe(false);
    // Turned on again on the insights page: the old e-mail's link is spent.
    await setSummaryEmails(database, owners[0]!.id, true, new Date("2026-12-03T09:00:00Z"));
    expect(await applySummaryUnsubscribe(database, token)).toEqual({ state: "out_of_date" });
    expect(await summaryEmailsOn(database, owners[0]!.id)).toBe(true);
  });

  it("sends nothing to an owner who turned it off", async () => {
    await setSummaryEmails(database, owners[1]!.id, false, new Date("2026-12-20T00:00:00Z"));
    const before = smtp.received.length;
    await scheduleOwnerSummary(database, "2026-12-01");
    await new JobWorker(database, {
      [OWNER_SUMMARY_JOB]: ownerSummaryJobHandler({ env: env(), now: () => new Date("2027-01-01T01:00:00Z") }),
    }).tick();
    expect(mailsTo(owners[1]!.email, before)).toHaveLength(0);
    expect(mailsTo(owners[0]!.email, before)).toHaveLength(1);
  });
});

describe("keeping the weekly counts bounded", () => {
  it("the month's run deletes weeks older than any page shows, and keeps the year the page offers", async () => {
    const listing = (await database.rows<{ id: string }>(sql`SELECT id FROM listings ORDER BY name OFFSET 1 LIMIT 1`))[0]!;
    const weeks = ["2025-11-23", "2025-12-21", "2025-12-28", "2026-01-04", "2026-12-06"];
    await database.db.insert(listingInsightCounts).values(
      weeks.map((weekStart) => ({
        listingId: listing.id,
        weekStart,
        metric: "view" as const,
        dimension: "total" as const,
        bucket: "all",
        count: 7,
      })),
    );
    await scheduleOwnerSummary(database, "2027-01-01");
    await new JobWorker(database, {
      [OWNER_SUMMARY_JOB]: ownerSummaryJobHandler({ env: env(), now: () => new Date("2027-02-01T01:00:00Z") }),
    }).tick();
    const kept = await database.rows<{ week: string }>(
      sql`SELECT week_start::text AS week FROM listing_insight_counts WHERE listing_id = ${listing.id} ORDER BY week_start`,
    );
    // January 2027 summarised: a year back is January 2026 (the page, a month later, offers February 2026 at the
    // oldest); a week that began within the week before it stays, older ones go.
    expect(kept.map((k) => k.week)).toEqual(["2025-12-28", "2026-01-04", "2026-12-06"]);
  });
});

describe("the runs operators see", () => {
  it("count the owners whose summary failed before an e-mail was recorded, so the run is not a clean success", async () => {
    const [run] = await listOwnerSummaryRuns(database, 1);
    expect(run).toMatchObject({ month: "2027-01-01", job_status: "completed", not_made: 0 });
    // A summary that threw for two owners (a query failed, say): the job's own count says so.
    await database.rows(sql`UPDATE jobs SET processed_output = jsonb_set(processed_output, '{outcomes,error}', '2')
      WHERE id = (SELECT job_id FROM owner_insight_runs WHERE month_start = '2027-01-01') RETURNING id`);
    expect((await listOwnerSummaryRuns(database, 1))[0]).toMatchObject({ job_status: "completed", not_made: 2 });
  });
});
