/**
 * The provider import, measured (issue 7): 10,000 provider records imported into a directory of 100,000 listings
 * through the product's own pipeline (durable jobs claimed by the job worker, the provider client over real HTTP to
 * the local fake, processing, duplicate matching, merges and review queueing), then the same import again (all
 * unchanged, so nothing new). A tenth of the records are planted copies of existing listings (same name and
 * website: merged) and a twentieth near copies (same name, another website: created and queued for review or
 * merged, as the matcher decides), so the duplicate handling is part of what is measured.
 *
 *   npm run bench:import                                   embedded PGlite (the seeded 100k database is reused)
 *   npm run bench:import -- --engine postgres --start-postgres   a private PostgreSQL 15 (as bench:directory)
 *   npm run bench:import -- --engine postgres --url postgres://.../introbase_bench
 *   npm run bench:import -- --records 2000 --listings 20000
 *
 * The seeded database is never changed: PGlite runs on a copy of its folder, PostgreSQL on a database created
 * from it as a template. Results: bench/results/import-<engine>-<date>.json and bench/results/import-latest-<engine>.md.
 * Target: >= 200 records/s.
 */
import { sql } from "drizzle-orm";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateRecords, type FakeRecord } from "../tests/fakes/lead-provider-fixtures.ts";
import { startFakeProvider } from "../tests/fakes/lead-provider.ts";
import { PROVIDER_IMPORT_JOB, providerImportHandler, startProviderImport } from "~/features/imports/provider/provider-import-job.server.ts";
import { createProviderClient } from "~/features/imports/provider/provider-client.server.ts";
import { refreshMatchColumns } from "~/features/duplicates/server/duplicate-scan.server.ts";
import { openDatabase, type Database } from "~/lib/db.server.ts";
import { getJob, type Job } from "~/lib/job-queue.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { createOutboundFetch } from "~/lib/outbound-fetch.server.ts";
import { prepareDatabase, redactUrl, type Engine } from "./lib/databases.ts";
import { startLocalPostgres } from "./lib/postgres.ts";
import { DATA_DIR, dateStamp, log, machineInfo, machineMarkdown, writeResult } from "./lib/machine.ts";

