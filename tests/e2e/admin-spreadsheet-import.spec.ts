/**
 * A spreadsheet base import from the browser (issue 7 §7), against a server of its own: the shared test server keeps
 * the spreadsheet unconfigured (schema-diagnostics.spec.ts relies on that), this one points at a local fake of the
 * hosted table API serving a 30-company base. An admin starts the import, watches it complete, reads its counters,
 * runs it again to see nothing added, and opens an imported profile with its stored logo.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSpreadsheetApi, type SpreadsheetApiFake } from "../fakes/spreadsheet-api.ts";
import { DEMO_API_KEY } from "../fakes/spreadsheet-fixtures.ts";
import { IMPORT_BASE_ID, importBase } from "../fakes/spreadsheet-import-fixtures.ts";
import { startOwnServer, type OwnServer } from "./support/own-server.ts";
import { signInAs } from "./support/sign-in.ts";
import { expect, test, type Browser, type Page } from "./support/test.ts";

const E2E_PORT = Number(process.env.E2E_PORT || 3210);
const PORT = E2E_PORT + 60;
const BASE = `http://127.0.0.1:${PORT}`;

let server: OwnServer | undefined;
let fake: SpreadsheetApiFake | undefined;
let root: string;

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  // Starting a server of its own on a fresh database: the hook has its own timeout, not the describe block's.
  test.setTimeout(180_000);
  // startOwnServer trusts whatever answers /healthz: a server someone left on this port would be tested instead.
  const taken = await fetch(`${BASE}/healthz`).then(
    () => true,
    () => false,
  );
  expect(taken, `port ${PORT} is already in use: choose another E2E_PORT`).toBe(false);
  root = mkdtempSync(path.join(tmpdir(), "introbase-sheet-import-"));
  // 30 companies: rows 10 and 12 break the record-dropping rule, even rows carry a PNG logo (row 3 a PDF).
  fake = await startSpreadsheetApi({ port: E2E_PORT + 61, bases: [importBase({ companies: 30 })] });
  server = await startOwnServer({
    port: PORT,
    pgliteDir: path.join(root, "pglite"),
    env: {
      SPREADSHEET_API_URL: fake.url,
      SPREADSHEET_API_KEY: DEMO_API_KEY,
      SPREADSHEET_BASE_ID: IMPORT_BASE_ID,
      // The fake API and its attachment files are on loopback: allowed by configuration, as offline installs do.
      OUTBOUND_ALLOWED_PRIVATE_ORIGINS: fake.url,
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await fake?.stop();
  rmSync(root, { recursive: true, force: true });
});

async function adminOnImports(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  await signInAs(page, "Ada Admin", { returnTo: "/admin/imports" });
  return page;
}

test("an admin imports a base, watches it complete, reads the counters and opens an imported profile", async ({ browser }) => {
  const page = await adminOnImports(browser);
  const form = page.getByRole("region", { name: "Import a spreadsheet base" });
  const baseId = form.getByLabel("Base id");
  // The configured base fills the field; no note about a missing key.
  await expect(baseId).toHaveValue(IMPORT_BASE_ID);
  await expect(page.getByText("SPREADSHEET_API_KEY is not set")).toHaveCount(0);

  await baseId.fill("app base/1");
  await form.getByRole("button", { name: "Import base" }).click();
  await expect(form.getByText("The base id may hold only letters, digits, _ and -.")).toBeVisible();
  await expect(page.getByTestId("import-job")).toHaveCount(0);

  await baseId.fill(IMPORT_BASE_ID);
  await form.getByRole("button", { name: "Import base" }).click();
  const job = page
    .getByTestId("import-job")
    .filter({ hasText: `Spreadsheet base ${IMPORT_BASE_ID}` })
    .first();
  // 7 rounds and 2 investor links of the base fail (planted): the job says so, never a plain "completed".
  await expect(job.getByText("completed with 9 errors", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(job.getByText("Completed with 9 errors.", { exact: true })).toBeVisible();
  await expect(job).toContainText("30 processed · 28 added · 0 updated");
  const summary = job.getByTestId("spreadsheet-summary");
  await expect(summary).toContainText("Companies:30 read · 28 created · 0 updated · 0 unchanged · 2 dropped · 0 failed");
  await expect(summary).toContainText("Logos:13 stored · 0 unchanged · 0 failed");
  await expect(job.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuetext", "28 of 28 companies");

  // Again: nothing new, every company found unchanged.
  await form.getByRole("button", { name: "Import base" }).click();
  const again = page.getByTestId("import-job").first();
  await expect(again.getByText(/^completed with \d+ errors$/)).toBeVisible({ timeout: 60_000 });
  await expect(again).toContainText("30 processed · 0 added · 0 updated");
  await expect(again.getByTestId("spreadsheet-summary")).toContainText("28 unchanged");

  // Row 0, "Nimbus Labs", is an investor whose logo is now our own file.
  await page.goto("/profile/investor/nimbus-labs");
  await expect(page.getByRole("heading", { level: 1, name: "Nimbus Labs" })).toBeVisible();
  const logo = page.locator('img[src^="/media/"]').first();
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
