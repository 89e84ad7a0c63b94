/**
 * Where a database test file's set-up time goes (issue 20, decision 0042): opening an embedded database (PGlite's
 * initdb), running the migrations, seeding demo listings, and the alternative the tests now use, loading a migrated
 * snapshot. With DATABASE_URL set, the same on PostgreSQL: an empty database migrated, against a copy of a migrated
 * template. Each phase runs --rounds times in this process; the median wall time and the process's CPU time are
 * printed (wall time grows with the machine's load, CPU time much less).
 *
 *   npx tsx bench/test-database-phases.ts [--rounds 5]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres npx tsx bench/test-database-phases.ts
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { seedListings } from "#demo/seed-database.ts";
import { openDatabase, type Database } from "~/lib/db.server.ts";
import { openMigratedCopy, prepareMigratedSource, testServerUrl } from "#test-support/migrated-test-database.ts";

const { values: args } = parseArgs({ options: { rounds: { type: "string", default: "5" } } });
const ROUNDS = Number(args.rounds);

interface Sample {
  wall: number;
  cpu: number;
}

async function measure<T>(work: () => Promise<T>): Promise<[T, Sample]> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return [result, { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 }];
}

const samples = new Map<string, Sample[]>();
function record(phase: string, sample: Sample) {
  samples.set(phase, [...(samples.get(phase) ?? []), sample]);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const [migrated, prepare] = await measure(() => prepareMigratedSource());
record(testServerUrl() ? "once per run: migrate the template database" : "once per run: migrate and dump the snapshot", prepare);

try {
  for (let round = 0; round < ROUNDS; round++) {
    if (!testServerUrl()) {
      const [fresh, open] = await measure(() => openDatabase({ dir: "memory://" }));
      record("PGlite: open an empty database (initdb)", open);
      record("PGlite: run every migration", (await measure(() => fresh.migrate()))[1]);
      await fresh.close();
    }
    const [database, copy] = await measure(() => openMigratedCopy(migrated.source));
    record(
      testServerUrl()
        ? "copy the migrated template, then migrate (nothing to apply)"
        : "load the migrated snapshot, then migrate (nothing to apply)",
      copy,
    );
    record("seed 60 demo listings", (await measure(() => seedListings(database, 60)))[1]);
    record("close (and drop, on a server)", (await measure(() => database.close()))[1]);
    if (testServerUrl()) await fromScratchOnServer();
  }
} finally {
  await migrated.remove();
}

/** The old way on a server: an empty database, every migration run in it. */
async function fromScratchOnServer() {
  const name = `bench_${Date.now().toString(36)}`;
  const serverUrl = testServerUrl()!;
  const admin: Database = await openDatabase({ url: serverUrl });
  try {
    record("PostgreSQL: create an empty database", (await measure(() => admin.rows(sql.raw(`CREATE DATABASE ${name}`))))[1]);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    record("PostgreSQL: run every migration", (await measure(() => database.migrate()))[1]);
    await database.close();
  } finally {
    await admin.rows(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    await admin.close();
  }
}

console.log(
  `${ROUNDS} rounds on ${testServerUrl() ? "PostgreSQL" : "PGlite"}; load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ")}`,
);
console.log("| phase | median wall ms | median CPU ms |\n|---|---:|---:|");
for (const [phase, list] of samples)
  console.log(`| ${phase} | ${Math.round(median(list.map((s) => s.wall)))} | ${Math.round(median(list.map((s) => s.cpu)))} |`);
