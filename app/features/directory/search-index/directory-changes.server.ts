/**
 * Reading the directory's change log (db/schema/listing-changes.ts, decision 0095): which listings changed since a
 * process's index last read, each one's columns as the index reads them, and where it goes in the default order.
 * Everything comes from one statement, hence one snapshot: the changes, the listings' rows, their successors among the
 * unchanged listings, and the snapshot itself, which becomes the index's new position.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import type { ChangeBatch, ChangedRow } from "./apply-changes.ts";

/** The columns the index reads of a listing `l` (index-builder.ts IndexRow), but the investor's last investment. */
export const INDEX_COLUMNS = sql`l.id, l.type, l.featured, l.industry_ids, l.geography_ids, l.country_ids, l.persona_ids,
  l.funding_stage_id, l.business_model_id, l.revenue_range_id, l.visibility,
  -- only what the gating reads: most listings have no level of their own
  NULLIF(l.field_visibility, '{}'::jsonb) AS field_visibility,
  l.name, l.tagline,
  (extract(epoch FROM l.created_at) * 1000)::float8 AS created_ms,
  (extract(epoch FROM coalesce(l.latest_round_date, l.funding_date)) * 1000)::float8 AS latest_round_ms,
  l.total_funding_raised::float8 AS total_raised,
  l.founded_year, l.team_size, l.ticket_size, l.hq_city`;

/** More changed listings than this at once are a full rebuild (an import of a whole directory), not a batch. */
const MAX_BATCH = 50_000;

/** The snapshot a full build starts from: changes it does not see are applied after it (its position). */
export async function currentPosition(database: Database): Promise<string> {
  const [row] = await database.rows<{ position: string }>(sql`SELECT pg_current_snapshot()::text AS position`);
  return row!.position;
}

export type ChangesSince =
  | { kind: "batch"; position: string; batch: ChangeBatch }
  /** Apply nothing: build anew (a bulk load said everything changed, the log was pruned past the position, too many). */
  | { kind: "rebuild"; reason: string };

/** The changes after `position` (a snapshot from currentPosition or an earlier read). */
export async function changesSince(database: Database, position: string): Promise<ChangesSince> {
  const [probe] = await database.rows<{ count: number; everything: boolean; behind: boolean }>(sql`
    WITH prev AS (SELECT ${position}::pg_snapshot AS s)
    SELECT count(DISTINCT c.listing_id)::int AS count, bool_or(c.seq IS NOT NULL AND c.listing_id IS NULL) IS TRUE AS everything,
           coalesce((SELECT p.up_to >= pg_snapshot_xmin(prev.s) FROM listing_changes_pruned p, prev), false) AS behind
    FROM prev LEFT JOIN listing_changes c ON c.xid >= pg_snapshot_xmin(prev.s) AND NOT pg_visible_in_snapshot(c.xid, prev.s)`);
  if (probe!.behind) return { kind: "rebuild", reason: "the change log was pruned past this index" };
  if (probe!.everything) return { kind: "rebuild", reason: "a bulk load changed the listings" };
  if (probe!.count > MAX_BATCH) return { kind: "rebuild", reason: `${probe!.count} listings changed at once` };
  const [row] = await database.rows<{ position: string; behind: boolean; everything: boolean; gone: string; rows: string }>(sql`
    WITH prev AS (SELECT ${position}::pg_snapshot AS s),
    ch AS MATERIALIZED (
      SELECT DISTINCT c.listing_id AS id FROM listing_changes c, prev
      WHERE c.xid >= pg_snapshot_xmin(prev.s) AND NOT pg_visible_in_snapshot(c.xid, prev.s)),
    changed AS MATERIALIZED (
      SELECT ${INDEX_COLUMNS},
        CASE WHEN l.type = 'investor' THEN (
          SELECT (extract(epoch FROM max(f.funding_date)) * 1000)::float8
          FROM investor_relationships r JOIN funding_rounds f ON f.id = r.funding_round_id
          WHERE r.investor_id = l.id AND f.funding_date IS NOT NULL) END AS last_investment_ms
      FROM listings l JOIN ch ON ch.id = l.id
      WHERE l.processing_status = 'published'),
    placed AS (
      SELECT c.*, coalesce(same.id, plain.id) AS next FROM changed c
      -- The next published listing in the default order, changed or not (the first unchanged one is found by
      -- following these in changesSince: skipping changed ones here cost a scan of a cluster per listing): first among
      -- those as featured as it (one probe of listings_directory_order_idx), else, for a featured one, the first other.
      LEFT JOIN LATERAL (
        SELECT n.id FROM listings n
        WHERE n.processing_status = 'published' AND n.featured = c.featured AND (n.name, n.id) > (c.name, c.id)
        ORDER BY n.name, n.id LIMIT 1) same ON true
      LEFT JOIN LATERAL (
        SELECT n.id FROM listings n
        WHERE c.featured AND same.id IS NULL AND n.processing_status = 'published' AND n.featured = false
        ORDER BY n.name, n.id LIMIT 1) plain ON true)
    SELECT pg_current_snapshot()::text AS position,
      coalesce((SELECT p.up_to >= pg_snapshot_xmin(prev.s) FROM listing_changes_pruned p, prev), false) AS behind,
      EXISTS (SELECT 1 FROM ch WHERE id IS NULL) AS everything,
      coalesce((SELECT json_agg(ch.id) FROM ch WHERE ch.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM changed WHERE changed.id = ch.id)), '[]')::text AS gone,
      coalesce((SELECT json_agg(p ORDER BY p.featured DESC, p.name, p.id) FROM placed p), '[]')::text AS rows`);
  if (row!.behind) return { kind: "rebuild", reason: "the change log was pruned past this index" };
  if (row!.everything) return { kind: "rebuild", reason: "a bulk load changed the listings" };
  const rows = JSON.parse(row!.rows) as Array<ChangedRow & { next: string | null }>;
  return { kind: "batch", position: row!.position, batch: { gone: JSON.parse(row!.gone) as string[], rows: withSuccessors(rows) } };
}

/**
 * Each changed listing's successor among the unchanged ones: its next listing, or, when that changed too, that one's
 * successor. `rows` are in the default order, and a next listing comes later, so one backward pass resolves them all.
 */
function withSuccessors(rows: Array<ChangedRow & { next: string | null }>): ChangedRow[] {
  const at = new Map(rows.map((row, i) => [row.id, i]));
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    const next = row.next === null ? undefined : at.get(row.next);
    row.before = next === undefined ? row.next : rows[next]!.before;
  }
  return rows.map(({ next: _, ...row }) => row);
}

/**
 * Deletes the changes written before `before` and notes the newest transaction deleted: a process whose position
 * does not see all of them rebuilds instead of missing one (changesSince). Returns how many rows went.
 */
export async function pruneListingChanges(database: Database, before: Date): Promise<number> {
  const [row] = await database.rows<{ pruned: number }>(sql`
    WITH gone AS (DELETE FROM listing_changes WHERE at < ${before.toISOString()}::timestamptz RETURNING xid),
    noted AS (
      INSERT INTO listing_changes_pruned AS p (id, up_to) SELECT 1, max(xid) FROM gone HAVING count(*) > 0
      ON CONFLICT (id) DO UPDATE SET up_to = greatest(p.up_to, excluded.up_to))
    SELECT count(*)::int AS pruned FROM gone`);
  return row!.pruned;
}
