/**
 * What the metrics read from the database at scrape time (decision 0104): the job queue's depth and oldest job by kind,
 * and the outbox's recent failures. Shared by every server, so every process reports the same numbers (the cluster's
 * sum takes the largest, `aggregator: "max"`). One read serves every scrape for a few seconds, so that ten scrapes a
 * second put no load on the database; both reads use an index (jobs by status and age, the outbox by age).
 */
import { sql } from "drizzle-orm";
import { Gauge } from "prom-client";
import type { Database } from "./db.server.ts";
import { registry } from "./metrics.server.ts";

/** How long one read answers scrapes. */
export const DATABASE_STATS_TTL_MS = 5_000;
/** A failed e-mail older than this no longer counts as backlog. */
const OUTBOX_WINDOW = "24 hours";

interface Stats {
  jobs: { kind: string; status: string; count: number; oldestSeconds: number }[];
  outboxFailed: number;
}

const source: { database?: Database; now: () => number } = { now: () => Date.now() };
let cached: { at: number; stats: Promise<Stats | undefined> } | undefined;

/** The database the scrape-time metrics read (the server's, once it is open); `now` for tests. */
export function watchDatabase(database: Database | undefined, now: () => number = () => Date.now()): void {
  source.database = database;
  source.now = now;
  cached = undefined;
}

async function readStats(database: Database): Promise<Stats> {
  const jobs = await database.rows<{ kind: string; status: string; count: number; oldest: number | null }>(sql`
    SELECT job_type AS kind, status, count(*)::int AS count,
      extract(epoch FROM (now() - min(created_at)))::float8 AS oldest
    FROM jobs WHERE status IN ('queued', 'running') GROUP BY job_type, status`);
  const [outbox] = await database.rows<{ failed: number }>(sql`
    SELECT count(*)::int AS failed FROM outbox_emails
    WHERE created_at > now() - ${OUTBOX_WINDOW}::interval AND status = 'failed'`);
  return {
    jobs: jobs.map((row) => ({ kind: row.kind, status: row.status, count: row.count, oldestSeconds: Math.max(0, row.oldest ?? 0) })),
    outboxFailed: outbox?.failed ?? 0,
  };
}

function stats(): Promise<Stats | undefined> {
  const database = source.database;
  if (!database) return Promise.resolve(undefined);
  const now = source.now();
  if (cached && now - cached.at < DATABASE_STATS_TTL_MS) return cached.stats;
  // A database that does not answer leaves these metrics out of the scrape; the rest of it still comes.
  const read = readStats(database).catch(() => undefined);
  cached = { at: now, stats: read };
  return read;
}

new Gauge({
  name: "introbase_jobs",
  help: "Jobs in the queue by kind and status (queued: waiting for a worker; running: held by one).",
  labelNames: ["kind", "status"] as const,
  registers: [registry],
  aggregator: "max",
  async collect() {
    this.reset();
    for (const row of (await stats())?.jobs ?? []) this.set({ kind: row.kind, status: row.status }, row.count);
  },
});
new Gauge({
  name: "introbase_jobs_oldest_queued_age_seconds",
  help: "Age of the oldest job still waiting for a worker, by kind (absent: none waiting).",
  labelNames: ["kind"] as const,
  registers: [registry],
  aggregator: "max",
  async collect() {
    this.reset();
    for (const row of (await stats())?.jobs ?? []) if (row.status === "queued") this.set({ kind: row.kind }, row.oldestSeconds);
  },
});

new Gauge({
  name: "introbase_outbox_failed_recent",
  help: "E-mails the SMTP server refused in the last 24 hours: the outbox's backlog, since a refused e-mail is not sent again.",
  registers: [registry],
  aggregator: "max",
  async collect() {
    const read = await stats();
    if (read) this.set(read.outboxFailed);
  },
});
