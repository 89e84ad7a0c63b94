import { sql } from "drizzle-orm";
import { onChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { getReferenceData } from "../catalog/reference-data.server.ts";
import type { DirectoryIndex } from "./directory-index.ts";
import { IndexBuilder, type IndexRow } from "./index-builder.ts";

/**
 * Loading the directory index (directory-index.ts) from the database and keeping it fresh (decisions 0058, 0059). A
 * process builds its index once at start, and again in the background, while requests keep using the one it has,
 * when a write through any app server announced that listings or the reference lists (industry names) changed
 * (lib/change-feed.server.ts: a notification, and every few seconds a comparison of the change numbers in case one was
 * lost). Nothing else rebuilds it: an index of a million listings is not read again every two minutes for nothing
 * (issue 17). A reader that must see a write it just made (`fresh`, the default: operators, a client that just wrote,
 * every caller outside a visitor's page) waits for the build that follows the last change this process heard of; a
 * visitor is answered at once from the index in hand, at most one build behind. Builds give the event loop back
 * between pages and slices of rows, so requests are answered while one runs.
 */
/** Rows per read: a page is an index range scan of the directory order, never a sort of the whole table. */
const PAGE_ROWS = 10_000;

/** The page of published listings after `after` (featured ones, then the others; each by name and id). */
function readPage(
  database: Database,
  featured: boolean,
  after: { name: string; id: string } | undefined,
): Promise<Array<Omit<IndexRow, "last_investment_ms">>> {
  return database.rows<Omit<IndexRow, "last_investment_ms">>(sql`
    SELECT id, type, featured, industry_ids, geography_ids, country_ids, persona_ids,
           funding_stage_id, business_model_id, revenue_range_id, visibility,
           -- only what the gating reads: most listings have no level of their own
           NULLIF(field_visibility, '{}'::jsonb) AS field_visibility,
           name, tagline,
           (extract(epoch FROM created_at) * 1000)::float8 AS created_ms,
           (extract(epoch FROM coalesce(latest_round_date, funding_date)) * 1000)::float8 AS latest_round_ms,
           total_funding_raised::float8 AS total_raised,
           founded_year, team_size, ticket_size, hq_city
    FROM listings
    -- featured is never null: one equality and a row comparison are a range of listings_directory_order_idx
    WHERE processing_status = 'published' AND featured = ${featured}
      ${after ? sql`AND (name, id) > (${after.name}, ${after.id}::uuid)` : sql``}
    ORDER BY name, id
    LIMIT ${PAGE_ROWS}`);
}

/**
 * Each investor's latest investment: the newest round linked to it (decision 0084), in milliseconds. One grouped read
 * before the pages: as a sub-select per investor row it made the build three times slower on PostgreSQL.
 */
async function lastInvestments(database: Database): Promise<Map<string, number>> {
  const rows = await database.rows<{ id: string; ms: number }>(sql`
    SELECT r.investor_id AS id, (extract(epoch FROM max(f.funding_date)) * 1000)::float8 AS ms
    FROM investor_relationships r JOIN funding_rounds f ON f.id = r.funding_round_id
    WHERE r.investor_id IS NOT NULL AND f.funding_date IS NOT NULL
    GROUP BY r.investor_id`);
  return new Map(rows.map((row) => [row.id, row.ms]));
}

/**
 * Reads the published listings page by page in the directory order (featured first, then name, then id) into a new
 * index (decision 0059). The next page is asked for before the current one is indexed, so the database reads while
 * this process indexes. Pages are separate statements: a listing renamed between two of them may be read twice (the
 * builder keeps the first) or missed, and the change announced with that write makes the next build, which has it.
 */
async function buildIndex(database: Database): Promise<DirectoryIndex> {
  const [reference, invested] = await Promise.all([getReferenceData(database), lastInvestments(database)]);
  const builder = new IndexBuilder();
  for (const featured of [true, false]) {
    let page = await readPage(database, featured, undefined);
    while (page.length) {
      const last = page[page.length - 1]!;
      const next = page.length < PAGE_ROWS ? Promise.resolve([]) : readPage(database, featured, last);
      // Handled now, awaited below: a failed read must not be an unhandled rejection while this page is indexed.
      next.catch(() => {});
      const rows = page as IndexRow[];
      for (const row of rows) row.last_investment_ms = row.type === "investor" ? (invested.get(row.id) ?? null) : null;
      await builder.add(rows);
      page = await next;
    }
  }
  const industries = new Map(reference.industries.map((x) => [x.id, x.name]));
  return builder.finish((id) => industries.get(id));
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
 * change is under way; the default waits for that build. Only the first build of a process is waited for by everyone.
 */
export async function getDirectoryIndex(database: Database, { fresh = true }: { fresh?: boolean } = {}): Promise<DirectoryIndex> {
  let slot = slots.get(database);
  if (!slot) slots.set(database, (slot = { servedHas: -1, heard: 0 }));
  if (slot.served && !fresh) return slot.served;
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
