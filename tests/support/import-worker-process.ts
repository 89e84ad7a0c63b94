/**
 * A job worker in a process of its own, for the durability test that kills it mid-job
 * (app/features/imports/import-durability.server.db.test.ts). It opens the database (DATABASE_URL when set, else
 * the PGlite data directory given with --pglite-dir), starts the real JobWorker with the provider import handler
 * against the provider at --provider-url, and tells its parent what happens, one JSON line per event on stdout:
 *   {"event":"ready","worker":"<id>"}                      the worker is polling
 *   {"event":"progress","job":"<id>","done":N,"total":M}  a progress report (and the cursor with it) is committed
 * Run through tsx (the app's `~/` imports): node --import tsx tests/support/import-worker-process.ts --provider-url …
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../../app/lib/db.server.ts";
import { JobWorker } from "../../app/lib/job-worker.server.ts";
import { createProviderClient } from "../../app/features/imports/provider/provider-client.server.ts";
import { PROVIDER_IMPORT_JOB, providerImportHandler } from "../../app/features/imports/provider/provider-import-job.server.ts";

const { values } = parseArgs({
  options: {
    "provider-url": { type: "string" },
    "provider-key": { type: "string" },
    "pglite-dir": { type: "string" },
    "timeout-ms": { type: "string", default: "10000" },
  },
});
const providerUrl = values["provider-url"];
if (!providerUrl || (!process.env.DATABASE_URL && !values["pglite-dir"])) {
  console.error("usage: import-worker-process.ts --provider-url URL [--provider-key KEY] (--pglite-dir DIR | DATABASE_URL=…)");
  process.exit(2);
}

const emit = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);

const database = await openDatabase({ url: process.env.DATABASE_URL, dir: values["pglite-dir"] });
await database.migrate();
const client = createProviderClient({
  baseUrl: providerUrl,
  apiKey: values["provider-key"],
  timeoutMs: Number(values["timeout-ms"]),
  maxRetries: 0,
});
const runImport = providerImportHandler(() => client);
const worker = new JobWorker(database, {
  // The real handler; only its progress reports are echoed to the parent once they are committed.
  [PROVIDER_IMPORT_JOB]: (context) =>
    runImport({
      ...context,
      progress: async (progress) => {
        const held = await context.progress(progress);
        emit({ event: "progress", job: context.job.id, done: progress.done, total: progress.total, held });
        return held;
      },
    }),
}).start();
// The worker's timers do not keep a process alive (they are unref'd in the server); this one does, until killed.
const alive = setInterval(() => {}, 60_000);
emit({ event: "ready", worker: worker.id });

// A clean stop, for completeness: the test kills this process with SIGKILL, which nothing can catch.
process.on("SIGTERM", () => {
  clearInterval(alive);
  void worker
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
