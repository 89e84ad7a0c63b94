/** The operators' view of digests (/admin/digests): the recent periods, their jobs and deliveries, and "send now". */
import { sql } from "drizzle-orm";
import type { DigestCadence } from "#db/values/saved-searches.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { scheduleDigest } from "./digest-job.server.ts";
import { periodContaining } from "./digest-periods.ts";

export interface DigestRunRow {
  cadence: DigestCadence;
  periodStart: string;
  jobId: string | null;
  jobStatus: string | null;
  deliveries: Record<string, number>;
}

export async function listDigestRuns(database: Database, limit = 20): Promise<DigestRunRow[]> {
  const rows = await database.rows<{
    cadence: DigestCadence;
    period_start: Date | string;
    job_id: string | null;
    job_status: string | null;
    deliveries: Record<string, number> | null;
  }>(sql`
    SELECT r.cadence, r.period_start, r.job_id, j.status AS job_status,
      (SELECT jsonb_object_agg(status, n) FROM (
         SELECT d.status, count(*)::int AS n FROM digest_deliveries d
         WHERE d.cadence = r.cadence AND d.period_start = r.period_start GROUP BY d.status) AS counts) AS deliveries
    FROM digest_runs r LEFT JOIN jobs j ON j.id = r.job_id
    ORDER BY r.period_start DESC, r.cadence LIMIT ${limit}`);
  return rows.map((r) => ({
    cadence: r.cadence,
    periodStart: new Date(r.period_start).toISOString(),
    jobId: r.job_id,
    jobStatus: r.job_status,
    deliveries: r.deliveries ?? {},
  }));
}

/**
 * Queues the digest of the period in progress now (an operator trying alerts out, or a demo). The scheduler will not
 * send that period again when it ends; what changes after this run goes into the next period's digest.
 */
export async function sendDigestNow(database: Database, cadence: DigestCadence, adminId: string, now = new Date()): Promise<string> {
  const period = periodContaining(cadence, now);
  const job = await scheduleDigest(database, cadence, period, adminId);
  if (!job)
    throw new AppError(
      "conflict",
      `The ${cadence} digest of this period was already sent or queued. The next one goes out when the period ends.`,
    );
  return job.id;
}
