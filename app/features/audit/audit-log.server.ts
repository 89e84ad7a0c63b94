import { and, asc, count, desc, eq, getTableColumns, gt, inArray, sql, type SQL } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { auditLog, auditRuns } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { currentAuditRun } from "~/lib/audit-run.server.ts";
import type { Database } from "~/lib/db.server.ts";

/** Spec 02's four duplicate operations, then the product's own: intro requests, applications, back-office edits. */
export type AuditOperation =
  | "duplicate_check"
  | "merge_operation"
  | "manual_review"
  | "cleanup_batch"
  | "intro_request"
  | "feature_application"
  | "listing_edit"
  | "reference_edit"
  | "tier_edit"
  | "industries_migration"
  | "member_account"
  // Issue 36 (decision 0114): owners of listings, their proposed changes and the listing's freeze.
  | "listing_ownership"
  | "owner_change"
  // Issue 37 (decision 0118): teams, their members and invitations.
  | "team";

export interface AuditEntry {
  operation: AuditOperation;
  /** Who acted: admin, visitor, member, recipient, system. */
  source: string;
  action: string;
  companyName?: string | null;
  recordId?: string | null;
  actorId?: string | null;
  details?: Record<string, unknown>;
}

/** Anything that can run an insert: the database or a transaction on it, so an entry commits with its change. */
type Writer = Pick<Database["db"], "insert">;

/**
 * One entry, or many in one statement (an import writes a page of companies at once). Written while a job or an import
 * runs, they belong to its run, which is recorded (or moved to now) with them (decision 0093).
 */
export async function recordAudit(db: Writer, entry: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const entries = Array.isArray(entry) ? entry : [entry as AuditEntry];
  if (!entries.length) return;
  const run = currentAuditRun();
  if (run) {
    const counts: Record<string, number> = {};
    for (const e of entries) counts[`${e.operation}:${e.action}`] = (counts[`${e.operation}:${e.action}`] ?? 0) + 1;
    // The run's counts grow with each write, in the same transaction: the views never count a run's entries.
    await db
      .insert(auditRuns)
      .values({ id: run.id, kind: run.kind, source: entries[0]!.source, startedBy: run.startedBy, counts })
      .onConflictDoUpdate({
        target: auditRuns.id,
        set: {
          lastAt: sql`now()`,
          counts: sql`(SELECT jsonb_object_agg(key, total) FROM (SELECT key, sum(value::int) AS total FROM (
            SELECT * FROM jsonb_each_text(${auditRuns.counts}) UNION ALL SELECT * FROM jsonb_each_text(excluded.counts)
          ) AS added GROUP BY key) AS summed)`,
        },
      });
  }
  await db.insert(auditLog).values(
    entries.map((e) => ({
      operation: e.operation,
      source: e.source,
      action: e.action,
      companyName: e.companyName ?? null,
      recordId: e.recordId ?? null,
      actorId: e.actorId ?? null,
      details: e.details ?? {},
      runId: run?.id ?? null,
    })),
  );
}

/** One entry of a record's history: what happened, from where, when, and the signed-in person who did it. */
export interface TrailEntry {
  action: string;
  source: string;
  timestamp: Date;
  details: Record<string, unknown>;
  actorName: string | null;
}

/** The entries about the given records, oldest first: a request's, an application's or a listing's history. */
export async function auditTrailFor({ db }: Database, recordIds: string[]): Promise<Map<string, TrailEntry[]>> {
  const byRecord = new Map<string, TrailEntry[]>();
  if (recordIds.length === 0) return byRecord;
  const rows = await db
    .select({
      recordId: auditLog.recordId,
      action: auditLog.action,
      source: auditLog.source,
      timestamp: auditLog.timestamp,
      details: auditLog.details,
      actorName: users.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(inArray(auditLog.recordId, recordIds))
    .orderBy(asc(auditLog.timestamp));
  for (const { recordId, ...entry } of rows) {
    const list = byRecord.get(recordId!) ?? [];
    list.push(entry);
    byRecord.set(recordId!, list);
  }
  return byRecord;
}

/** Spec 02 §9: the recent view shows 100 entries, and statistics cover 24 hours. */
export const RECENT_AUDIT_ENTRIES = 100;
const STATS_WINDOW_MS = 24 * 60 * 60 * 1000;

export async function recentAudit({ db }: Database, limit = RECENT_AUDIT_ENTRIES) {
  return db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.timestamp))
    .limit(Math.min(Math.max(limit, 1), 1000));
}

/** Entries of the last 24 hours counted by operation and by action. */
export async function auditStatistics({ db }: Database, now = Date.now()) {
  const rows = await db
    .select({ operation: auditLog.operation, action: auditLog.action, n: count() })
    .from(auditLog)
    .where(gt(auditLog.timestamp, new Date(now - STATS_WINDOW_MS)))
    .groupBy(auditLog.operation, auditLog.action);
  const byOperation: Record<string, number> = {};
  const byAction: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    byOperation[r.operation] = (byOperation[r.operation] ?? 0) + r.n;
    byAction[r.action] = (byAction[r.action] ?? 0) + r.n;
    total += r.n;
  }
  return { windowHours: 24, total, byOperation, byAction };
}

/** The in-memory cap of spec 02 §9, kept as the most a view may ask for. */
export const MAX_AUDIT_ENTRIES = 1000;

export interface AuditFilter {
  operation?: string | null;
  action?: string | null;
  limit?: number;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The newest entries, optionally of one operation and action, with the acting user's name, and which of the ids
 * they mention (recordId, details.existingRecordId) are listings: an entry's record may be a listing, a request or
 * an application, and only a listing has a back-office page to link to.
 */
export async function findAuditEntries({ db }: Database, filter: AuditFilter = {}) {
  const conditions: SQL[] = [];
  if (filter.operation) conditions.push(eq(auditLog.operation, filter.operation));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  const rows = await db
    .select({ ...getTableColumns(auditLog), actorName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.timestamp), desc(auditLog.id))
    .limit(Math.min(Math.max(filter.limit ?? RECENT_AUDIT_ENTRIES, 1), MAX_AUDIT_ENTRIES));
  return withListingFlags({ db }, rows);
}

/** Which of the ids entries mention (recordId, details.existingRecordId) are listings, the only ones with a page. */
export async function withListingFlags<T extends { recordId: string | null; details: Record<string, unknown> | null }>(
  { db }: Pick<Database, "db">,
  rows: T[],
): Promise<Array<T & { recordIsListing: boolean; existingRecordIsListing: boolean }>> {
  // Only uuid-shaped ids can be listing ids; anything else would make the uuid comparison fail.
  const mentioned = new Set<string>();
  for (const r of rows) {
    for (const id of [r.recordId, r.details?.existingRecordId])
      if (typeof id === "string" && UUID.test(id)) mentioned.add(id.toLowerCase());
  }
  const found = mentioned.size
    ? await db
        .select({ id: listings.id })
        .from(listings)
        .where(inArray(listings.id, [...mentioned]))
    : [];
  const listingIds = new Set(found.map((l) => l.id));
  const isListing = (id: unknown) => typeof id === "string" && listingIds.has(id.toLowerCase());
  return rows.map((r) => ({
    ...r,
    recordIsListing: isListing(r.recordId),
    existingRecordIsListing: isListing(r.details?.existingRecordId),
  }));
}
