/**
 * Audit activity grouped by who acted (issue 32, decision 0093): each machine run (an import job, another job, an
 * import outside a job) is one row with its counts, people's actions stay one row each. Pages are cut by a cursor on
 * (time, id) merged from two index walks, newest first: entries outside runs (audit_log_single_idx, or
 * audit_log_single_kind_idx for one kind) and runs by their latest entry (audit_runs_last_idx). A run's counts are kept
 * on its row as its entries are written, so a page costs the same on a table of millions (bench/audit-activity.ts).
 */
import { and, eq, getTableColumns, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { users } from "#db/schema/accounts.ts";
import { auditLog, auditRuns } from "#db/schema/audit.ts";
import type { Database } from "~/lib/db.server.ts";
import type { ActorKind } from "./actor-kinds.ts";
import { MAX_AUDIT_ENTRIES, RECENT_AUDIT_ENTRIES, UUID, withListingFlags } from "./audit-log.server.ts";

export interface ActivityQuery {
  kind?: ActorKind;
  operation?: string | null;
  action?: string | null;
  limit?: number;
  /** The cursor of the last row of the page before (from `next`); a malformed one starts at the newest. */
  before?: string | null;
}

export interface RunSummary {
  id: string;
  kind: string;
  source: string;
  startedByName: string | null;
  startedAt: Date;
  lastAt: Date;
  /** Its entries (matching the operation and action filters, when given). */
  total: number;
  counts: Array<{ operation: string; action: string; n: number }>;
}

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];
export type ActivityEntry = Omit<EntryRow, "at"> & { recordIsListing: boolean; existingRecordIsListing: boolean };
export type ActivityItem = { type: "entry"; cursor: string; entry: ActivityEntry } | { type: "run"; cursor: string; run: RunSummary };

/** Times to the microsecond, in a fixed-width text that sorts as time does: JavaScript's Date would drop digits. */
const timeText = (column: PgColumn) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

function parseCursor(cursor: string | null | undefined): { at: string; id: string } | null {
  const match = cursor ? CURSOR.exec(cursor) : null;
  return match ? { at: match[1]!, id: match[2]!.toLowerCase() } : null;
}

