/**
 * A provider import survives its worker's process being killed (issue 7 §4, decision 0018): a real child process
 * (tests/support/import-worker-process.ts) runs the import job against the fake provider and is killed with SIGKILL
 * mid-job, after its first page is saved and while the fake holds back the second. The job is then still "running"
 * with a heartbeat that no one renews; once that heartbeat is stale a new worker requeues it and resumes from the saved
 * cursor (page 1 is not fetched again) to completion, and the directory holds every company the provider served
 * exactly once. On PGlite the killed process's data directory is opened afterwards (PGlite replays its WAL); on
 * PostgreSQL (`npm run test:pg`) the test watches the jobs table while the child runs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { claimNextJob, getJob, MAX_ATTEMPTS, recoverStaleJobs, jobLease } from "~/lib/job-queue.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase, openTestDatabaseIn, testServerUrl, withDatabaseName } from "#test-support/test-database.ts";
import { startFakeProvider, type FakeProvider } from "../../../../tests/fakes/lead-provider.ts";
import { countRows, namesNotImportedOnce, servedPages } from "../../../../tests/support/provider-expectations.ts";
import { fetchAllowing } from "../../../../tests/support/allow-local.ts";
import { manualTimeLimits } from "../../../../tests/support/manual-time-limits.ts";
import { createProviderClient } from "../provider/provider-client.server.ts";
import {
  PROVIDER_IMPORT_JOB,
  providerImportHandler,
  startProviderImport,
  type ImportCounters,
} from "../provider/provider-import-job.server.ts";
import { ProviderQuery } from "../provider/provider-query.ts";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const RUNNER = path.join(ROOT, "tests/support/import-worker-process.ts");

/** Cleanups of the running test, run even when it fails half-way (a child left alive would hold the database). */
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

