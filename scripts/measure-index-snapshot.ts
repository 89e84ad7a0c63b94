/**
 * Measures the directory index's snapshot on a PostgreSQL database (decision 0100), for issue 33's cold-start row: the
 * time and memory of a full build that writes the snapshot, then of a second holder that starts from it (read, checked,
 * caught up), and the file's size. It writes only the snapshot file (into a fresh temporary directory); the database is
 * read.
 *
 *   node --expose-gc --import tsx scripts/measure-index-snapshot.ts postgres://.../database
 */
import { mkdtemp, readdir, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { directoryIndexSource, getDirectoryIndex } from "~/features/directory/search-index/directory-index.server.ts";
import { indexSnapshots } from "~/features/directory/search-index/index-snapshot-file.server.ts";
import { openDatabase } from "~/lib/db.server.ts";

const url = process.argv[2];
if (!url?.startsWith("postgres")) throw new Error("usage: measure-index-snapshot.ts <postgres url>");
const seconds = (since: number) => Math.round(performance.now() - since) / 1000;
const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
function memory(): Record<string, number> {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rssMiB: mib(m.rss), heapUsedMiB: mib(m.heapUsed), arrayBuffersMiB: mib(m.arrayBuffers) };
}

indexSnapshots.dir = await mkdtemp(path.join(tmpdir(), "measure-snapshot-"));
const first = await openDatabase({ url });
await first.migrate();
let started = performance.now();
const built = await getDirectoryIndex(first);
console.log("build and write", { s: seconds(started), size: built.size, source: directoryIndexSource(first) }, memory());
for (const name of await readdir(indexSnapshots.dir)) {
  console.log("snapshot file", { name, MiB: mib((await stat(path.join(indexSnapshots.dir, name))).size) });
}
await first.close();
(globalThis as { gc?: () => void }).gc?.();
console.log("after closing the first holder", memory());

const second = await openDatabase({ url });
started = performance.now();
const loaded = await getDirectoryIndex(second);
console.log("start from the snapshot", { s: seconds(started), size: loaded.size, source: directoryIndexSource(second) }, memory());
await second.close();
process.exit(0);
