import { readFileSync } from "node:fs";
/**
 * /admin/system as an operator reads it (issue 34, decision 0107): the processes seen in the last minute come from the
 * heartbeat rows in the database (two servers here, one silent one left out), with their release and directory index;
 * the migrations applied, the job queue and the outbox of the last day; and each integration's test button makes a real
 * call and says what happened. Times are fixed: the heartbeat and the page are given their clocks.
 */
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalSmtp, type LocalSmtp } from "../../tests/fakes/local-smtp.ts";
import { runIntegrationCheck } from "~/features/system-status/integration-checks.server.ts";
import { recordBackupRun } from "~/lib/backups/backup-runs.server.ts";
import { startProcessHeartbeat, writeHeartbeat } from "~/features/system-status/process-heartbeat.server.ts";
import { SystemStatusPage } from "~/features/system-status/system-status-page.tsx";
import type { Database } from "~/lib/db.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import type { Route } from "./+types/admin.system";
import { action, loader, statusClock } from "./admin.system.tsx";

/** The newest migration this build knows: the one a migrated database has applied last. */
const LATEST_MIGRATION = (
  JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: Array<{ tag: string }> }
).entries.at(-1)!.tag;

let database: Database;
let smtp: LocalSmtp;
const NOW = new Date("2026-11-29T10:00:00.000Z");
const at = (secondsBefore: number) => new Date(NOW.getTime() - secondsBefore * 1000);
const release = { version: "0.34.0", commit: "0123456789abcdef0123456789abcdef01234567" };
const serverProcess = (host: string, pid: number) => ({ processKey: `${host}:${pid}:test`, host, pid, startedAt: at(3600) });

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startLocalSmtp();
  statusClock.now = () => NOW;
  // Two servers that wrote seconds ago, one that stopped writing two minutes ago, one silent for two days (pruned).
  await writeHeartbeat(database, serverProcess("web-old", 9), release, at(2 * 86_400));
  await writeHeartbeat(database, serverProcess("web-silent", 7), release, at(120));
  await writeHeartbeat(database, serverProcess("web-1", 101), release, at(5));
  await writeHeartbeat(database, serverProcess("web-2", 202), { version: "0.33.0", commit: null }, at(12));
  await database.rows(sql`
    INSERT INTO jobs (job_type, status, created_at) VALUES
      ('provider_import', 'queued', ${at(900).toISOString()}::timestamptz),
      ('provider_import', 'queued', ${at(60).toISOString()}::timestamptz),
      ('provider_import', 'running', ${at(30).toISOString()}::timestamptz),
      ('digest', 'failed', ${at(3000).toISOString()}::timestamptz),
      ('digest', 'completed', ${at(3000).toISOString()}::timestamptz)`);
  await database.rows(sql`
    INSERT INTO outbox_emails (kind, "to", subject, text, status, error, created_at) VALUES
      ('intro_request', ARRAY['a@example.com'], 's', 't', 'sent', NULL, ${at(100).toISOString()}::timestamptz),
      ('digest', ARRAY['b@example.com'], 's', 't', 'failed', '550 Mailbox unavailable', ${at(50).toISOString()}::timestamptz)`);
});

afterAll(async () => {
  statusClock.now = () => new Date();
  await smtp?.stop();
  await database?.close();
});

const asAdmin = { user: testUser("premium", "admin") };
const load = () => loader(loaderArgs<Route.LoaderArgs>(database, "/admin/system", {}, asAdmin));
const post = (form: Record<string, string>, user = asAdmin.user) =>
  action(loaderArgs<Route.ActionArgs>(database, "/admin/system", {}, { user, init: { method: "POST", body: new URLSearchParams(form) } }));