/** The test's database, and how a child process reaches the same one. */
async function openSharedDatabase(): Promise<{
  database: Database;
  childEnv: NodeJS.ProcessEnv;
  childArgs: string[];
  reopen: () => Promise<Database>;
}> {
  const serverUrl = testServerUrl();
  if (serverUrl) {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const [{ name }] = (await database.rows<{ name: string }>(sql`SELECT current_database() AS name`)) as [{ name: string }];
    return {
      database,
      childEnv: { DATABASE_URL: withDatabaseName(serverUrl, name) },
      childArgs: [],
      reopen: async () => database,
    };
  }
  // PGlite is one process's database: the child gets the data directory while the test has it closed.
  const dir = await mkdtemp(path.join(tmpdir(), "introbase-durability-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const open = async () => {
    const database = await openTestDatabaseIn(dir);
    cleanups.push(() => database.close());
    return database;
  };
  return { database: await open(), childEnv: { DATABASE_URL: undefined }, childArgs: ["--pglite-dir", dir], reopen: open };
}

interface ChildEvent {
  event: string;
  worker?: string;
  job?: string;
  done?: number;
}

/** Starts the worker process and hands back a way to wait for its events. */
function startWorkerProcess(args: string[], env: NodeJS.ProcessEnv) {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", RUNNER, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const events: ChildEvent[] = [];
  const waiters: Array<() => void> = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    try {
      events.push(JSON.parse(line) as ChildEvent);
    } catch {
      return;
    }
    for (const wake of waiters.splice(0)) wake();
  });
  /** The first event that passes the test; fails with the child's stderr if it exits or takes too long first. */
  // A guard for a child that never says it (its stderr is then shown), inside the test's own limit.
  const waitFor = (test: (e: ChildEvent) => boolean, timeoutMs = 240_000) =>
    new Promise<ChildEvent>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no such event from the worker process within ${timeoutMs} ms:\n${stderr}`)),
        timeoutMs,
      );
      const check = () => {
        const found = events.find(test);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`the worker process exited (${code ?? signal}) before the event:\n${stderr}`));
      });
      check();
    });
  return { child, exited, waitFor };
}

const pageOf = (url: string) => Number(new URL(url, "http://x").searchParams.get("page"));

/** A client whose calls are never timed out by a slow machine: the fake answers, or the test fails on its own limit. */
const patientClient = (fake: FakeProvider) =>
  createProviderClient({
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    maxRetries: 0,
    timeoutSignal: manualTimeLimits().signal,
    fetch: fetchAllowing(fake.url),
  });
const cursorOf = (output: unknown) => output as { nextPage: number; counters: ImportCounters };

describe("import durability", () => {
  it("resumes an import whose worker process was killed mid-job from its saved cursor, with nothing lost or duplicated", async () => {
    const fake: FakeProvider = await startFakeProvider();
    cleanups.push(() => fake.close());
    const shared = await openSharedDatabase();
    let database = shared.database;
    const query = ProviderQuery.parse({ page: 1, maxResults: 20, maxJobs: 4 });
    const pages = servedPages("funding", query);
    const companies = pages.flatMap((p) => p.companies.map((c) => c.name));
    const queued = await startProviderImport(database, { endpoint: "funding", query }, null);
    if (database.kind === "pglite") await database.close();

    // Page 1 is answered; page 2 is held back until the child dies (no timer: only the kill ends the wait), so the
    // child is surely waiting for page 2, with page 1 saved, when it is killed.
    const holdingPage2 = new Promise<void>((resolve) => (fake.onHold = resolve));
    fake.onRequest = (url) => {
      if (pageOf(url.href) >= 2) fake.setFault("slow");
    };
    const worker = startWorkerProcess(
      // The child's time limit is far beyond the test's: it never gives up on page 2 before it is killed.
      ["--provider-url", fake.url, "--provider-key", fake.apiKey, "--timeout-ms", "300000", ...shared.childArgs],
      // The worker process reads the allowance for the local fake from its environment, as a server would.
      { ...shared.childEnv, OUTBOUND_ALLOWED_PRIVATE_ORIGINS: fake.url },
    );
    const ready = await worker.waitFor((e) => e.event === "ready");
    await worker.waitFor((e) => e.event === "progress" && e.job === queued.id && (e.done ?? 0) >= 1);
    await holdingPage2;
    if (database.kind === "postgres") {
      // The cursor is in the jobs table while the child is alive.
      expect(cursorOf((await getJob(database, queued.id))?.processedOutput)?.nextPage).toBe(2);
    }
    worker.child.kill("SIGKILL");
    expect(await worker.exited).toEqual({ code: null, signal: "SIGKILL" });

    // On PGlite, the data directory of a killed process opens again (PGlite replays its write-ahead log).
    database = await shared.reopen();
    const left = (await getJob(database, queued.id))!;
    expect(left).toMatchObject({ status: "running", lockedBy: ready.worker, attempts: 1, progressTotal: 4, progressDone: 1 });
    // Killed while page 2 was held back: the cursor says page 2, and page 1's companies are committed, each once.
    const cursor = cursorOf(left.processedOutput);
    expect(cursor.nextPage).toBe(2);
    expect(cursor.counters.pages).toBe(1);
    const saved = pages.filter((p) => p.page < cursor.nextPage).flatMap((p) => p.companies.map((c) => c.name));
    expect(await namesNotImportedOnce(database, saved)).toEqual({});
    expect(await countRows(database, "listings")).toBe(saved.length);

    // Stale only once its last heartbeat is older than the threshold (30 s): the times are given, not waited for.
    const lastBeat = left.heartbeatAt!.getTime();
    expect(await recoverStaleJobs(database, new Date(lastBeat + jobLease().staleAfterMs))).toEqual({ requeued: [], failed: [] });
    expect((await getJob(database, queued.id))!.status).toBe("running");
    expect(await recoverStaleJobs(database, new Date(lastBeat + jobLease().staleAfterMs + 1))).toEqual({
      requeued: [queued.id],
      failed: [],
    });
    const requeued = (await getJob(database, queued.id))!;
    expect(requeued).toMatchObject({ status: "queued", lockedBy: null, progressDone: cursor.nextPage - 1 });
    expect(requeued.errorLog).toEqual(["Interrupted (server restart or crash); resumed from the last saved point."]);

    // A new worker resumes it at the saved page (2), and never asks for page 1 again.
    fake.onRequest = null;
    fake.setFault("none");
    const requestsBefore = fake.requests.length;
    const client = patientClient(fake);
    await new JobWorker(database, { [PROVIDER_IMPORT_JOB]: providerImportHandler(() => client) }).tick();
    const resumedPages = fake.requests.slice(requestsBefore).map((r) => pageOf(r.url));
    expect(resumedPages).toEqual([2, 3, 4]);
    expect(resumedPages).not.toContain(1);
    const done = (await getJob(database, queued.id))!;
    expect(done).toMatchObject({ status: "completed", attempts: 2, progressDone: 4, progressTotal: 4, lockedBy: null });
    expect(done.errorLog).toEqual(["Interrupted (server restart or crash); resumed from the last saved point."]);
    // Counters over both workers: each page's call and companies counted once (the child's unsaved call is not).
    expect(done.apiCallsMade).toBe(4);
    expect(done.companiesProcessed).toBe(companies.length);
    const totals = cursorOf(done.processedOutput).counters;
    expect(totals.pages).toBe(4);
    // Companies of a page the child had half written before it died are found again and skipped, not created twice.
    expect(totals.created + totals.review + totals.skipped).toBe(companies.length);
    // Every company the provider served, exactly once.
    expect(await countRows(database, "listings")).toBe(companies.length);
    expect(await countRows(database, "listing_sources")).toBe(companies.length);
    expect(await namesNotImportedOnce(database, companies)).toEqual({});
  });

  it("fails an import interrupted for the third time with its reason, and the next worker does not run it again", async () => {
    const database = await openTestDatabase();
    cleanups.push(() => database.close());
    const fake = await startFakeProvider();
    cleanups.push(() => fake.close());
    const query = ProviderQuery.parse({ page: 1, maxResults: 20, maxJobs: 2 });
    const queued = await startProviderImport(database, { endpoint: "funding", query }, null);
    // Three workers in turn take the job and die without a word; each time, recovery comes after their last
    // heartbeat went stale (the time is given, not waited for).
    const staleAt = async () => new Date((await getJob(database, queued.id))!.heartbeatAt!.getTime() + jobLease().staleAfterMs + 1);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect((await claimNextJob(database, `dead-worker-${attempt}`, [PROVIDER_IMPORT_JOB]))?.id).toBe(queued.id);
      if (attempt < MAX_ATTEMPTS) expect((await recoverStaleJobs(database, await staleAt())).requeued).toEqual([queued.id]);
    }
    // The next worker's first poll, once the last heartbeat is stale, recovers stale jobs: this one is failed, not run.
    const client = patientClient(fake);
    const at = await staleAt();
    await new JobWorker(database, { [PROVIDER_IMPORT_JOB]: providerImportHandler(() => client) }, { now: () => at }).tick();
    const failed = (await getJob(database, queued.id))!;
    expect(failed).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      lockedBy: null,
      progressMessage: "Failed: interrupted too many times.",
    });
    expect(failed.completedAt).toBeInstanceOf(Date);
    expect(failed.errorLog).toEqual([
      "Interrupted (server restart or crash); resumed from the last saved point.",
      "Interrupted (server restart or crash); resumed from the last saved point.",
      "Interrupted 3 times (server restart or crash); not retried again.",
    ]);
    expect(fake.requests).toEqual([]);
    expect(await countRows(database, "listings")).toBe(0);
  });
});
