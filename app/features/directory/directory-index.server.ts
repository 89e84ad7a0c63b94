import { sql } from "drizzle-orm";
import { onChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { getReferenceData } from "../catalog/reference-data.server.ts";
import { DirectoryIndex, type IndexRow } from "./directory-index.ts";

export type { ActiveFilter, Counts, Dimension } from "./directory-index.ts";

/**
 * Loading the directory index (directory-index.ts) from the database and keeping it fresh: it is rebuilt from
 * one narrow query when it is older than the listings cache lifetime of spec 01 §9 (2 minutes), while requests
 * keep using the previous one, and at once after a write through any app server announced that listings or the
 * reference lists (industry names) changed (lib/change-feed.server.ts).
 */
const INDEX_LIFETIME_MS = 2 * 60 * 1000;

async function buildIndex(database: Database): Promise<DirectoryIndex> {
  const builtAt = Date.now();
  const [rows, reference] = await Promise.all([
    database.rows<IndexRow>(sql`
    SELECT id, type, featured, industry_ids, geography_ids, country_ids, persona_ids,
           funding_stage_id, business_model_id, revenue_range_id, visibility,
           -- only what the gating reads: most listings have no level of their own
           NULLIF(field_visibility, '{}'::jsonb) AS field_visibility,
           name, tagline,
           (extract(epoch FROM created_at) * 1000)::float8 AS created_ms,
           (extract(epoch FROM latest_round_date) * 1000)::float8 AS latest_round_ms,
           total_funding_raised::float8 AS total_raised
    FROM listings
    WHERE processing_status = 'published'
    -- featured is never null; NULLS LAST only makes the order match listings_directory_order_idx
    ORDER BY featured DESC NULLS LAST, name ASC, id ASC`),
    getReferenceData(database),
  ]);
  const industries = new Map(reference.industries.map((x) => [x.id, x.name]));
  return new DirectoryIndex(rows, builtAt, (id) => industries.get(id));
}

interface Slot {
  current: Promise<DirectoryIndex>;
  refreshing: boolean;
}
const slots = new WeakMap<Database, Slot>();

/**
 * The index for a database. A stale index is still answered from while a fresh one builds in the
 * background, so no request waits for a rebuild after the first.
 */
export async function getDirectoryIndex(database: Database): Promise<DirectoryIndex> {
  let slot = slots.get(database);
  if (!slot) {
    slot = { current: buildIndex(database), refreshing: false };
    slots.set(database, slot);
    const created = slot;
    created.current.catch(() => slots.get(database) === created && slots.delete(database));
    return created.current;
  }
  const index = await slot.current;
  if (Date.now() - index.builtAt > INDEX_LIFETIME_MS && !slot.refreshing) {
    const refreshing = slot;
    refreshing.refreshing = true;
    buildIndex(database)
      .then((fresh) => {
        if (slots.get(database) === refreshing) refreshing.current = Promise.resolve(fresh);
      })
      .catch((error: unknown) => logger.error({ err: error }, "directory index refresh failed; serving the previous one"))
      .finally(() => (refreshing.refreshing = false));
  }
  return index;
}

// Forget the index after listings or their reference values were written; the next directory request rebuilds it.
onChange(["listings", "reference-lists"], (database) => slots.delete(database));
