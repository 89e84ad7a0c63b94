/**
 * The provider import from the command line (issue 7 §6): `npm run import -- --endpoint funding --category
 * "Artificial Intelligence" --country Germany [--round seed] [--page 1] [--max-results 20] [--max-jobs 1] [--date-from 2025-01-01] [--date-to ...]
 * [--website ...] [--linkedin-url ...]`. The same job as the back-office runs, executed here with a progress bar;
 * it uses DATABASE_URL or the embedded database (not while a server holds that embedded database) and
 * PROVIDER_API_URL / PROVIDER_API_KEY.
 *
 * A spreadsheet base (issue 7 §7): `npm run import -- --spreadsheet appXXXXXXXX` (provider options are then
 * ignored), reading SPREADSHEET_API_URL / SPREADSHEET_API_KEY; `--spreadsheet` alone takes SPREADSHEET_BASE_ID.
 * Exits 0 when the job completed (per-record errors are listed in the summary), 1 when it failed, 2 on bad input.
 */
// First: a failure anywhere below, even while the modules load, ends in one clear line (fail-clearly.ts).
import "./fail-clearly.ts";
import { parseArgs } from "node:util";
import { openDatabase } from "../app/lib/db.server.ts";
import { getEnv } from "../app/lib/env.server.ts";
import { getJob } from "../app/lib/job-queue.server.ts";
import { JobWorker } from "../app/lib/job-worker.server.ts";
import { SPREADSHEET_IMPORT_JOB, SpreadsheetImportRequest } from "../app/features/imports/spreadsheet/spreadsheet-import-request.ts";
import {
  spreadsheetImportHandler,
  startSpreadsheetImport,
  type SpreadsheetImportOutput,
} from "../app/features/imports/spreadsheet/spreadsheet-import-job.server.ts";
import type { TableCounters } from "../app/features/imports/spreadsheet/upsert-support.server.ts";
import {
  PROVIDER_IMPORT_JOB,
  ProviderImportRequest,
  providerImportHandler,
  startProviderImport,
} from "../app/features/imports/provider/provider-import-job.server.ts";

const { values } = parseArgs({
  options: {
    endpoint: { type: "string", default: "funding" },
    category: { type: "string" },
    country: { type: "string" },
    round: { type: "string" },
    page: { type: "string" },
    "max-results": { type: "string" },
    "max-jobs": { type: "string" },
    "date-from": { type: "string" },
    "date-to": { type: "string" },
    website: { type: "string" },
    "linkedin-url": { type: "string" },
    spreadsheet: { type: "string" },
    help: { type: "boolean", default: false },
  },
  // `--spreadsheet` with no value: the base configured in SPREADSHEET_BASE_ID.
  args: process.argv.slice(2).map((a, i, all) => (a === "--spreadsheet" && (all[i + 1] ?? "--").startsWith("--") ? "--spreadsheet=" : a)),
});
if (values.help) {
  console.log(`npm run import -- [provider options]            the provider import (PROVIDER_API_URL, PROVIDER_API_KEY)
  --endpoint funding|m-a  --category "Artificial Intelligence"  --country Germany  --round seed  --page 1
  --max-results 20  --max-jobs 1  (categories and countries by the provider's names, comma-separated)
  --date-from 2025-01-01  --date-to 2025-12-31  --website URL  --linkedin-url URL
npm run import -- --spreadsheet [appXXXXXXXX]    a spreadsheet base (SPREADSHEET_API_URL, SPREADSHEET_API_KEY;
                                                 without an id, SPREADSHEET_BASE_ID)
Uses DATABASE_URL, else the embedded database in PGLITE_DIR (not while a server holds it). Exits 0 when the job
completed, 1 when it failed, 2 on bad input.`);
  process.exit(0);
}
const env = getEnv();
const spreadsheet =
  values.spreadsheet === undefined
    ? null
    : SpreadsheetImportRequest.safeParse({ baseId: values.spreadsheet || env.SPREADSHEET_BASE_ID || "" });
if (spreadsheet && !spreadsheet.success) {
  console.error(`--spreadsheet: ${spreadsheet.error.issues[0]!.message}`);
  process.exit(2);
}

const parsed = ProviderImportRequest.safeParse({
  endpoint: values.endpoint,
  query: {
    category: values.category,
    country: values.country,
    round: values.round,
    page: values.page,
    maxResults: values["max-results"],
    maxJobs: values["max-jobs"],
    dateFrom: values["date-from"],
    dateTo: values["date-to"],
    website: values.website,
    linkedinUrl: values["linkedin-url"],
  },
});
if (!spreadsheet && !parsed.success) {
  console.error(parsed.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
  process.exit(2);
}

const database = await openDatabase({ url: env.DATABASE_URL, dir: env.PGLITE_DIR });
await database.migrate();
const job = spreadsheet?.success
  ? await startSpreadsheetImport(database, spreadsheet.data, null)
  : await startProviderImport(database, parsed.data!, null);
const unit = spreadsheet ? "companies" : "pages";

/** One line, rewritten in place: a bar, the pages (or companies) and the counters. */
function draw(done: number, total: number, message: string | null) {
  const width = 24;
  const filled = total ? Math.round((done / total) * width) : 0;
  process.stderr.write(
    `\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${unit}  ${(message ?? "").slice(0, 90).padEnd(90)}`,
  );
}

const worker = new JobWorker(database, {
  [PROVIDER_IMPORT_JOB]: providerImportHandler(),
  [SPREADSHEET_IMPORT_JOB]: spreadsheetImportHandler(),
});
const timer = setInterval(async () => {
  const now = await getJob(database, job.id);
  if (now) draw(now.progressDone, now.progressTotal, now.progressMessage);
}, 300);
// A server running on the same PostgreSQL hears the job queued and its worker may take it first (decision 0049): this
// process then follows it to its end. Otherwise this worker runs it, after any job queued before it.
let done = (await getJob(database, job.id))!;
while (done.status !== "completed" && done.status !== "failed") {
  await worker.tick();
  done = (await getJob(database, job.id))!;
  if (done.status !== "completed" && done.status !== "failed") await new Promise((resolve) => setTimeout(resolve, 300));
}
clearInterval(timer);
draw(done.progressDone, done.progressTotal, done.progressMessage);
process.stderr.write("\n");
/** One line per table, so a terminal shows the whole base at a glance. */
function baseSummary({ tables, attachments }: SpreadsheetImportOutput) {
  const line = (c: TableCounters) =>
    `${c.read} read, ${c.created} created, ${c.updated} updated, ${c.skipped} unchanged, ${c.dropped} dropped, ${c.failed} failed`;
  return {
    tables: Object.fromEntries(Object.entries(tables).map(([name, c]) => [name, line(c)])),
    logos: `${attachments.stored} stored, ${attachments.skipped} unchanged, ${attachments.failed} failed`,
  };
}

const summary = {
  job: done.id,
  status: done.status,
  companiesProcessed: done.companiesProcessed,
  newRecordsAdded: done.newRecordsAdded,
  updatedRecords: done.updatedRecords,
  apiCallsMade: done.apiCallsMade,
  errors: done.errorLog,
  // A base import's per-table counts (read, created, updated, unchanged, dropped, failed) and logos.
  ...(spreadsheet && done.processedOutput ? baseSummary(done.processedOutput as SpreadsheetImportOutput) : {}),
};
console.log(JSON.stringify(summary, null, 2));
await database.close();
process.exit(done.status === "completed" ? 0 : 1);
