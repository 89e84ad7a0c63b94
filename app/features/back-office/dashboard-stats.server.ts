/**
 * The back-office dashboard's numbers (issue 5 §1). Everything is counted inside the database with GROUP BY, in
 * three queries, so the page costs the same at 600 listings as at 100,000: one pass over listings (statuses and
 * months together), one over the small workflow tables, one over the duplicate tables.
 */
import { count, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { featureApplications, pilotApplications } from "#db/schema/applications.ts";
import { duplicateReviews } from "#db/schema/duplicate-reviews.ts";
import { introRequests } from "#db/schema/introductions.ts";
import { jobs } from "#db/schema/jobs.ts";
import { LISTING_TYPES, listings } from "#db/schema/listings.ts";
import { listingMerges } from "#db/schema/merges.ts";
import type { Database } from "~/lib/db.server.ts";
import { MAIN_LISTING_STATUSES } from "./labels.ts";
import { fillMonths, lastMonths, windowStart, type MonthCount, type MonthRow } from "./month-series.ts";

export type ListingType = (typeof LISTING_TYPES)[number];

const DUPLICATE_SERIES = ["found", "merged"] as const;
export type DuplicateSeries = (typeof DUPLICATE_SERIES)[number];

/** The workflow tables counted by status, keyed as the dashboard names them. */
const WORKFLOWS = ["intros", "featureApplications", "pilotApplications", "duplicateReviews", "jobs"] as const;
type Workflow = (typeof WORKFLOWS)[number];

export interface ListingCounts {
  type: ListingType;
  total: number;
  byStatus: Array<{ status: string; n: number }>;
}

export interface DashboardStats extends Record<Workflow, Record<string, number>> {
  listings: ListingCounts[];
  listingsPerMonth: Array<MonthRow<ListingType>>;
  duplicatesPerMonth: Array<MonthRow<DuplicateSeries>>;
}

/** The month of a timestamp column as "2025-03", in UTC whatever the session's time zone. */
const month = (column: unknown) => sql<string>`to_char(date_trunc('month', ${column} AT TIME ZONE 'UTC'), 'YYYY-MM')`;

export async function getDashboardStats(database: Database, now = new Date()): Promise<DashboardStats> {
  const months = lastMonths(now);
  // As text with a cast: postgres.js binds no Date objects inside a raw SQL fragment.
  const since = sql`${windowStart(now).toISOString()}::timestamptz`;
  const [listingRows, workflowRows, duplicateRows] = await Promise.all([
    countListings(database, since),
    countWorkflows(database),
    countDuplicates(database, since),
  ]);

  const perMonth: Array<MonthCount<ListingType>> = [];
  const byType = new Map<ListingType, Map<string, number>>(LISTING_TYPES.map((t) => [t, new Map()]));
  for (const r of listingRows) {
    const statuses = byType.get(r.type)!;
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + r.n);
    if (r.month) perMonth.push({ month: r.month, series: r.type, n: r.n });
  }

  const workflows = Object.fromEntries(WORKFLOWS.map((w) => [w, {} as Record<string, number>])) as Record<Workflow, Record<string, number>>;
  for (const r of workflowRows) workflows[r.kind][r.status] = r.n;

  return {
    listings: LISTING_TYPES.map((type) => listingCounts(type, byType.get(type)!)),
    listingsPerMonth: fillMonths(perMonth, months, LISTING_TYPES),
    ...workflows,
    duplicatesPerMonth: fillMonths(duplicateRows, months, DUPLICATE_SERIES),
  };
}

function listingCounts(type: ListingType, statuses: Map<string, number>): ListingCounts {
  const others = [...statuses.keys()].filter((s) => !(MAIN_LISTING_STATUSES as readonly string[]).includes(s)).sort();
  const byStatus = [...MAIN_LISTING_STATUSES, ...others].map((status) => ({ status, n: statuses.get(status) ?? 0 }));
  return { type, total: byStatus.reduce((sum, s) => sum + s.n, 0), byStatus };
}

/**
 * One pass over listings: counted by type, status and month of creation (null before the window), so the status
 * cards and the monthly chart come from the same scan. At most 3 types x a few statuses x 13 months of rows.
 */
function countListings({ db }: Database, since: SQL) {
  return db
    .select({
      type: listings.type,
      status: listings.processingStatus,
      month: sql<string | null>`CASE WHEN ${listings.createdAt} >= ${since} THEN ${month(listings.createdAt)} END`,
      n: count(),
    })
    .from(listings)
    .groupBy(sql`1, 2, 3`);
}

function countWorkflows(database: Database) {
  const byStatus = (kind: Workflow, table: PgTable, status: AnyPgColumn) =>
    sql`SELECT ${kind}::text AS kind, ${status}::text AS status, count(*)::int AS n FROM ${table} GROUP BY 2`;
  return database.rows<{ kind: Workflow; status: string; n: number }>(
    sql.join(
      [
        byStatus("intros", introRequests, introRequests.status),
        byStatus("featureApplications", featureApplications, featureApplications.status),
        byStatus("pilotApplications", pilotApplications, pilotApplications.status),
        byStatus("duplicateReviews", duplicateReviews, duplicateReviews.status),
        byStatus("jobs", jobs, jobs.status),
      ],
      sql` UNION ALL `,
    ),
  );
}

/**
 * Duplicates found per month: review items raised (scans, reports, imports) plus merges; a merge of a pair that
 * already had a review item is not counted again, so a pair is found once, in the month it was first raised.
 * Merged per month: merges that still stand (an undone merge no longer counts).
 */
function countDuplicates(database: Database, since: SQL) {
  const r = duplicateReviews;
  const m = listingMerges;
  return database.rows<MonthCount<DuplicateSeries>>(sql`
    SELECT month, series, count(*)::int AS n FROM (
      SELECT ${month(r.createdAt)} AS month, 'found' AS series FROM ${r} WHERE ${r.createdAt} >= ${since}
      UNION ALL
      SELECT ${month(m.mergedAt)}, 'found' FROM ${m} WHERE ${m.mergedAt} >= ${since} AND NOT EXISTS (
        SELECT 1 FROM ${r} WHERE ${r.listingA} = LEAST(${m.survivorId}, ${m.mergedId}) AND ${r.listingB} = GREATEST(${m.survivorId}, ${m.mergedId}))
      UNION ALL
      SELECT ${month(m.mergedAt)}, 'merged' FROM ${m} WHERE ${m.mergedAt} >= ${since} AND ${m.undoneAt} IS NULL
    ) AS t
    GROUP BY 1, 2`);
}
