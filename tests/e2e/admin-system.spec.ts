import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { expect, test } from "./support/test.ts";
import { expectAccessible, expectFits } from "./support/page-checks.ts";
import { freePort, preparedDatabase, startOwnServer, type OwnServer } from "./support/own-server.ts";
import { signInAs } from "./support/sign-in.ts";

/** The newest migration this build knows: the one the server has applied last. */
const LATEST_MIGRATION = (
  JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: Array<{ tag: string }> }
).entries.at(-1)!.tag;

/**
 * /admin/system (issue 34, decision 0107) on a server of its own whose database already holds a second server's
 * heartbeat: the page lists both processes, read from the database, with the release each runs; it fits at 1280 and
 * 390 px and keeps WCAG 2.2 AA; an integration's test button posts a plain form.
 */
let server: OwnServer | undefined;
let root: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The second server's heartbeat, dated an hour ahead: it stays "seen in the last minute" however long this server
  // takes to start on a busy machine (nothing refreshes a prepared row; a clock that far ahead shows its time, not "ago").
  const prepared = preparedDatabase(
    "introbase-system-",
    `await database.db.execute(\`INSERT INTO server_processes (process_key, host, pid, version, commit, started_at, last_seen_at,
       index_generation, last_index_build_at, last_index_build_ms, last_index_build_listings)
       VALUES ('web-2.internal:4242:e2e', 'web-2.internal', 4242, '0.34.0', '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
       now() - interval '2 hours', now() + interval '1 hour', 3, now() - interval '2 hours', 850, 600)\`);`,
  );
  root = prepared.root;
  // The integrations point at the suite's local fakes (playwright.config.ts: E2E_PORT + 1, 3, 5 and 6).
  const port = Number(process.env.E2E_PORT || 3210);
  const local = (offset: number) => `http://127.0.0.1:${port + offset}`;
  server = await startOwnServer({
    port: await freePort(),
    pgliteDir: prepared.dir,
    env: {
      GIT_COMMIT: "4b825dc642cb6eb9a060e54bf8d69288fbee4904",
      SMTP_URL: `smtp://127.0.0.1:${port + 1}`,
      PROVIDER_API_URL: local(3),
      PROVIDER_API_KEY: "lot_demo_key_0123456789",
      AI_API_URL: `${local(5)}/v1`,
      AI_API_KEY: "sk-local-fake-introbase-0123456789",
      AI_MODEL: "introbase-fake-1",
      STRIPE_SECRET_KEY: "sk_test_local_fake_introbase_0123456789",
      STRIPE_API_URL: local(6),
      OUTBOUND_ALLOWED_PRIVATE_ORIGINS: [local(3), local(5), local(6)].join(","),
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

test("an admin sees two servers from the database, at 1280 and 390 px, and tests an integration without JavaScript", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ baseURL: server!.base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, "Ada Admin", { returnTo: "/admin/system" });
  await expect(page.getByRole("heading", { level: 1, name: "System status" })).toBeVisible();
  const processes = page.getByRole("region", { name: /Server processes seen in the last minute \(2\)/ });
  await expect(processes.getByRole("listitem")).toHaveCount(2);
  await expect(processes).toContainText("web-2.internal · pid 4242");
  await expect(processes).toContainText("generation 3");
  await expect(page.getByRole("region", { name: "Release" })).toContainText("4b825dc642cb6eb9a060e54bf8d69288fbee4904");
  await expect(page.getByRole("region", { name: "Release" })).toContainText(new RegExp(`\\d+ of \\d+ applied; latest ${LATEST_MIGRATION}`));
  await expect(page.getByText("No backup recorded.")).toBeVisible();
  await expectAccessible(page);
  await expectFits(page);
  await page.screenshot({ path: testInfo.outputPath("system-1280.png"), fullPage: true });
  // The page as the server sent it, for the Nu HTML checker (this server's origin is not among those the suite keeps).
  writeFileSync(testInfo.outputPath("system.html"), await (await page.request.get("/admin/system")).text());

  await page.setViewportSize({ width: 390, height: 844 });
  await expectFits(page);
  await page.screenshot({ path: testInfo.outputPath("system-390.png"), fullPage: true });
  await context.close();

  // Without JavaScript each test button is a plain form post: a real call to the local fake, the outcome in words.
  const plain = await browser.newContext({ baseURL: server!.base, javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const noScript = await plain.newPage();
  await signInAs(noScript, "Ada Admin", { returnTo: "/admin/system" });
  // (The second server's row is not written again: by now it may be over a minute old, so it is not counted here.)
  await expect(noScript.getByRole("heading", { level: 1, name: "System status" })).toBeVisible();
  const outcomes: Record<string, RegExp> = {
    "E-mail (SMTP)": /OK: Connected, greeted and logged in; no message sent\./,
    "Payments (Stripe)": /OK: Read the monthly subscriber price\./,
    "AI provider": /OK: Answered/,
    "Lead-data provider": /OK: Read one page/,
  };
  for (const [name, outcome] of Object.entries(outcomes)) {
    await noScript.getByRole("button", { name: `Test ${name}` }).click();
    await expect(noScript.getByRole("status").filter({ hasText: outcome })).toBeVisible();
  }
  await expect(noScript.getByRole("button", { name: "Test Spreadsheet base" })).toHaveCount(0);
  await noScript.screenshot({ path: testInfo.outputPath("system-tested-1280.png"), fullPage: true });
  await plain.close();
});
