/**
 * What /admin/system shows (issue 34, decision 0107), all read from the database so that whichever process answers,
 * the page is the same: the release, the migrations applied, the processes seen recently, the job queue, the outbox,
 * the replica's lag and the integrations configured. Nothing secret leaves here: integrations are named, never their
 * URLs or keys (an SMTP URL carries a password).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { lastBackup } from "~/lib/backups/backup-runs.server.ts";
import { MIGRATIONS, type Database } from "~/lib/db.server.ts";
import type { Env } from "~/lib/env.server.ts";
import { SEEN_RECENTLY_MS } from "./process-heartbeat.server.ts";
import type { ReleaseInfo } from "./release-info.server.ts";
import { INTEGRATIONS, type IntegrationId } from "./integration-checks.server.ts";

export interface ProcessRow {
  processKey: string;
  host: string;
  pid: number;
  version: string;
  commit: string | null;
  startedAt: string;
  lastSeenAt: string;
  indexGeneration: number | null;
  lastIndexBuildAt: string | null;
  lastIndexBuildMs: number | null;
  lastIndexBuildListings: number | null;
}

export interface JobKindRow {
  kind: string;
  queued: number;
  oldestQueuedAt: string | null;
  running: number;
  failedToday: number;
}

export type ReplicaState =
  { kind: "none" } | { kind: "not-a-replica" } | { kind: "lag"; seconds: number | null } | { kind: "error"; message: string };

export interface SystemStatus {
  now: string;
  release: ReleaseInfo;
  migrations: { applied: number; known: number; latest: string | null };
  processes: ProcessRow[];
  jobs: JobKindRow[];
  outbox: {
    sentToday: number;
    storedToday: number;
    failedToday: number;
    lastFailure: { at: string; kind: string; error: string | null } | null;
  };
  replica: ReplicaState;
  /** The last backup run recorded (lib/backups, decision 0106), succeeded or failed; null before the first. */
  lastBackup: { at: string; kind: string; bytes: number | null; outcome: string } | null;
  integrations: { id: IntegrationId; name: string; configured: boolean }[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** Applied migrations, named by the journal's tags (drizzle keeps each one's journal `when` as created_at). */
async function migrationState(database: Database): Promise<SystemStatus["migrations"]> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8")) as {
    entries: { when: number; tag: string }[];
  };
  const rows = await database.rows<{ created_at: string | number }>(
    sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`,
  );
  const applied = new Set(rows.map((r) => Number(r.created_at)));
  const latest = journal.entries.filter((e) => applied.has(e.when)).at(-1)?.tag ?? null;
  return { applied: rows.length, known: journal.entries.length, latest };
}

async function processesSeen(database: Database, now: Date): Promise<ProcessRow[]> {
  const rows = await database.rows<Record<string, unknown>>(sql`
    SELECT process_key, host, pid, version, commit, started_at, last_seen_at, index_generation,
           last_index_build_at, last_index_build_ms, last_index_build_listings
    FROM server_processes WHERE last_seen_at >= ${new Date(now.getTime() - SEEN_RECENTLY_MS).toISOString()}::timestamptz
    ORDER BY host, started_at, process_key`);
  return rows.map((r) => ({
    processKey: String(r.process_key),
    host: String(r.host),
    pid: Number(r.pid),
    version: String(r.version),
    commit: r.commit === null ? null : String(r.commit),
    startedAt: iso(r.started_at as string)!,
    lastSeenAt: iso(r.last_seen_at as string)!,
    indexGeneration: r.index_generation === null ? null : Number(r.index_generation),
    lastIndexBuildAt: iso(r.last_index_build_at as string | null),
    lastIndexBuildMs: r.last_index_build_ms === null ? null : Number(r.last_index_build_ms),
    lastIndexBuildListings: r.last_index_build_listings === null ? null : Number(r.last_index_build_listings),
  }));
}

/** Per kind: the queue's depth and oldest waiting job, what runs, and what failed in the last day. */
async function jobState(database: Database, now: Date): Promise<JobKindRow[]> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const rows = await database.rows<{ kind: string; queued: number; oldest: string | null; running: number; failed: number }>(sql`
    SELECT job_type AS kind,
           count(*) FILTER (WHERE status = 'queued')::int AS queued,
           min(created_at) FILTER (WHERE status = 'queued') AS oldest,
           count(*) FILTER (WHERE status = 'running')::int AS running,
           count(*) FILTER (WHERE status = 'failed')::int AS failed
    FROM jobs
    WHERE status IN ('queued', 'running') OR (status = 'failed' AND created_at >= ${since}::timestamptz)
    GROUP BY job_type ORDER BY job_type`);
  return rows.map((r) => ({ kind: r.kind, queued: r.queued, oldestQueuedAt: iso(r.oldest), running: r.running, failedToday: r.failed }));
}

async function outboxState(database: Database, now: Date): Promise<SystemStatus["outbox"]> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const [counts] = await database.rows<{ sent: number; stored: number; failed: number }>(sql`
    SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE status = 'stored')::int AS stored,
           count(*) FILTER (WHERE status = 'failed')::int AS failed
    FROM outbox_emails WHERE created_at >= ${since}::timestamptz`);
  const [failure] = await database.rows<{ created_at: string; kind: string; error: string | null }>(sql`
    SELECT created_at, kind, error FROM outbox_emails WHERE status = 'failed' AND created_at >= ${since}::timestamptz
    ORDER BY created_at DESC LIMIT 1`);
  return {
    sentToday: counts?.sent ?? 0,
    storedToday: counts?.stored ?? 0,
    failedToday: counts?.failed ?? 0,
    lastFailure: failure ? { at: iso(failure.created_at)!, kind: failure.kind, error: failure.error } : null,
  };
}

/** How far the read replica is behind (DATABASE_READ_URL): the age of the last transaction it replayed. */
async function replicaState(database: Database): Promise<ReplicaState> {
  const replica = database.replica;
  if (!replica) return { kind: "none" };
  try {
    const [row] = await replica.rows<{ recovery: boolean; lag: number | null }>(
      sql`SELECT pg_is_in_recovery() AS recovery, extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS lag`,
    );
    if (!row?.recovery) return { kind: "not-a-replica" };
    return { kind: "lag", seconds: row.lag === null ? null : Math.max(0, Number(row.lag)) };
  } catch (error) {
    return { kind: "error", message: error instanceof Error ? error.message : String(error) };
  }
}

export async function loadSystemStatus(database: Database, options: { now: Date; release: ReleaseInfo; env: Env }): Promise<SystemStatus> {
  const { now } = options;
  const [migrations, processes, jobs, outbox, replica, backup] = await Promise.all([
    migrationState(database),
    processesSeen(database, now),
    jobState(database, now),
    outboxState(database, now),
    replicaState(database),
    lastBackup(database),
  ]);
  return {
    now: now.toISOString(),
    release: options.release,
    migrations,
    processes,
    jobs,
    outbox,
    replica,
    lastBackup: backup && { ...backup, at: backup.at.toISOString() },
    integrations: INTEGRATIONS.map(({ id, name, configured }) => ({ id, name, configured: configured(options.env) })),
  };
}
