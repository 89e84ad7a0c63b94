/**
 * The directory's search index (search-index.ts) built over many listings in memory, no database (issue 17):
 *
 *   npx tsx --expose-gc bench/search-index-build.ts [--listings 1000000] [--page 5000] [--module path/to/search-index.ts]
 *
 * The version before the builder (for --module): git archive 8ae90c1 app/features/directory | tar -x -C /tmp/si-before
 *
 * The listings are the demo generator's (demo/), in the directory's order (featured first, then name as
 * PostgreSQL's C.UTF-8 collation sorts it, then id). Only what the index reads is kept: name, tagline, industry
 * names. They are generated once per count and kept in bench/.data (a million take one to two minutes to make).
 *
 * The rows are held as pages of JSON text (a few hundred strings, as a database driver's buffers would be) and
 * turned into objects a page (--page rows) at a time, with a turn of the event loop between pages, as the directory
 * index reads them from the database: the heap does not hold a million row objects the server would not hold.
 * `--module` loads another version of search-index.ts; one that has only SearchIndex.build (the "before" numbers)
 * is given every row as one array, as it was.
 *
 * Printed: the build's wall time and the builder's own share of it (add() and finish(), not the page decoding); the
 * heap + typed arrays (external) and RSS it added, after a full GC, and its peak during the build; the longest stretch
 * the event loop was held (a setImmediate ticker running beside the build, so it measures whatever the code does,
 * old or new); rank() p50/p95/max over a few dozen queries, and per query its time and each class's count and
 * digest; and one digest of all the answers, so two versions of the index can be checked for the same answers at
 * this size.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { setImmediate as turn } from "node:timers/promises";
import { generateListings } from "../demo/generate-listings.ts";
import { testReferences } from "../demo/test-references.ts";
import { countBits, type Bitset } from "../app/features/directory/search-index/bitset.ts";
import type { RankedClasses } from "../app/features/directory/search-index/search-index.ts";
import { DATA_DIR, machineInfo, machineMarkdown, REPO_ROOT } from "./lib/machine.ts";
import { summarize } from "./lib/stats.ts";

const { values: args } = parseArgs({
  options: {
    listings: { type: "string", default: "1000000" },
    module: { type: "string", default: path.join(REPO_ROOT, "app/features/directory/search-index/search-index.ts") },
    page: { type: "string", default: "5000" },
  },
});

interface Listing {
  name: string;
  tagline: string | null;
  industries: string[];
}

/** The two shapes of search-index.ts this measures: the streaming builder, or the old build over an array. */
interface SearchIndexModule {
  SearchIndexBuilder?: new (size: number) => {
    add(position: number, name: string, tagline: string | null, industries: readonly string[]): void;
    finish(): Promise<Ranker>;
  };
  SearchIndex: { build?: (listings: Listing[]) => Promise<Ranker> };
}
interface Ranker {
  rank(search: string): RankedClasses;
}

const MiB = 2 ** 20;
const mib = (bytes: number) => Math.round(bytes / MiB);
/** The heap and what typed arrays hold outside it (the index keeps most of itself in typed arrays). */
const memory = (usage: NodeJS.MemoryUsage) => usage.heapUsed + usage.external;

function gc(): void {
  if (!global.gc) throw new Error("Run with --expose-gc (npx tsx --expose-gc bench/search-index-build.ts).");
  global.gc();
}

type Row = [name: string, tagline: string | null, industryIds: number[]];

