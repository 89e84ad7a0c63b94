/**
 * The insights page's data (decision 0117): the last twelve weeks of profile views and search appearances, an ended
 * month's views by the visitor's plan, listing type and industry, and the listing's introduction requests by month.
 * Breakdowns are of ended months only, and of their weeks of 5 or more: a figure that never changes once shown cannot
 * be subtracted from a later look at it, and a week under 5 is in no figure at all. Only numbers that
 * passed small-counts.ts leave this module: a count of 1 to 4, or one that can be worked out from the others, is never
 * in what the loader returns, so it is never in the HTML or the route data either.
 */
import { sql } from "drizzle-orm";
import { getIntroFunnel, type IntroFunnel } from "~/features/introductions/intro-funnel.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { insightTallyFor } from "./insight-tally.server.ts";
import { endedMonths, recentWeeks, weeksOfMonth } from "./insight-weeks.ts";
import { UNKNOWN } from "./record-insights.server.ts";
import { MIN_SHOWN, safeBreakdown, safeCell, type SafeBreakdown, type SafeCell } from "./small-counts.ts";

export interface WeekCell {
  week: string;
  views: SafeCell;
  appearances: SafeCell;
}

export interface MonthBreakdowns {
  /** "YYYY-MM-01": an ended month, whose weeks are those ending in it. */
  month: string;
  /** Views in the month's weeks of 5 or more (a week under 5 takes no part in any figure: nothing to subtract). */
  views: number;
  byPlan: SafeBreakdown;
  byType: SafeBreakdown;
  byIndustry: SafeBreakdown;
}

export interface ListingInsights {
  /** The last twelve weeks, oldest first; the last is the current week. */
  weeks: WeekCell[];
  /** The ended months one may choose, newest first. */
  months: string[];
  breakdowns: MonthBreakdowns;
  intros: IntroFunnel;
}

const PLAN_LABELS: Record<string, string> = {
  signed_out: "Not signed in",
  public: "Free members",
  subscriber: "Subscribers",
  premium: "Premium members",
};
const TYPE_LABELS: Record<string, string> = {
  startup: "Startups",
  investor: "Investors",
  partner: "Partners",
  [UNKNOWN]: "Not known (keeps no listing)",
};

const labelled = (labels: Record<string, string>, fallback: (bucket: string) => string) => (bucket: string) =>
  labels[bucket] ?? fallback(bucket);

/** The listing and every listing merged into it: a merge joins two records of one company, and their counts with them. */
async function listingAndMerged(database: Database, listingId: string): Promise<string[]> {
  const rows = await database.rows<{ id: string }>(sql`
    WITH RECURSIVE merged AS (
      SELECT ${listingId}::uuid AS id, 0 AS hops
      UNION ALL
      SELECT l.id, m.hops + 1 FROM listings l JOIN merged m ON l.merged_into = m.id
      WHERE l.processing_status = 'merged' AND m.hops < 10
    )
    SELECT DISTINCT id FROM merged`);
  return rows.map((r) => r.id);
}

type CountRow = { metric: string; dimension: string; bucket: string; week: string; count: number };

/** Counts of the listings in the given weeks, by metric, dimension, bucket and week. */
async function countsIn(database: Database, ids: readonly string[], weeks: readonly string[]): Promise<CountRow[]> {
  return database.rows<CountRow>(sql`
    SELECT metric, dimension, bucket, to_char(week_start, 'YYYY-MM-DD') AS week, sum(count)::int AS count
    FROM listing_insight_counts
    WHERE listing_id = ANY(ARRAY[${sql.join([...ids.map((id) => sql`${id}`), sql`NULL`], sql`, `)}]::uuid[])
      AND week_start = ANY(ARRAY[${sql.join([...weeks.map((w) => sql`${w}`), sql`NULL`], sql`, `)}]::date[])
    GROUP BY 1, 2, 3, 4`);
}

const weekTotals = (rows: CountRow[], metric: string) => {
  const perWeek = new Map<string, number>();
  for (const r of rows) if (r.metric === metric && r.dimension === "total") perWeek.set(r.week, (perWeek.get(r.week) ?? 0) + r.count);
  return perWeek;
};

/** A month's views and appearances as the owner may be told them: the sums of its weeks of 5 or more. */
function monthFigures(rows: CountRow[], month: string) {
  const weeks = new Set(weeksOfMonth(month));
  const sumShown = (metric: string) =>
    [...weekTotals(rows, metric)].filter(([week, n]) => weeks.has(week) && n >= MIN_SHOWN).reduce((sum, [, n]) => sum + n, 0);
  const viewWeeks = new Set([...weekTotals(rows, "view")].filter(([week, n]) => weeks.has(week) && n >= MIN_SHOWN).map(([week]) => week));
  return { views: sumShown("view"), appearances: sumShown("appearance"), viewWeeks };
}

function breakdownsOf(rows: CountRow[], month: string): MonthBreakdowns {
  const { views, viewWeeks } = monthFigures(rows, month);
  const breakdown = (dimension: string, label: (bucket: string) => string) => {
    const perBucket = new Map<string, number>();
    for (const r of rows)
      if (r.metric === "view" && r.dimension === dimension && viewWeeks.has(r.week))
        perBucket.set(r.bucket, (perBucket.get(r.bucket) ?? 0) + r.count);
    return safeBreakdown([...perBucket].map(([key, count]) => ({ key, label: label(key), count })));
  };
  return {
    month,
    views,
    byPlan: breakdown(
      "plan",
      labelled(PLAN_LABELS, (b) => b),
    ),
    byType: breakdown(
      "listing_type",
      labelled(TYPE_LABELS, (b) => b),
    ),
    byIndustry: breakdown(
      "industry",
      labelled({ [UNKNOWN]: "Not known" }, (b) => b),
    ),
  };
}

/**
 * The insights of a listing the owner keeps, as of `now`; `month` ("YYYY-MM-01", one of the ended months) chooses the
 * breakdowns' month, the last ended one by default.
 */
export async function loadListingInsights(
  database: Database,
  listingId: string,
  now: Date,
  month?: string | null,
): Promise<ListingInsights> {
  // What this process counted and has not written yet: an owner sees the views they just made at once.
  await insightTallyFor(database).flush();
  const weeks = recentWeeks(now);
  const months = endedMonths(now);
  const chosen = month && months.includes(month) ? month : months[0]!;
  const ids = await listingAndMerged(database, listingId);
  const [rows, intros] = await Promise.all([
    countsIn(database, ids, [...new Set([...weeks, ...weeksOfMonth(chosen)])]),
    getIntroFunnel(database, now, ids),
  ]);
  const views = weekTotals(rows, "view");
  const appearances = weekTotals(rows, "appearance");
  return {
    weeks: weeks.map((week) => ({ week, views: safeCell(views.get(week) ?? 0), appearances: safeCell(appearances.get(week) ?? 0) })),
    months,
    breakdowns: breakdownsOf(rows, chosen),
    intros,
  };
}

/** One ended month's figures of a listing for the monthly e-mail: the same safe sums the page shows. */
export async function monthSummaryOf(database: Database, listingId: string, month: string) {
  const ids = await listingAndMerged(database, listingId);
  const { views, appearances } = monthFigures(await countsIn(database, ids, weeksOfMonth(month)), month);
  const funnel = await getIntroFunnel(database, new Date(`${month}T00:00:00Z`), ids);
  const counts = funnel.months.find((m) => `${m.month}-01` === month)?.counts;
  return {
    views,
    appearances,
    intros: { requested: counts?.requested ?? 0, accepted: counts?.accepted ?? 0, declined: counts?.declined ?? 0 },
  };
}
