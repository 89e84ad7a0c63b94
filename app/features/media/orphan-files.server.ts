/**
 * Stored files nothing refers to are removed (issue 14): they are served from /media to anyone who has the
 * address, so a file kept without a row that uses it is hosting nobody reviews. New files are stored with the row
 * that uses them (an application) or by an import about to write the listings that do; files left over (an
 * operator replaced a listing's logo, an import failed half-way, older versions kept logos of failed submissions)
 * go once they are an hour old. Run at start and every hour in each server process; the delete is idempotent, so
 * several processes sweeping at once do no harm.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";

/** How old an unreferenced file must be before it goes: well past any request that stores one and then its row. */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

const UUID_IN_MEDIA_PATH = "/media/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})";

/**
 * Deletes stored files older than ORPHAN_AGE_MS that no row references, and returns how many went. The references
 * are every column that may hold a file: the application's logo id, and /media/{id} in a listing's logo or a team
 * member's photo (the listing editor accepts such paths). A column that starts holding files must be added here.
 * Files stored since the oldest unfinished job was created are kept: a spreadsheet import stores the logos it
 * downloads before it writes the listings that use them, and a job interrupted by a restart resumes later.
 */
export async function sweepOrphanFiles(database: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_AGE_MS);
  const deleted = await database.rows<{ id: string }>(sql`
    WITH referenced AS (
      SELECT logo_file_id AS id FROM feature_applications WHERE logo_file_id IS NOT NULL
      UNION
      SELECT substring(logo_url FROM ${UUID_IN_MEDIA_PATH})::uuid FROM listings WHERE logo_url LIKE '%/media/%'
      UNION
      SELECT substring(photo_url FROM ${UUID_IN_MEDIA_PATH})::uuid FROM team_members WHERE photo_url LIKE '%/media/%'
    )
    DELETE FROM stored_files AS f
    WHERE f.created_at < ${cutoff.toISOString()}::timestamptz
      AND f.created_at < coalesce((SELECT min(created_at) FROM jobs WHERE status IN ('queued', 'running')), 'infinity')
      AND NOT EXISTS (SELECT 1 FROM referenced AS r WHERE r.id = f.id)
    RETURNING f.id`);
  return deleted.length;
}

/** Sweeps now and then every `everyMs`; returns the function that stops it. Failures are logged, never thrown. */
export function startOrphanSweep(database: Database, everyMs = ORPHAN_AGE_MS): () => void {
  const sweep = () =>
    sweepOrphanFiles(database).then(
      (removed) => removed > 0 && logger.info({ removed }, "removed stored files nothing references"),
      (error: unknown) => logger.error({ err: error }, "sweeping unreferenced stored files failed"),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