/** The demo listings, in the directory's order, as pages of JSON text; generated once per count and kept in bench/.data. */
function demoPages(count: number, pageSize: number): { pages: string[]; industryName: Map<number, string> } {
  const file = path.join(DATA_DIR, `search-listings-${count}.json`);
  if (!existsSync(file)) {
    const started = performance.now();
    const refs = testReferences();
    const rows: Array<[number, string, string | null, number[], number]> = [];
    let id = 0;
    for (const { listing } of generateListings(count, refs)) {
      rows.push([
        listing.featured ? 1 : 0,
        listing.name,
        (listing.tagline as string | null) ?? null,
        listing.industryIds as number[],
        id++,
      ]);
    }
    rows.sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[4] - b[4]));
    mkdirSync(DATA_DIR, { recursive: true });
    const industries = refs.industries.map((x) => [x.id, x.name]);
    writeFileSync(file, JSON.stringify({ industries, rows: rows.map(([, name, tagline, ids]) => [name, tagline, ids]) }));
    console.log(`generated ${count} listings in ${((performance.now() - started) / 1000).toFixed(1)} s into ${file}`);
  }
  const data = JSON.parse(readFileSync(file, "utf8")) as { industries: Array<[number, string]>; rows: Row[] };
  const pages: string[] = [];
  for (let from = 0; from < data.rows.length; from += pageSize) pages.push(JSON.stringify(data.rows.slice(from, from + pageSize)));
  return { pages, industryName: new Map(data.industries) };
}

/** One page's listings, as the directory index makes them of its rows (one string per industry name). */
function listingsOf(page: string, industryName: Map<number, string>): Listing[] {
  return (JSON.parse(page) as Row[]).map(([name, tagline, ids]) => ({ name, tagline, industries: ids.map((id) => industryName.get(id)!) }));
}

/** Phrases of several words, as people type them (issue 31), for the partial tier. */
const PHRASES = [
  "ai for construction",
  "milestone-based payments",
  "fintech startups in berlin",
  "seed stage climate fund",
  "b2b saas for logistics",
  "healthcare software zzqx",
  "payments marketplaces europe",
  "robotics warehouse automation startups",
  "software zzqx",
  "capital qqxv",
];

/** What people search: common words, sector phrases, typos, and names of this data (whole, first word, a typo). */
function queries(nameAt: (position: number) => string, count: number): string[] {
  const fixed = [
    "software",
    "health",
    "capital",
    "ventures",
    "fintech",
    "pay",
    "ai",
    "labs",
    "nim",
    "kest",
    "seed fund",
    "market entry",
    "real estate",
    "b2b saas",
    "climate",
    "payments",
    "investing",
    "helth",
    "captial",
    "robtics",
    "quanta labz",
    "meridain",
    "a",
    "e-commerce",
    "zzqx",
  ];
  const fromData: string[] = [];
  for (let i = 1; i <= 5; i++) {
    const name = nameAt(Math.floor((i * count) / 6));
    const first = name.split(" ")[0]!;
    const swapped = first.length > 4 ? first.slice(0, 1) + first[2] + first[1] + first.slice(3) : first;
    fromData.push(name, first.toLowerCase(), swapped.toLowerCase(), name.slice(0, 3));
  }
  return [...fixed, ...fromData];
}

function digestOf(set: Bitset): string {
  return createHash("sha1")
    .update(new Uint8Array(set.buffer, set.byteOffset, set.byteLength))
    .digest("hex")
    .slice(0, 10);
}

