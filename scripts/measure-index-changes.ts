/**
 * Measures the directory index's maintenance on a PostgreSQL database (decision 0095), for the report of issue 33:
 * the index's memory after a build, the time to read and apply batches of 1, 100 and 10,000 changed listings, and the
 * time from a rename's commit to its visibility in a second holder of the index (idle, then with 8 request loops on
 * it). Renames are written to the database given: use a copy, never a database someone else measures.
 *
 *   node --expose-gc --import tsx scripts/measure-index-changes.ts postgres://.../copy [--memory-only]
 */
import { sql } from "drizzle-orm";
import { applyChanges } from "~/features/directory/search-index/apply-changes.ts";
import { hasBit } from "~/features/directory/search-index/bitset.ts";
import { parseDirectoryQuery, SORTS } from "~/features/directory/directory-filters.ts";
import { changesSince, currentPosition } from "~/features/directory/search-index/directory-changes.server.ts";
import { buildDirectoryIndex, getDirectoryIndex } from "~/features/directory/search-index/directory-index.server.ts";
import { searchListings } from "~/features/directory/server/search-listings.server.ts";
import { announceChange, startChangeFeed } from "~/lib/change-feed.server.ts";
import { openDatabase } from "~/lib/db.server.ts";

const url = process.argv[2];
if (!url?.startsWith("postgres")) throw new Error("usage: measure-index-changes.ts <postgres url> [--memory-only]");
const ms = (since: number) => Math.round((performance.now() - since) * 10) / 10;
const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

function memory(): Record<string, number> {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rssMiB: mib(m.rss), heapUsedMiB: mib(m.heapUsed), externalMiB: mib(m.external), arrayBuffersMiB: mib(m.arrayBuffers) };
}

const a = await openDatabase({ url });
await a.migrate();
console.log("before build", memory());
let started = performance.now();
const index = await buildDirectoryIndex(a);
console.log("build", { s: ms(started) / 1000, size: index.size, capacity: index.capacity });
console.log("after the build, its search index included", memory());
if (process.argv.includes("--memory-only")) process.exit(0);

// Batches read and applied on the index just built.
let current = index;
for (const n of [1, 100, 10_000]) {
  const position = await currentPosition(a);
  await a.rows(sql`
    UPDATE listings SET name = 'Batch ' || ${n} || ' ' || substr(md5(id::text || clock_timestamp()::text), 1, 10)
    WHERE id IN (SELECT id FROM listings WHERE processing_status = 'published' ORDER BY md5(id::text) LIMIT ${n})`);
  started = performance.now();
  const changes = await changesSince(a, position);
  const readMs = ms(started);
  if (changes.kind !== "batch") throw new Error(changes.reason);
  started = performance.now();
  current = applyChanges(current, changes.batch);
  console.log(`batch of ${n}`, { readMs, applyMs: ms(started), rows: changes.batch.rows.length });
}

// A second holder, as another server: it hears the renames through its change feed (LISTEN) like any server.
const b = await openDatabase({ url });
await startChangeFeed(b);
started = performance.now();
await getDirectoryIndex(b);
console.log("second holder built", { s: ms(started) / 1000 }, memory());
const [target] = await b.rows<{ id: string }>(sql`SELECT id FROM listings WHERE processing_status = 'published' ORDER BY id LIMIT 1`);
const slot = (await getDirectoryIndex(b, { fresh: false })).bitsetOf([target!.id]).findIndex((w) => w !== 0);

async function renameSeen(name: string): Promise<number> {
  await a.rows(sql`UPDATE listings SET name = ${name} WHERE id = ${target!.id}`);
  const committed = performance.now();
  await announceChange(a, "listings");
  for (;;) {
    const served = await getDirectoryIndex(b, { fresh: false });
    const at = served.bitsetOf([target!.id]);
    if (at.findIndex((w) => w !== 0) === slot && servedName(served, name) === name) return ms(committed);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
function servedName(served: Awaited<ReturnType<typeof getDirectoryIndex>>, name: string): string | undefined {
  // The search over card text is updated in the same catch-up (decision 0096): the name found exactly is the new one.
  const position = served.parts.ids.positionOf(target!.id);
  if (position === undefined) return undefined;
  const exact = served.search.rank(name).exactName;
  return hasBit(exact, position) ? name : undefined;
}

const idle: number[] = [];
for (let i = 0; i < 5; i++) idle.push(await renameSeen(`Idle rename ${i} ${Date.now()}`));
console.log("rename visible in the second holder, idle (ms)", idle);

let stop = false;
let served = 0;
const loops = Array.from({ length: 8 }, async (_, loop) => {
  for (let i = 0; !stop; i++) {
    const params = new URLSearchParams({ sort: SORTS[(i + loop) % SORTS.length]!, page: String(1 + ((i * 7 + loop) % 400)) });
    const parsed = parseDirectoryQuery(params);
    if (!parsed.ok) throw new Error(parsed.error);
    await searchListings(b, parsed.query, { tier: "premium" }, b, await getDirectoryIndex(b, { fresh: false }));
    served++;
  }
});
await new Promise((resolve) => setTimeout(resolve, 2_000));
const loaded: number[] = [];
const loadStarted = performance.now();
for (let i = 0; i < 5; i++) loaded.push(await renameSeen(`Loaded rename ${i} ${Date.now()}`));
const seconds = ms(loadStarted) / 1000;
stop = true;
await Promise.all(loops);
console.log("rename visible in the second holder, 8 request loops on it (ms)", loaded, {
  requestsPerS: Math.round(served / (seconds + 2)),
});
await b.close();
await a.close();
process.exit(0);
