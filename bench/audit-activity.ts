/**
 * The grouped audit log at size (issue 32, decision 0093): a million import entries in 200 runs, with people's actions
 * and entries from before runs were recorded spread among them, read through the product's own findActivity and
 * findRunEntries (first pages by who acted, a page deep by cursor, an operation filter, a run opened, the dashboard's
 * ten). Each stream's plan is read too: a "Seq Scan on audit_log" fails the run (so does one on audit_runs, one row
 * per run, except under a filter, which reads each run's counts).
 *
 *   npm run bench:audit-activity                                   PGlite in a fresh temporary directory
 *   npm run bench:audit-activity -- --postgres postgres://…/db    an empty PostgreSQL database (its audit log is emptied)
 *   npm run bench:audit-activity -- --runs 50 --per-run 2000 --repeat 10
 *
 * Results: bench/results/audit-activity-<engine>-<date>.json and bench/results/audit-activity-<engine>-latest.md.
 */
import { sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { findActivity, findRunEntries, type ActivityQuery } from "~/features/audit/audit-activity.server.ts";
import { analyze, openDatabase, type Database } from "~/lib/db.server.ts";
import { dateStamp, log, machineInfo, machineMarkdown, writeResult } from "./lib/machine.ts";

const { values: args } = parseArgs({
  options: {
    postgres: { type: "string" },
    runs: { type: "string", default: "200" },
    "per-run": { type: "string", default: "5000" },
    people: { type: "string", default: "50000" },
    repeat: { type: "string", default: "15" },
    help: { type: "boolean", default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:audit-activity -- [--postgres postgres://...] [--runs 200] [--per-run 5000] [--people 50000] [--repeat 15]`);
  process.exit(0);
}
const RUNS = Number(args.runs);
const PER_RUN = Number(args["per-run"]);
const PEOPLE = Number(args.people);
const REPEAT = Number(args.repeat);
const engine = args.postgres ? "postgres" : "pglite";
const runId = (n: ReturnType<typeof sql>) => sql`(lpad(to_hex(${n}), 8, '0') || '-0000-4000-8000-000000000000')::uuid`;

/** Runs an hour apart, each writing its entries over ten minutes; people's actions and older entries among them. */
async function seed(database: Database) {
  await database.rows(sql`DELETE FROM audit_log RETURNING 1`);
  await database.rows(sql`DELETE FROM audit_runs RETURNING 1`);
  const start = sql`timestamptz '2028-01-01'`;
  await database.rows(sql`
    INSERT INTO audit_runs (id, kind, source, started_at, last_at)
    SELECT ${runId(sql`n`)}, 'provider_import', 'LeadsOnTrees', ${start} + n * interval '1 hour',
      ${start} + n * interval '1 hour' + interval '10 minutes'
    FROM generate_series(1, ${RUNS}) AS n RETURNING 1`);
  await database.rows(sql`
    INSERT INTO audit_log (timestamp, operation, source, action, company_name, run_id, details)
    SELECT ${start} + r * interval '1 hour' + k * (interval '10 minutes' / ${PER_RUN}),
      CASE WHEN k % 20 = 0 THEN 'merge_operation' ELSE 'duplicate_check' END, 'LeadsOnTrees',
      CASE WHEN k % 20 = 0 THEN 'merged' WHEN k % 7 = 0 THEN 'flagged_for_review' ELSE 'created' END,
      'Company ' || r || '-' || k, ${runId(sql`r`)}, jsonb_build_object('externalId', 'lot-' || k)
    FROM generate_series(1, ${RUNS}) AS r, generate_series(1, ${PER_RUN}) AS k RETURNING 1`);
  // Each run's counts, as recordAudit keeps them while it writes.
  await database.rows(sql`
    UPDATE audit_runs SET counts = (SELECT jsonb_object_agg(operation || ':' || action, n) FROM (
      SELECT operation, action, count(*)::int AS n FROM audit_log WHERE run_id = audit_runs.id GROUP BY 1, 2) AS c) RETURNING 1`);
  // People's actions over the whole span, and as many import entries from before runs were recorded, at its start.
  await database.rows(sql`
    INSERT INTO audit_log (timestamp, operation, source, action, company_name)
    SELECT ${start} + n * (interval '1 hour' * ${RUNS} / ${PEOPLE}), 'listing_edit',
      (ARRAY['admin', 'member', 'visitor'])[1 + n % 3], 'edited', 'Edited ' || n
    FROM generate_series(1, ${PEOPLE}) AS n RETURNING 1`);
  await database.rows(sql`
    INSERT INTO audit_log (timestamp, operation, source, action, company_name)
    SELECT ${start} - n * interval '1 second', 'duplicate_check', 'LeadsOnTrees', 'created', 'Legacy ' || n
    FROM generate_series(1, ${PEOPLE}) AS n RETURNING 1`);
  await analyze(database);
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1)! };
}

async function time(work: () => Promise<unknown>): Promise<number[]> {
  await work();
  const samples: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** The plans of the statements findActivity sends (written out here as it builds them), scans only. */
async function plans(database: Database): Promise<Record<string, string>> {
  const cursor = sql`(timestamptz '2028-01-05', '00000000-0000-4000-8000-000000000000'::uuid)`;
  const statements = {
    "entries outside runs, everyone": sql`SELECT id FROM audit_log WHERE run_id IS NULL
      AND (timestamp, id) < ${cursor} ORDER BY timestamp DESC NULLS LAST, id DESC NULLS LAST LIMIT 101`,
    "entries outside runs, people": sql`SELECT id FROM audit_log WHERE run_id IS NULL AND actor_kind = 'person'
      AND (timestamp, id) < ${cursor} ORDER BY timestamp DESC NULLS LAST, id DESC NULLS LAST LIMIT 101`,
    "entries outside runs, machines": sql`SELECT id FROM audit_log WHERE run_id IS NULL AND actor_kind = 'machine'
      ORDER BY timestamp DESC NULLS LAST, id DESC NULLS LAST LIMIT 101`,
    "runs, newest first": sql`SELECT id FROM audit_runs WHERE (last_at, id) < ${cursor} ORDER BY last_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 101`,
    "runs with a merge": sql`SELECT id FROM audit_runs WHERE EXISTS (SELECT 1 FROM jsonb_object_keys(counts) AS key
      WHERE split_part(key, ':', 1) = 'merge_operation') ORDER BY last_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 101`,
    "a run's entries": sql`SELECT id FROM audit_log WHERE run_id = ${runId(sql`3`)} ORDER BY timestamp DESC NULLS LAST, id DESC NULLS LAST LIMIT 101`,
  };
  const found: Record<string, string> = {};
  for (const [name, statement] of Object.entries(statements)) {
    const rows = await database.rows<Record<string, string>>(sql`EXPLAIN ${statement}`);
    const text = rows.map((r) => Object.values(r)[0]).join("\n");
    // audit_runs holds one row per run (200 here): read whole when a filter must look into each run's counts.
    if (/Seq Scan on audit_log/.test(text) || (name !== "runs with a merge" && /Seq Scan on audit_runs/.test(text)))
      throw new Error(`${name} reads a whole table:\n${text}`);
    found[name] = text
      .split("\n")
      .filter((line) => /Scan/.test(line))
      .map((line) =>
        line
          .trim()
          .replace(/\s+\(cost.*$/, "")
          .replace(/^->\s*/, ""),
      )
      .join("; ");
  }
  return found;
}

const dir = args.postgres ? null : mkdtempSync(path.join(tmpdir(), "introbase-bench-audit-"));
const database = await openDatabase(args.postgres ? { url: args.postgres } : { dir: dir! });
try {
  await database.migrate();
  const total = RUNS * PER_RUN + 2 * PEOPLE;
  log(`${engine}: seeding ${total} audit entries (${RUNS} runs of ${PER_RUN})`);
  await seed(database);
  const rows: Array<{ what: string; p50: number; p95: number; max: number; rows: number }> = [];
  const measure = async (what: string, work: () => Promise<{ length: number }>) => {
    const shown = (await work()).length;
    rows.push({ what, ...stats(await time(work)), rows: shown });
    log(`${what}: p50 ${rows.at(-1)!.p50.toFixed(1)} ms`);
  };
  const page = (query: ActivityQuery) => async () => (await findActivity(database, query)).rows;
  await measure("dashboard, ten newest rows", page({ limit: 10 }));
  await measure("audit log, first page, everyone", page({ limit: 100 }));
  await measure("audit log, first page, people", page({ kind: "people", limit: 100 }));
  await measure("audit log, first page, machines and jobs", page({ kind: "machine", limit: 100 }));
  await measure("audit log, merges only", page({ operation: "merge_operation", limit: 100 }));
  let before: string | null = null;
  for (let i = 0; i < 50; i++) before = (await findActivity(database, { limit: 100, before })).next;
  const deep = before;
  await measure("audit log, page 51 by cursor", page({ limit: 100, before: deep }));
  const [{ id } = { id: "" }] = await database.rows<{ id: string }>(sql`SELECT id FROM audit_runs ORDER BY last_at DESC LIMIT 1`);
  await measure(`a run opened (${PER_RUN} entries), first page`, async () => (await findRunEntries(database, id, { limit: 100 })).entries);
  const explained = await plans(database);

  const machine = machineInfo();
  const table = rows.map((r) => `| ${r.what} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.rows} |`).join("\n");
  const planTable = Object.entries(explained)
    .map(([name, plan]) => `| ${name} | ${plan} |`)
    .join("\n");
  const markdown = `# The grouped audit log with ${total.toLocaleString("en-US")} entries, ${engine}

${RUNS} import runs of ${PER_RUN.toLocaleString("en-US")} entries, ${PEOPLE.toLocaleString("en-US")} people's actions among them and as many
import entries from before runs were recorded. The whole call (both streams, each run's counts, which records are
listings), ${REPEAT} runs after one warm-up, milliseconds. No statement reads audit_log sequentially; audit_runs (one row per run) is read whole only under an operation filter.

| query | p50 | p95 | max | rows |
| --- | --- | --- | --- | --- |
${table}

| statement | plan (scans) |
| --- | --- |
${planTable}

${machineMarkdown(machine)}
`;
  log(writeResult(`audit-activity-${engine}-latest.md`, markdown));
  log(
    writeResult(`audit-activity-${engine}-${dateStamp()}.json`, {
      engine,
      runs: RUNS,
      perRun: PER_RUN,
      people: PEOPLE,
      repeat: REPEAT,
      rows,
      plans: explained,
      machine,
    }),
  );
} finally {
  await database.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