async function main(): Promise<void> {
  const count = Number(args.listings);
  const pageSize = Number(args.page);
  const mod = (await import(pathToFileURL(path.resolve(args.module)).href)) as SearchIndexModule;
  console.log(machineMarkdown(machineInfo()));
  console.log(`module ${args.module}: ${mod.SearchIndexBuilder ? "SearchIndexBuilder" : "SearchIndex.build"}`);

  await settle();
  const base = process.memoryUsage();
  // Held in this object only, so that dropping its pages frees them.
  const demo = demoPages(count, pageSize);
  const industryName = demo.industryName;
  const nameAt = (position: number) => listingsOf(demo.pages[Math.floor(position / pageSize)]!, industryName)[position % pageSize]!.name;
  const searches = queries(nameAt, count);
  // The old build takes one array of every listing, as the directory index held them.
  let all: Listing[] | undefined = mod.SearchIndexBuilder ? undefined : demo.pages.flatMap((page) => listingsOf(page, industryName));
  await settle();
  const loaded = process.memoryUsage();
  console.log(`${count} listings loaded: heap+external ${mib(memory(loaded) - memory(base))} MiB`);

  const watch = watchEventLoop(memory(loaded), loaded.rss);
  const build = await buildIndex(mod, demo, all, count, watch);
  await watch.stop();
  await settle();
  const built = process.memoryUsage();

  const ranking = rankAll(build.index, searches);
  all = undefined;
  demo.pages = [];
  await settle();
  const kept = process.memoryUsage();

  const tier =
    path.resolve(args.module) === path.join(REPO_ROOT, "app/features/directory/search-index/search-index.ts")
      ? await rankWithPartialTier(build.index, searches, count)
      : null;
  console.log(ranking.lines.join("\n"));
  const rank = summarize(ranking.times);
  console.log(
    [
      `build ${build.seconds.toFixed(2)} s (the index's own work ${(build.own / 1000).toFixed(2)} s; process CPU ${((build.cpu.user + build.cpu.system) / 1e6).toFixed(2)} s)`,
      `longest stretch without a turn of the event loop ${watch.longest.toFixed(1)} ms` +
        (mod.SearchIndexBuilder
          ? ` (reading: a page of ${pageSize} rows decoded and added, ${watch.longestIn.reading.toFixed(1)} ms, of which add() ${build.longestAdds.toFixed(1)} ms; finish() ${watch.longestIn.finishing.toFixed(1)} ms)`
          : ""),
      `after the build (GC'd, rows held): heap+external +${mib(memory(built) - memory(loaded))} MiB, RSS +${mib(built.rss - loaded.rss)} MiB`,
      `peak during the build: heap+external +${mib(watch.peakHeap - memory(loaded))} MiB, RSS +${mib(watch.peakRss - loaded.rss)} MiB`,
      `the index alone (rows dropped, GC'd): heap ${mib(kept.heapUsed - base.heapUsed)} MiB + external ${mib(kept.external - base.external)} MiB = ${mib(memory(kept) - memory(base))} MiB`,
      `rank() over ${searches.length} queries: p50 ${rank.p50} ms, p95 ${rank.p95} ms, max ${rank.max} ms` +
        ` (CPU time: p50 ${summarize(ranking.cpuTimes).p50} ms, p95 ${summarize(ranking.cpuTimes).p95} ms, max ${summarize(ranking.cpuTimes).max} ms)`,
      `answers digest ${ranking.digest}`,
      ...(tier
        ? [
            ...tier.lines,
            `rank() + partial tier over ${tier.times.length} queries (the ${searches.length} above and ${PHRASES.length} phrases): p50 ${summarize(tier.times).p50} ms, p95 ${summarize(tier.times).p95} ms, max ${summarize(tier.times).max} ms` +
              ` (CPU time: p50 ${summarize(tier.cpuTimes).p50} ms, p95 ${summarize(tier.cpuTimes).p95} ms, max ${summarize(tier.cpuTimes).max} ms)`,
          ]
        : []),
    ].join("\n"),
  );
}

type Phase = "reading" | "finishing";
interface LoopWatch {
  /** The longest the event loop was held, overall and while the rows were read and added, and while finish() ran. */
  longest: number;
  longestIn: Record<Phase, number>;
  phase: Phase;
  peakHeap: number;
  peakRss: number;
  stop(): Promise<void>;
}

/** The ticker: every turn of the event loop it records how long the loop was held since the last one, and samples memory. */
function watchEventLoop(heap: number, rss: number): LoopWatch {
  const watch: LoopWatch = { longest: 0, longestIn: { reading: 0, finishing: 0 }, phase: "reading", peakHeap: heap, peakRss: rss, stop };
  let last = performance.now();
  let lastSample = last;
  let ticking = true;
  const sample = () => {
    const usage = process.memoryUsage();
    watch.peakHeap = Math.max(watch.peakHeap, memory(usage));
    watch.peakRss = Math.max(watch.peakRss, usage.rss);
  };
  const ticker = (async () => {
    while (ticking) {
      await turn();
      const now = performance.now();
      watch.longest = Math.max(watch.longest, now - last);
      watch.longestIn[watch.phase] = Math.max(watch.longestIn[watch.phase], now - last);
      last = now;
      if (now - lastSample > 50) {
        lastSample = now;
        sample();
      }
    }
  })();
  async function stop(): Promise<void> {
    ticking = false;
    await ticker;
    sample();
  }
  return watch;
}