const cursorOf = (at: string, id: string) => `${at}_${id}`;
const clampLimit = (limit: number | undefined) => Math.min(Math.max(Math.trunc(limit ?? RECENT_AUDIT_ENTRIES) || 1, 1), MAX_AUDIT_ENTRIES);
/** Older than the cursor, in the order of the (time DESC, id DESC) indexes. */
const olderThan = (time: PgColumn, id: PgColumn, cursor: { at: string; id: string } | null) =>
  cursor ? sql`(${time}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;
const newestFirst = (time: PgColumn, id: PgColumn) => [sql`${time} DESC NULLS LAST`, sql`${id} DESC NULLS LAST`];

function entryFilters(query: Pick<ActivityQuery, "operation" | "action">): SQL[] {
  const conditions: SQL[] = [];
  if (query.operation) conditions.push(eq(auditLog.operation, query.operation));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  return conditions;
}

function selectEntries({ db }: Database, where: Array<SQL | undefined>, limit: number) {
  return db
    .select({ ...getTableColumns(auditLog), actorName: users.name, at: timeText(auditLog.timestamp) })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...where))
    .orderBy(...newestFirst(auditLog.timestamp, auditLog.id))
    .limit(limit);
}

async function selectRuns({ db }: Database, where: Array<SQL | undefined>, limit: number) {
  return db
    .select({ ...getTableColumns(auditRuns), startedByName: users.name, at: timeText(auditRuns.lastAt) })
    .from(auditRuns)
    .leftJoin(users, eq(users.id, auditRuns.startedBy))
    .where(and(...where))
    .orderBy(...newestFirst(auditRuns.lastAt, auditRuns.id))
    .limit(limit);
}

/** A run's stored counts as rows, only those matching the filters, the largest first. */
function countsOf(stored: Record<string, number>, query: Pick<ActivityQuery, "operation" | "action">): RunSummary["counts"] {
  return Object.entries(stored)
    .map(([key, n]) => {
      const [operation = "", action = ""] = key.split(":");
      return { operation, action, n };
    })
    .filter((c) => (!query.operation || c.operation === query.operation) && (!query.action || c.action === query.action))
    .sort((a, b) => b.n - a.n || a.operation.localeCompare(b.operation) || a.action.localeCompare(b.action));
}

function summaryOf({ at: _at, counts, ...run }: Awaited<ReturnType<typeof selectRuns>>[number], query: ActivityQuery): RunSummary {
  const own = countsOf(counts, query);
  return { ...run, total: own.reduce((sum, c) => sum + c.n, 0), counts: own };
}

/** Under an operation or action filter, only runs that wrote such an entry (read from the run's own counts). */
function runHasMatching(query: ActivityQuery): SQL | undefined {
  if (!query.operation && !query.action) return undefined;
  const conditions = [
    query.operation ? sql`split_part(key, ':', 1) = ${query.operation}` : sql`true`,
    query.action ? sql`split_part(key, ':', 2) = ${query.action}` : sql`true`,
  ];
  return sql`EXISTS (SELECT 1 FROM jsonb_object_keys(${auditRuns.counts}) AS key WHERE ${and(...conditions)})`;
}

/** A page of grouped activity, newest first, and the cursor of the next (older) page when there is one. */
export async function findActivity(database: Database, query: ActivityQuery = {}): Promise<{ rows: ActivityItem[]; next: string | null }> {
  const limit = clampLimit(query.limit);
  const cursor = parseCursor(query.before);
  const kind = query.kind ?? "all";
  const filters = entryFilters(query);
  const byKind = kind === "people" ? eq(auditLog.actorKind, "person") : kind === "machine" ? eq(auditLog.actorKind, "machine") : undefined;
  const [singles, runs] = await Promise.all([
    selectEntries(database, [isNull(auditLog.runId), byKind, ...filters, olderThan(auditLog.timestamp, auditLog.id, cursor)], limit + 1),
    kind === "people" ? [] : selectRuns(database, [olderThan(auditRuns.lastAt, auditRuns.id, cursor), runHasMatching(query)], limit + 1),
  ]);
  const merged = [
    ...singles.map(({ at, ...entry }) => ({ at, id: entry.id, entry })),
    ...runs.map((run) => ({ at: run.at, id: run.id, run })),
  ].sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.at < b.at ? 1 : -1));
  const page = merged.slice(0, limit);
  const entries = await withListingFlags(
    database,
    page.flatMap((row) => ("entry" in row ? [row.entry] : [])),
  );
  const entryOf = new Map(entries.map((e) => [e.id, e]));
  const rows = page.map((row): ActivityItem => {
    const at = cursorOf(row.at, row.id);
    return "run" in row
      ? { type: "run", cursor: at, run: summaryOf(row.run, query) }
      : { type: "entry", cursor: at, entry: entryOf.get(row.id)! };
  });
  const last = page.at(-1);
  return { rows, next: merged.length > limit && last ? cursorOf(last.at, last.id) : null };
}

/** One run with its counts, and a page of its entries (newest first); no run for an unknown or malformed id. */
export async function findRunEntries(
  database: Database,
  runId: string,
  query: Omit<ActivityQuery, "kind"> = {},
): Promise<{ run: RunSummary | null; entries: ActivityEntry[]; next: string | null }> {
  if (!UUID.test(runId)) return { run: null, entries: [], next: null };
  const id = runId.toLowerCase();
  const filters = entryFilters(query);
  const [found] = await selectRuns(database, [eq(auditRuns.id, id)], 1);
  if (!found) return { run: null, entries: [], next: null };
  const limit = clampLimit(query.limit);
  const rows = await selectEntries(
    database,
    [eq(auditLog.runId, id), ...filters, olderThan(auditLog.timestamp, auditLog.id, parseCursor(query.before))],
    limit + 1,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const entries = await withListingFlags(
    database,
    page.map(({ at: _at, ...entry }) => entry),
  );
  return {
    run: summaryOf(found, query),
    entries,
    next: rows.length > limit && last ? cursorOf(last.at, last.id) : null,
  };
}

/** The last 24 hours' entries by who acted, and how many runs wrote theirs (the filter's counts). */
export async function activityCounts({ db }: Database, now = Date.now()) {
  const person = sql<boolean>`${auditLog.actorKind} = 'person'`;
  const rows = await db
    .select({ person, entries: sql<number>`count(*)::int`, runs: sql<number>`count(DISTINCT ${auditLog.runId})::int` })
    .from(auditLog)
    .where(gt(auditLog.timestamp, new Date(now - 24 * 60 * 60 * 1000)))
    .groupBy(sql`1`);
  const of = (isPerson: boolean) => rows.find((r) => r.person === isPerson);
  return { people: of(true)?.entries ?? 0, machine: of(false)?.entries ?? 0, runs: of(false)?.runs ?? 0 };
}