const { values: args } = parseArgs({
  options: {
    engine: { type: "string", default: "pglite" },
    url: { type: "string", default: process.env.BENCH_DATABASE_URL ?? "" },
    "start-postgres": { type: "boolean", default: false },
    "pg-port": { type: "string", default: process.env.BENCH_PG_PORT || "55432" },
    "pg-dir": { type: "string", default: process.env.BENCH_PG_DIR || "/tmp/introbase-bench-pg15" },
    listings: { type: "string", default: "100000" },
    records: { type: "string", default: "10000" },
    reset: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

if (args.help) {
  console.log(`npm run bench:import -- [options]
  --engine pglite|postgres   the database (default pglite; the seeded directory is reused)
  --url postgres://...       a PostgreSQL database to use (or BENCH_DATABASE_URL)
  --start-postgres           initdb/start a private PostgreSQL 15 on 127.0.0.1:--pg-port with data in --pg-dir
  --listings 100000          the directory imported into   --records 10000   provider records imported
  --reset                    allow emptying a --url database that holds another number of listings`);
  process.exit(0);
}
const engine = args.engine as Engine;
if (engine !== "pglite" && engine !== "postgres") throw new Error("--engine must be pglite or postgres");
// The same private server bench:directory starts (and seeds once), stopped again at the end.
const localPg =
  engine === "postgres" && args["start-postgres"]
    ? await startLocalPostgres({ dataDir: args["pg-dir"], port: Number(args["pg-port"]), database: "introbase_bench", log })
    : null;
if (localPg) args.url = localPg.url;
if (engine === "postgres" && !args.url) throw new Error("--engine postgres needs --start-postgres, --url or BENCH_DATABASE_URL");
const LISTINGS = Number(args.listings);
const RECORDS = Number(args.records);
/** The provider's largest page and the most pages one job may fetch (spec 02 §5): 1,000 records a job. */
const PAGE_SIZE = 100;
const PAGES_PER_JOB = 10;

/** The records served: the fake's generator, with planted copies of listings the directory already has. */
async function benchRecords(database: Database): Promise<{ records: FakeRecord[]; planted: { same: number; near: number } }> {
  const records = generateRecords("funding", RECORDS);
  const existing = await database.rows<{ name: string; website_url: string | null; linkedin_url: string | null }>(sql`
    SELECT name, website_url, linkedin_url FROM listings WHERE type = 'startup' AND processing_status = 'published' AND website_url IS NOT NULL
    ORDER BY md5(id::text) LIMIT ${Math.ceil(RECORDS / 10) + Math.ceil(RECORDS / 20)}`);
  let same = 0;
  let near = 0;
  records.forEach((record, index) => {
    const info = record.company_info as Record<string, unknown> | undefined;
    if (!info || typeof record.company_name !== "string" || !record.company_name) return;
    if (index % 10 === 0 && existing[same + near]) {
      const copy = existing[same + near]!;
      record.company_name = copy.name;
      info.website = copy.website_url;
      // The company's own LinkedIn page, not the generated one (a different page would rightly stop the merge).
      info.linkedin_url = copy.linkedin_url;
      const contacts = record.contact_info as Record<string, unknown> | undefined;
      if (contacts) contacts.company_linkedin_url = copy.linkedin_url;
      same += 1;
    } else if (index % 20 === 5 && existing[same + near]) {
      record.company_name = existing[same + near]!.name;
      near += 1;
    }
  });
  return { records, planted: { same, near } };
}

/** The working database: a copy of the seeded one, so every run starts from the same 100,000 listings. */
async function workingDatabase(): Promise<{ database: Database; cleanup: () => Promise<void>; info: object }> {
  if (engine === "pglite") {
    const seeded = path.join(DATA_DIR, `pglite-${LISTINGS >= 1000 ? `${LISTINGS / 1000}k` : LISTINGS}`);
    const prepared = await prepareDatabase({ engine, dir: seeded, listings: LISTINGS, allowReset: args.reset, log });
    await prepared.database.close();
    const copy = mkdtempSync(path.join(tmpdir(), "introbase-bench-import-"));
    log(`copying ${seeded} to ${copy}`);
    cpSync(seeded, copy, { recursive: true });
    const database = await openDatabase({ dir: copy });
    return { database, info: prepared.info, cleanup: async () => (await database.close(), rmSync(copy, { recursive: true, force: true })) };
  }
  const prepared = await prepareDatabase({ engine, url: args.url, listings: LISTINGS, allowReset: args.reset, log });
  await prepared.database.close();
  const template = new URL(args.url);
  const source = template.pathname.slice(1);
  const target = `${source}_import_run`;
  const admin = await openDatabase({ url: args.url.replace(`/${source}`, "/postgres") });
  await admin.rows(sql.raw(`DROP DATABASE IF EXISTS "${target}"`));
  await admin.rows(sql.raw(`CREATE DATABASE "${target}" TEMPLATE "${source}"`));
  template.pathname = `/${target}`;
  const database = await openDatabase({ url: template.toString() });
  return {
    database,
    info: { ...prepared.info, location: redactUrl(template.toString()) },
    cleanup: async () => {
      await database.close();
      await admin.rows(sql.raw(`DROP DATABASE IF EXISTS "${target}"`));
      await admin.close();
    },
  };
}

interface RunResult {
  seconds: number;
  recordsPerSecond: number;
  jobs: number;
  failedJobs: number;
  counters: Record<string, number>;
  listingsAfter: number;
  memory: { peakRssMiB: number; peakHeapMiB: number };
}

const count = async (database: Database) =>
  Number((await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings`))[0]?.n ?? 0);

/** One pass over all records: a job per thousand, each run by the worker as the server would. */
async function importAll(database: Database, providerUrl: string, apiKey: string, label: string): Promise<RunResult> {
  // The guarded outbound fetch, as in production, with the local fake allowed by name (DESIGN D16).
  const client = createProviderClient({
    baseUrl: providerUrl,
    apiKey,
    timeoutMs: 60_000,
    fetch: createOutboundFetch({ privateOrigins: [providerUrl] }),
  });
  const worker = new JobWorker(database, { [PROVIDER_IMPORT_JOB]: providerImportHandler(() => client) });
  const jobs: Job[] = [];
  for (let page = 1; page <= Math.ceil(RECORDS / PAGE_SIZE); page += PAGES_PER_JOB)
    jobs.push(
      await startProviderImport(
        database,
        { endpoint: "funding", query: { page, maxResults: PAGE_SIZE, maxJobs: PAGES_PER_JOB, category: [], country: [], round: [] } },
        null,
      ),
    );

  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const sampler = setInterval(sample, 200);
  const started = performance.now();
  for (const [index] of jobs.entries()) {
    await worker.tick();
    const elapsed = (performance.now() - started) / 1000;
    log(`${label}: job ${index + 1}/${jobs.length} done, ${elapsed.toFixed(1)} s`);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  sample();

  const counters: Record<string, number> = {};
  let failedJobs = 0;
  for (const job of jobs) {
    const done = (await getJob(database, job.id))!;
    if (done.status !== "completed") {
      failedJobs += 1;
      log(`${label}: job ${done.id} ${done.status}: ${JSON.stringify(done.errorLog).slice(0, 300)}`);
    }
    const c = (done.processedOutput as { counters?: Record<string, number> } | null)?.counters ?? {};
    for (const [key, value] of Object.entries(c)) counters[key] = (counters[key] ?? 0) + value;
  }
  const received = counters.received ?? 0;
  return {
    seconds: Math.round(seconds * 10) / 10,
    recordsPerSecond: Math.round(received / seconds),
    jobs: jobs.length,
    failedJobs,
    counters,
    listingsAfter: await count(database),
    memory: { peakRssMiB: Math.round(peakRss / 2 ** 20), peakHeapMiB: Math.round(peakHeap / 2 ** 20) },
  };
}

const machine = machineInfo();
const { database, cleanup, info } = await workingDatabase();
try {
  const listingsBefore = await count(database);
  // Seeded listings have no match columns yet; the first import or duplicate scan of any directory fills them once.
  // Timed apart, so the import's rate is what every later import sees.
  const fillStarted = performance.now();
  const filled = await refreshMatchColumns(database);
  const matchColumnFill = { listings: filled, seconds: Math.round((performance.now() - fillStarted) / 100) / 10 };
  log(`match columns filled for ${filled} listings in ${matchColumnFill.seconds} s (once per directory, not timed below)`);
  const { records, planted } = await benchRecords(database);
  const provider = await startFakeProvider({ records: { funding: records } });
  log(`serving ${records.length} records (${planted.same} copies of listings, ${planted.near} same-name companies) at ${provider.url}`);
  try {
    const first = await importAll(database, provider.url, provider.apiKey, "import");
    log(`import: ${first.recordsPerSecond} records/s, ${JSON.stringify(first.counters)}`);
    const again = await importAll(database, provider.url, provider.apiKey, "re-import");
    log(`re-import: ${again.recordsPerSecond} records/s, ${JSON.stringify(again.counters)}`);
    const result = { machine, database: info, listingsBefore, records: RECORDS, planted, matchColumnFill, import: first, reimport: again };
    const json = writeResult(`import-${engine}-${dateStamp()}.json`, result);
    const md = writeResult(
      `import-latest-${engine}.md`,
      [
        `# Import benchmark (${engine})`,
        "",
        `${RECORDS.toLocaleString("en")} provider records (${planted.same} copies of existing listings, ${planted.near} same-name companies) into ${listingsBefore.toLocaleString("en")} listings; target >= 200 records/s.`,
        "",
        "| Run | Seconds | Records/s | Created | Merged | For review | Unchanged | Dropped | Errors | Listings after | Peak RSS | Peak heap |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
        ...[
          ["import", first],
          ["same import again", again],
        ].map(([label, r]) => {
          const run = r as RunResult;
          const c = run.counters;
          return `| ${label as string} | ${run.seconds} | **${run.recordsPerSecond}** | ${c.created ?? 0} | ${c.merged ?? 0} | ${c.review ?? 0} | ${c.skipped ?? 0} | ${c.dropped ?? 0} | ${c.errors ?? 0} | ${run.listingsAfter.toLocaleString("en")} | ${run.memory.peakRssMiB} MiB | ${run.memory.peakHeapMiB} MiB |`;
        }),
        "",
        `Before the runs, the match columns of ${matchColumnFill.listings.toLocaleString("en")} never-scanned listings were filled in ${matchColumnFill.seconds} s (once per directory: the first import or duplicate scan does it).`,
        "",
        machineMarkdown(machine),
        "",
      ].join("\n"),
    );
    log(`results: ${json}, ${md}`);
    if (first.failedJobs || again.failedJobs) process.exitCode = 1;
  } finally {
    await provider.close();
  }
} finally {
  await cleanup();
  localPg?.stop();
}
