/**
 * Where a process keeps the directory index's snapshot, and reading and writing it (issue 33, decision 0100). One file
 * per database (named by its cluster's system identifier and its name), in DIRECTORY_SNAPSHOT_DIR. A snapshot is a
 * cache that PostgreSQL can tell a process to drop: it carries its change-log position, and a process that loads it
 * applies the changes since (or builds anew when the log no longer reaches back that far), then checks that it holds
 * as many listings as the database publishes. A missing, damaged, foreign or older-format file is ignored (logged) and
 * the index built from the database, which then writes a new one.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readSnapshot, writeSnapshot, type Snapshot } from "~/lib/binary-snapshot.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import type { DirectoryIndex } from "./directory-index.ts";
import { indexOfSnapshot, snapshotOf, type IndexSnapshotMeta } from "./index-snapshot.server.ts";
import { adoptDescriptions, descriptionsOf } from "./text-indexes.server.ts";

/** Set by the server at start (DIRECTORY_SNAPSHOT_DIR; empty: no snapshots, as in tests that do not ask for them). */
export const indexSnapshots = {
  dir: "",
  /** A process writes a newer snapshot at most this often while changes are applied (a full build always writes one). */
  everyMs: 30 * 60 * 1000,
};

/** The directory DIRECTORY_SNAPSHOT_DIR names: by default beside the embedded database's directory; "off": none. */
export function directorySnapshotDir(settings: { DIRECTORY_SNAPSHOT_DIR?: string; PGLITE_DIR: string }): string {
  const dir = settings.DIRECTORY_SNAPSHOT_DIR;
  if (dir === "off") return "";
  return dir || path.join(path.dirname(settings.PGLITE_DIR), "directory-snapshots");
}

const names = new WeakMap<Database, Promise<string>>();

/** The snapshot file of a database, or undefined when snapshots are off. */
async function fileOf(database: Database): Promise<string | undefined> {
  const dir = indexSnapshots.dir;
  if (!dir) return undefined;
  let name = names.get(database);
  if (!name) {
    name = (async () => {
      // The cluster's identifier tells apart two servers' databases of one name; a server that will not say
      // (pg_control_system is not everyone's to call) is told apart by the listing count checked after loading.
      const system = await database
        .rows<{ id: string }>(sql`SELECT system_identifier::text AS id FROM pg_control_system()`)
        .then((rows) => rows[0]?.id ?? "unknown")
        .catch(() => "unknown");
      const [row] = await database.rows<{ name: string }>(sql`SELECT current_database() AS name`);
      return `directory-${system}-${(row?.name ?? "db").replace(/[^A-Za-z0-9_-]/g, "_")}.snapshot`;
    })();
    names.set(database, name);
  }
  return path.join(dir, await name);
}

/**
 * The index and its position from the database's snapshot file, its description index given back to it when the file
 * held one; undefined when there is none that can be used.
 */
export async function loadIndexSnapshot(database: Database): Promise<{ index: DirectoryIndex; position: string } | undefined> {
  const file = await fileOf(database);
  if (!file) return undefined;
  let snapshot: Snapshot<IndexSnapshotMeta>;
  try {
    snapshot = await readSnapshot<IndexSnapshotMeta>(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      logger.warn({ err: error, file }, "directory snapshot not usable; building the index");
    return undefined;
  }
  try {
    const { index, descriptions } = indexOfSnapshot(snapshot);
    if (descriptions) adoptDescriptions(index, descriptions);
    return { index, position: snapshot.meta.position };
  } catch (error) {
    logger.warn({ err: error, file }, "directory snapshot not usable; building the index");
    return undefined;
  }
}

/** Writes the index at `position` as the database's snapshot; a failure is logged, never thrown (it is a cache). */
export async function saveIndexSnapshot(database: Database, index: DirectoryIndex, position: string): Promise<void> {
  try {
    const file = await fileOf(database);
    if (!file) return;
    await mkdir(path.dirname(file), { recursive: true });
    const { meta, arrays } = snapshotOf(index, position, descriptionsOf(index));
    await writeSnapshot(file, meta, arrays);
    logger.info({ file, listings: index.size, descriptions: Boolean(meta.descriptions) }, "directory snapshot written");
  } catch (error) {
    logger.warn({ err: error }, "directory snapshot could not be written; the next start builds the index");
  }
}

/** How many listings the database publishes: a loaded snapshot, caught up, must hold as many. */
export async function publishedCount(database: Database): Promise<number> {
  const [row] = await database.rows<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM listings WHERE processing_status = 'published'`);
  return row?.n ?? 0;
}