function render(data: Awaited<ReturnType<typeof load>>, result?: Parameters<typeof SystemStatusPage>[0]["result"]): string {
  const Stub = createRoutesStub([
    { path: "/admin/system", Component: () => createElement(SystemStatusPage, { status: data.status, result }) },
  ]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/admin/system"] }));
}

describe("/admin/system", () => {
  it("lists the server processes seen in the last minute from the database, each with its release and index", async () => {
    const { status } = await load();
    expect(status.processes.map((p) => [p.host, p.pid, p.version, p.commit, p.lastSeenAt])).toEqual([
      ["web-1", 101, "0.34.0", release.commit, at(5).toISOString()],
      ["web-2", 202, "0.33.0", null, at(12).toISOString()],
    ]);
    const page = render({ status });
    expect(page).toContain("Server processes seen in the last minute (2)");
    expect(page).toContain("web-1 · pid 101");
    expect(page).toContain("web-2 · pid 202");
    expect(page).toContain("5 seconds ago");
    expect(page).not.toContain("web-silent");
    // Rows silent for a day are gone, not only hidden.
    const keys = await database.rows<{ process_key: string }>(sql`SELECT process_key FROM server_processes ORDER BY process_key`);
    expect(keys.map((k) => k.process_key)).toEqual(["web-1:101:test", "web-2:202:test", "web-silent:7:test"]);
  });

  it("shows the migrations applied, the queue per kind with its oldest job, and the outbox's last day", async () => {
    const { status } = await load();
    expect(status.migrations).toEqual({ applied: status.migrations.known, known: expect.any(Number), latest: LATEST_MIGRATION });
    expect(status.jobs).toEqual([
      { kind: "digest", queued: 0, oldestQueuedAt: null, running: 0, failedToday: 1 },
      { kind: "provider_import", queued: 2, oldestQueuedAt: at(900).toISOString(), running: 1, failedToday: 0 },
    ]);
    expect(status.outbox).toEqual({
      sentToday: 1,
      storedToday: 0,
      failedToday: 1,
      lastFailure: { at: at(50).toISOString(), kind: "digest", error: "550 Mailbox unavailable" },
    });
    expect(status.replica).toEqual({ kind: "none" });
    const page = render({ status });
    expect(page).toContain("15 minutes ago");
    expect(page).toContain("No backup recorded.");
    expect(page).toContain("No read replica configured");
  });

  it("shows the last backup run recorded, a failed one as failed", async () => {
    await recordBackupRun(database, {
      at: at(7200),
      kind: "pglite",
      file: "a.backup",
      bytes: 5_400_000,
      takenBy: "ops",
      outcome: "succeeded",
    });
    await recordBackupRun(database, {
      at: at(600),
      kind: "pglite",
      file: null,
      bytes: null,
      takenBy: "ops",
      outcome: "failed",
      error: "disk full",
    });
    const { status } = await load();
    expect(status.lastBackup).toEqual({ at: at(600).toISOString(), kind: "pglite", bytes: null, outcome: "failed" });
    expect(render({ status })).toContain("Last backup: 29 Nov 2026, 09:50 UTC, pglite, failed.");
    await database.db.execute(sql`DELETE FROM backup_runs`);
  });

  it("a process's heartbeat carries the directory index it built, and a clean stop removes its row", async () => {
    const { getDirectoryIndex } = await import("~/features/directory/search-index/directory-index.server.ts");
    await getDirectoryIndex(database);
    const heartbeat = startProcessHeartbeat(database, { release, now: () => at(1), processKey: "web-3:303:test", host: "web-3", pid: 303 });
    await heartbeat.written();
    const { status } = await load();
    const web3 = status.processes.find((p) => p.host === "web-3")!;
    expect(web3.indexGeneration).toBeGreaterThan(0);
    expect(web3.lastIndexBuildListings).toEqual(expect.any(Number));
    expect(web3.lastIndexBuildAt).not.toBeNull();
    await heartbeat.stop();
    expect((await load()).status.processes.map((p) => p.host)).toEqual(["web-1", "web-2"]);
  });

  it("tests SMTP for real (connect, EHLO, no message sent) and says what a refused or unknown test is", async () => {
    // The settings as the server would read them with SMTP_URL set (the route's own form post: admin-system.db.test.ts).
    const env = parseEnv({ SMTP_URL: smtp.url });
    const ok = await runIntegrationCheck("smtp", env);
    expect(ok).toEqual({ id: "smtp", ok: true, message: "Connected, greeted and logged in; no message sent." });
    expect(smtp.received).toHaveLength(0);
    expect(render(await load(), { ok: true, message: ok.message, data: ok })).toContain(
      "OK: Connected, greeted and logged in; no message sent.",
    );

    await smtp.stop();
    const down = await runIntegrationCheck("smtp", env);
    expect(down).toMatchObject({ id: "smtp", ok: false, message: expect.stringMatching(/ECONNREFUSED|connect/i) });
    expect(render(await load(), { ok: true, message: down.message, data: down })).toMatch(/role="alert"[^>]*>Failed: [^<]*ECONNREFUSED/);

    const unconfigured = await post({ integration: "ai" });
    expect(unconfigured.data).toMatchObject({ data: { ok: false, message: "AI provider is not configured." } });
    const bad = await post({ integration: "mainframe" });
    expect(bad.init?.status).toBe(400);
    expect(bad.data).toMatchObject({ ok: false, message: "Choose an integration to test." });
  });
});
