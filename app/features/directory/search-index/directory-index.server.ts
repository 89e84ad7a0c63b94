import { sql } from "drizzle-orm";
import { onChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { cacheLookupCounter, countIndexBuild, servedIndex } from "~/lib/metrics.server.ts";
import { getReferenceData } from "../../catalog/reference-data.server.ts";
import { applyChanges, NeedsRebuild, type ChangeBatch } from "./apply-changes.ts";
import { changesSince, currentPosition, INDEX_COLUMNS, pruneListingChanges } from "./directory-changes.server.ts";
import type { DirectoryIndex } from "./directory-index.ts";
import { countsCacheEvents } from "./facet-counts.ts";
import { IndexBuilder, type IndexRow } from "./index-builder.ts";
import { applyTextChanges, descriptionsOf, warmDescriptionIndex } from "./text-indexes.server.ts";
import { indexSnapshots, loadIndexSnapshot, publishedCount, saveIndexSnapshot } from "./index-snapshot-file.server.ts";

/**
 * Loading the directory index (directory-index.ts) from the database and keeping it fresh (decisions 0058, 0059,
 * 0095). A process builds its index once at start. After that, when a write through any app server announced that
 * listings changed (lib/change-feed.server.ts: a notification, and every few seconds a comparison of the change numbers
 * in case one was lost), it reads the change log after its index's position, re-reads just those listings and applies
 * them in place (apply-changes.ts): milliseconds, not a rebuild. It builds anew, in the background while requests keep
 * using the index it has, only when the shape changed: the reference lists (industry names) changed, a bulk load
 * said everything did, the log was pruned past its position, too many listings changed at once, or its free slots
 * ran out. A reader that must see a write it just made (`fresh`, the default: operators, a client that just wrote,
 * every caller outside a visitor's page) waits for the catch-up that follows the last change this process heard of; a
 * visitor is answered at once from the index in hand. Builds give the event loop back between pages and slices of rows.
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
    SELECT ${INDEX_COLUMNS}
    FROM listings l
    -- featured is never null: one equality and a row comparison are a range of listings_directory_order_idx
    WHERE l.processing_status = 'published' AND l.featured = ${featured}
      ${after ? sql`AND (l.name, l.id) > (${after.name}, ${after.id}::uuid)` : sql``}
    ORDER BY l.name, l.id
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
 * index (decision 0059), and returns it with its position: the snapshot taken before the first read. The next page is
 * asked for before the current one is indexed, so the database reads while this process indexes. Pages are separate
 * statements: a listing changed between two of them may be read twice (the builder keeps the first) or missed, and
 * its change, which the position does not see, is applied right after (catchUp).
 */
async function buildIndex(database: Database): Promise<{ index: DirectoryIndex; position: string }> {
  const position = await currentPosition(database);
  const [industryName, invested] = await Promise.all([industryNames(database), lastInvestments(database)]);
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
  return { index: await builder.finish(industryName), position };
}

/** The industries' names by id, as the search over card text reads them. */
async function industryNames(database: Database): Promise<(id: number) => string | undefined> {
  const reference = await getReferenceData(database);
  const industries = new Map(reference.industries.map((x) => [x.id, x.name]));
  return (id) => industries.get(id);
}

/**
 * The index from the database's snapshot file (index-snapshot-file.server.ts), caught up with the changes logged since
 * it was written; undefined when there is no usable snapshot, the log no longer reaches back to it, or, caught up, it
 * does not hold as many listings as the database publishes (a snapshot of another database of the same name).
 */
async function fromSnapshot(database: Database): Promise<{ index: DirectoryIndex; position: string } | undefined> {
  const loaded = await loadIndexSnapshot(database);
  if (!loaded) return undefined;
  const caught = await changesSince(database, loaded.position);
  if (caught.kind === "rebuild") {
    logger.info({ reason: caught.reason }, "directory snapshot too old for the change log; building the index");
    return undefined;
  }
  let index: DirectoryIndex;
  try {
    index = await applyBatch(database, loaded.index, caught.batch);
  } catch (error) {
    if (!(error instanceof NeedsRebuild)) throw error;
    logger.info({ reason: error.message }, "directory snapshot cannot take the changes since; building the index");
    return undefined;
  }
  const published = await publishedCount(database);
  if (published !== index.size) {
    logger.warn({ published, snapshot: index.size }, "directory snapshot does not match the database; building the index");
    return undefined;
  }
  logger.info(
    { listings: index.size, changes: caught.batch.gone.length + caught.batch.rows.length },
    "directory index loaded from its snapshot",
  );
  return { index, position: caught.position };
}

/**
 * Applies a batch of changes to the index's columns (apply-changes.ts), then to its search over card text and its
 * description index (decision 0096), before the new version is served: no answer of it mixes new filters with old text.
 */
async function applyBatch(database: Database, index: DirectoryIndex, batch: ChangeBatch): Promise<DirectoryIndex> {
  const touched = [...batch.gone, ...batch.rows.map((row) => row.id)];
  if (!touched.length) return index;
  const before = touched.map((id) => index.slotOf(id) ?? null);
  const next = applyChanges(index, batch);
  await applyTextChanges(
    database,
    next,
    touched.map((id, i) => ({ id, slot: next.slotOf(id) ?? null, previousSlot: before[i]! })),
    batch.rows,
  );
  return next;
}

/** A full build of the directory as it is now, served nowhere (tests compare a maintained index with it). */
export async function buildDirectoryIndex(database: Database): Promise<DirectoryIndex> {
  return (await buildIndex(database)).index;
}

/**
 * Changes older than this are pruned from the log: a process further behind rebuilds. A day, so that a snapshot
 * (written at least every half hour while changes come) lets a process that was down for hours start from it.
 */
const KEEP_CHANGES_MS = 24 * 60 * 60 * 1000;
/** How often a process prunes the log (every process may; deleting what another deleted costs nothing). */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

interface Slot {
  /** The index requests are answered from; none until the first build is done. */
  served?: DirectoryIndex;
  /** The served index's position in the change log (a snapshot: changes it does not see are still to apply). */
  position?: string;
  /** How many changes this process had heard of when the work that made the served index began. */
  servedHas: number;
  /** How many changes this process has heard of. */
  heard: number;
  /** The shape changed (the reference lists): the next work is a full build. */
  rebuild: boolean;
  /** The catch-up or build under way. */
  working?: Promise<DirectoryIndex>;
  lastPrune?: number;
  /** When this process last wrote the snapshot file. */
  lastSnapshot?: number;
  /** The next catch-up writes the snapshot (the description index it lacked has been read). */
  snapshotDue?: boolean;
  /** Where the last full build came from: the snapshot file or the listings. */
  source?: "snapshot" | "database";
  /** When the last full build (or snapshot load) finished, how long it took and how many listings it holds (/admin/system). */
  lastBuild?: { at: Date; ms: number; listings: number };
}
const slots = new WeakMap<Database, Slot>();

// The facet counts' cache lives in the index (facet-counts.ts); its hits are counted here, on the server.
countsCacheEvents.lookup = cacheLookupCounter("facet_counts");

/** The clock pruning reads. */
const maintenance = { now: () => Date.now() };

/** A full build, counted and timed for the metrics (decision 0104). */
async function rebuild(database: Database, slot: Slot): Promise<DirectoryIndex> {
  const started = maintenance.now();
  try {
    const index = await buildAndServe(database, slot);
    const ended = maintenance.now();
    countIndexBuild(slot.source ?? "unknown", "ok", (ended - started) / 1000, ended);
    servedIndex(index.size);
    return index;
  } catch (error) {
    countIndexBuild("unknown", "failed", 0, maintenance.now());
    throw error;
  }
}

/** A full build beside the served index, caught up from its position, then served. */
async function buildAndServe(database: Database, slot: Slot): Promise<DirectoryIndex> {
  slot.rebuild = false;
  const began = maintenance.now();
  // A starting process loads the snapshot a process before it wrote, if it can (decision 0100).
  const loaded = slot.served ? undefined : await fromSnapshot(database);
  const built = loaded ?? (await buildIndex(database));
  let index = built.index;
  let position = built.position;
  if (!loaded) {
    const caught = await changesSince(database, position);
    if (caught.kind === "batch") {
      index = await applyBatch(database, index, caught.batch);
      position = caught.position;
    }
  }
  slot.served = index;
  slot.position = position;
  slot.source = loaded ? "snapshot" : "database";
  const finished = maintenance.now();
  slot.lastBuild = { at: new Date(finished), ms: finished - began, listings: index.size };
  // Written while this work holds the index: no change is applied to it while the file is written.
  if (loaded) slot.lastSnapshot = maintenance.now();
  else await writeSnapshot(database, slot, index, position);
  if (!descriptionsOf(index)) {
    // The description index is read from the database beside it (the database answers description words until
    // then); once it is, the snapshot (when this process keeps one) is written again with it, so that the next start
    // need not read it. That write is a catch-up of its own: with no snapshot to write, none is started.
    void warmDescriptionIndex(database, index).then(() => {
      if (!indexSnapshots.dir || slot.served?.parts !== index.parts || !descriptionsOf(index)) return;
      slot.snapshotDue = true;
      void startWork(database, slot).catch(logFailure);
    });
  }
  return index;
}

async function writeSnapshot(database: Database, slot: Slot, index: DirectoryIndex, position: string): Promise<void> {
  slot.lastSnapshot = maintenance.now();
  slot.snapshotDue = false;
  await saveIndexSnapshot(database, index, position);
}

/** Applies the changes after the served index's position, or builds anew when they cannot be applied. */
async function catchUp(database: Database, slot: Slot): Promise<DirectoryIndex> {
  const changes = await changesSince(database, slot.position!);
  if (changes.kind === "rebuild") {
    logger.info({ reason: changes.reason }, "rebuilding the directory index");
    return rebuild(database, slot);
  }
  let next: DirectoryIndex;
  try {
    next = await applyBatch(database, slot.served!, changes.batch);
  } catch (error) {
    if (!(error instanceof NeedsRebuild)) throw error;
    logger.info({ reason: error.message }, "rebuilding the directory index");
    return rebuild(database, slot);
  }
  if (next !== slot.served) servedIndex(next.size);
  slot.served = next;
  slot.position = changes.position;
  const now = maintenance.now();
  if (slot.lastPrune === undefined || now - slot.lastPrune >= PRUNE_EVERY_MS) {
    slot.lastPrune = now;
    void pruneListingChanges(database, new Date(now - KEEP_CHANGES_MS)).catch(logFailure);
  }
  if (slot.snapshotDue || slot.lastSnapshot === undefined || now - slot.lastSnapshot >= indexSnapshots.everyMs) {
    await writeSnapshot(database, slot, next, changes.position);
  }
  return next;
}

/** Starts a catch-up (or a build) unless one is under way; the served index is replaced when it is done. */
function startWork(database: Database, slot: Slot): Promise<DirectoryIndex> {
  if (slot.working) return slot.working;
  const has = slot.heard;
  let done = false;
  const working = (slot.served && !slot.rebuild ? catchUp(database, slot) : rebuild(database, slot))
    .then((index) => {
      slot.servedHas = has;
      done = true;
      return index;
    })
    .finally(() => {
      slot.working = undefined;
      // A change heard while this work was reading may be missing from it: once more (not after a failure, which the
      // next request retries: a database that is down is not asked again in a loop).
      if (done && slot.heard > has) void startWork(database, slot).catch(logFailure);
    });
  slot.working = working;
  return working;
}

function logFailure(error: unknown): void {
  logger.error({ err: error }, "directory index maintenance failed; serving the index in hand");
}

/** The index with every change this process has heard of so far (waiting for the work that has it). */
async function upToDate(database: Database, slot: Slot): Promise<DirectoryIndex> {
  const wanted = slot.heard;
  for (;;) {
    // The text indexes are updated in the same catch-up (decision 0096): what is served has them too.
    if (slot.served && slot.servedHas >= wanted) return slot.served;
    await startWork(database, slot);
  }
}

/** Resolves when the catch-up or build under way (if any), and any it starts after it, is done (tests). */
export async function indexWorkDone(database: Database): Promise<void> {
  const slot = slots.get(database);
  while (slot?.working) await slot.working;
}

/** Where this process's index was last built from (tests, and the start's log line). */
export function directoryIndexSource(database: Database): "snapshot" | "database" | undefined {
  return slots.get(database)?.source;
}

/** The served index's version in this process and its last full build, for the process heartbeat; null before the first. */
export function directoryIndexFacts(
  database: Database,
): { generation: number; lastBuild: { at: Date; ms: number; listings: number } } | null {
  const slot = slots.get(database);
  if (!slot?.served || !slot.lastBuild) return null;
  return { generation: slot.served.generation, lastBuild: slot.lastBuild };
}

/**
 * The index for a database. `fresh: false` (a visitor's page) takes the index in hand even while a catch-up after a
 * change is under way; the default waits for it. Only the first build of a process is waited for by everyone.
 */
export async function getDirectoryIndex(database: Database, { fresh = true }: { fresh?: boolean } = {}): Promise<DirectoryIndex> {
  let slot = slots.get(database);
  if (!slot) slots.set(database, (slot = { servedHas: -1, heard: 0, rebuild: false }));
  if (slot.served && !fresh) return slot.served;
  return upToDate(database, slot);
}

// After the reference lists changed (industry names in the search, taxonomy): a full build. Registered first, so that
// the work the next listener starts for the same announcement is that build.
onChange("reference-lists", (database) => {
  const slot = slots.get(database);
  if (slot) slot.rebuild = true;
});
// After listings changed: catch up now; until it is done, visitors are answered from the index in hand and writers wait.
onChange(["listings", "reference-lists"], (database) => {
  const slot = slots.get(database);
  if (!slot) return;
  slot.heard += 1;
  void startWork(database, slot).catch(logFailure);
});