/** The index built the module's way: page by page through the builder, or the old build over one array. */
async function buildIndex(
  mod: SearchIndexModule,
  demo: { pages: string[]; industryName: Map<number, string> },
  all: Listing[] | undefined,
  count: number,
  watch: LoopWatch,
): Promise<{ index: Ranker; seconds: number; own: number; longestAdds: number; cpu: NodeJS.CpuUsage }> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  let own = 0;
  /** The longest run of add() calls for one page. */
  let longestAdds = 0;
  let index: Ranker;
  if (mod.SearchIndexBuilder) {
    const builder = new mod.SearchIndexBuilder(count);
    let position = 0;
    for (const page of demo.pages) {
      const listings = listingsOf(page, demo.industryName);
      const t = performance.now();
      for (const listing of listings) builder.add(position++, listing.name, listing.tagline, listing.industries);
      own += performance.now() - t;
      longestAdds = Math.max(longestAdds, performance.now() - t);
      await turn();
    }
    watch.phase = "finishing";
    const t = performance.now();
    index = await builder.finish();
    own += performance.now() - t;
  } else {
    index = await mod.SearchIndex.build!(all!);
    own = performance.now() - started;
  }
  return { index, seconds: (performance.now() - started) / 1000, own, longestAdds, cpu: process.cpuUsage(cpuBefore) };
}

/** rank() over every query: its time (wall and CPU: on a shared machine the wall time also holds the waits for a core), a line per query and one digest of the answers. */
function rankAll(index: Ranker, searches: string[]): { times: number[]; cpuTimes: number[]; lines: string[]; digest: string } {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const lines: string[] = [];
  const digest = createHash("sha1");
  for (const search of searches) {
    const t = performance.now();
    const c = process.cpuUsage();
    const ranked = index.rank(search);
    cpuTimes.push(process.cpuUsage(c).user / 1000);
    times.push(performance.now() - t);
    const classes = [ranked.exactName, ranked.namePrefix, ranked.nameWords, ranked.nameTypos, ranked.cardText, ...ranked.perWord];
    const line = `${JSON.stringify(search)} ${classes.map((set) => `${countBits(set)}:${digestOf(set)}`).join(" ")} ${ranked.words.join(",")}`;
    digest.update(line);
    lines.push(`${times.at(-1)!.toFixed(1).padStart(6)} ms ${line}`);
  }
  return { times, cpuTimes, lines, digest: digest.digest("hex").slice(0, 16) };
}

/**
 * rank() and then the partial tier (decision 0082) as a relevance page makes it, card text only (no database), over
 * the same queries and natural phrases of several words, some with a word nothing uses.
 */
async function rankWithPartialTier(
  index: Ranker,
  searches: string[],
  count: number,
): Promise<{ times: number[]; cpuTimes: number[]; lines: string[] }> {
  const { termSets, allOf } = await import("../app/features/directory/search-index/search-index.ts");
  const { partialTier, PARTIAL_TIER_BELOW } = await import("../app/features/directory/search-index/partial-tier.ts");
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const lines: string[] = [];
  for (const search of [...searches, ...PHRASES]) {
    const t = performance.now();
    const c = process.cpuUsage();
    const ranked = index.rank(search);
    const perTerm = termSets(ranked.terms, ranked.perWord, count);
    const strict = allOf(perTerm, count);
    const strictCount = countBits(strict);
    const tier =
      ranked.terms.length > 1 && strictCount < PARTIAL_TIER_BELOW
        ? partialTier(perTerm, termSets(ranked.terms, ranked.inName, count), perTerm, strict)
        : new Uint32Array(0);
    times.push(performance.now() - t);
    cpuTimes.push(process.cpuUsage(c).user / 1000);
    if (PHRASES.includes(search))
      lines.push(
        `${times.at(-1)!.toFixed(1).padStart(6)} ms (CPU ${cpuTimes.at(-1)!.toFixed(1)} ms) ${JSON.stringify(search)} all words ${strictCount}, partial tier ${tier.length}`,
      );
  }
  return { times, cpuTimes, lines };
}

/** A full GC, and time for the memory of freed buffers to be given back (that happens after the GC). */
async function settle(): Promise<void> {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc();
}

await main();
