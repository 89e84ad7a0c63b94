import { sql } from "drizzle-orm";
import { onChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { getReferenceData } from "../catalog/reference-data.server.ts";
import { DirectoryIndex, type IndexRow } from "./directory-index.ts";

export type { ActiveFilter, Counts, Dimension } from "./directory-index.ts";

/**
 * Loading the directory index (directory-index.ts) from the database and keeping it fresh (decision 0058). A process
 * builds a new index in the background, while requests keep using the one it has: when the index is older than the
 * listings cache lifetime of spec 01 §9 (2 minutes), and at once when a write through any app server announced that
 * listings or the reference lists (industry names) changed (lib/change-feed.server.ts). A reader that must see a
 * write it just made (`fresh`, the default: operators, a client that just wrote, every caller outside a visitor's
 * page) waits for the build that follows the last change this process heard of; a visitor is answered at once from
 * the index in hand, at most one build behind. Builds give the event loop back between slices of rows
 * (DirectoryIndex.build), so requests are answered while one runs.
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
  return DirectoryIndex.build(rows, builtAt, (id) => industries.get(id));
}

interface Slot {
  /** The index requests are answered from; none until the first build is done. */
  served?: DirectoryIndex;
  /** How many changes this process had heard of when the served index began to read the listings. */
  servedHas: number;
  /** How many changes this process has heard of. */
  heard: number;
  /** The build under way. */
  building?: Promise<DirectoryIndex>;
}
const slots = new WeakMap<Database, Slot>();

/** Starts a build unless one is under way; the served index is replaced when it is done. */
function startBuild(database: Database, slot: Slot): Promise<DirectoryIndex> {
  if (slot.building) return slot.building;
  const has = slot.heard;
  let built = false;
  const building = buildIndex(database)
    .then(async (index) => {
      // A rebuild serves no search slower than the index it replaces: its search index is made before it is swapped
      // in. The first build is served at once (the process is not ready before it) and makes its search index next.
      if (slot.served) await index.searchIndex();
      else void index.searchIndex().catch(logFailure);
      slot.served = index;
      slot.servedHas = has;
      built = true;
      return index;
    })
    .finally(() => {
      slot.building = undefined;
      // A change heard while this build was reading may be missing from it: build once more (not after a failure,
      // which the next request retries: a database that is down is not asked again in a loop).
      if (built && slot.heard > has) void startBuild(database, slot).catch(logFailure);
    });
  slot.building = building;
  return building;
}

function logFailure(error: unknown): void {
  logger.error({ err: error }, "directory index build failed; serving the previous one");
}

/** The index with every change this process has heard of so far (waiting for builds to have it). */
async function upToDate(database: Database, slot: Slot): Promise<DirectoryIndex> {
  const wanted = slot.heard;
  for (;;) {
    if (slot.served && slot.servedHas >= wanted) return slot.served;
    await startBuild(database, slot);
  }
}

/**
 * The index for a database. `fresh: false` (a visitor's page) takes the index in hand even while a build after a
 * change is under way; the default waits for that build. Either way an index past its lifetime is rebuilt in the
 * background, and only the first build of a process is waited for by everyone.
 */
export async function getDirectoryIndex(database: Database, { fresh = true }: { fresh?: boolean } = {}): Promise<DirectoryIndex> {
  let slot = slots.get(database);
  if (!slot) slots.set(database, (slot = { servedHas: -1, heard: 0 }));
  const served = slot.served;
  if (served && Date.now() - served.builtAt > INDEX_LIFETIME_MS && !slot.building) void startBuild(database, slot).catch(logFailure);
  if (served && !fresh) return served;
  return upToDate(database, slot);
}

// After listings or their reference values were written: build a new index now; until it is done, visitors are
// answered from the one in hand and writers wait for the new one.
onChange(["listings", "reference-lists"], (database) => {
  const slot = slots.get(database);
  if (!slot) return;
  slot.heard += 1;
  void startBuild(database, slot).catch(logFailure);
});
