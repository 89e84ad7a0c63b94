import { rmSync } from "node:fs";
import { expect, test, type Page } from "./support/test.ts";
import { freePort, preparedDatabase, startOwnServer, type OwnServer } from "./support/own-server.ts";
import { signInAs } from "./support/sign-in.ts";
import { expectAccessible } from "./support/page-checks.ts";

/**
 * The industries taxonomy from the browser (issue 6 §1-3): an operator runs the migration on the demo data (its
 * flat list of 32 industries), sees the three steps complete and the success banner, finds the new names in the
 * reference data, and restores the backup, so other journeys on this database see the demo list again. Field
 * validation reports our schema ready, and, on a second server whose database lacks a column, reports it missing
 * with the SQL that adds it.
 */

async function industryNames(page: Page): Promise<string[]> {
  const response = await page.request.get("/api/reference");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { industries: Array<{ name: string }> }).industries.map((i) => i.name);
}

test("an operator migrates the demo industries, sees the success banner, and restores the backup", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, "Ada Admin", { returnTo: "/debug/industries-migration" });
  await expect(page.getByRole("heading", { name: "Industries migration" })).toBeVisible();
  await expect(page.getByTestId("current-industries")).toContainText("32 industries now, 0 of them with a taxonomy key");
  for (const id of ["backup", "populate", "validate"])
    await expect(page.getByTestId(`step-${id}`)).toHaveAttribute("data-status", "pending");
  expect(await industryNames(page)).toContain("FinTech");

  // The start request is held until the button has been seen disabled, so the run cannot end before it is looked at.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/debug/industries-migration", async (route) => {
    if (route.request().method() === "POST") await released;
    await route.continue();
  });
  await page.getByRole("button", { name: "Execute Migration" }).click();
  await expect(page.getByRole("button", { name: "Execute Migration" })).toBeDisabled();
  release();
  const banner = page.getByTestId("migration-banner");
  await expect(banner).toHaveText("Migration completed successfully!", { timeout: 60_000 });
  for (const [id, title] of [
    ["backup", "Backup Existing Records"],
    ["populate", "Populate LeadsOnTrees Categories"],
    ["validate", "Validate Migration"],
  ] as const) {
    const step = page.getByTestId(`step-${id}`);
    await expect(step).toContainText(title);
    await expect(step).toHaveAttribute("data-status", "completed");
    await expect(step).toContainText("Completed");
  }
  const results = page.getByTestId("migration-results");
  await expect(results.getByText("Categories found")).toBeVisible();
  await expect(results).toContainText("32 / 32");
  await expect(page.getByTestId("migration-log")).toContainText("FinTech → FinTech: Financial Services (fuzzy)");
  await expect(page.getByTestId("migration-log")).toContainText(/\[\d{2}:\d{2}:\d{2} UTC\] Migration completed successfully!/);
  await expect(page.getByRole("button", { name: "Execute Migration" })).toBeEnabled();
  // The page read its stats again, and the directory's reference data has the new names.
  await expect(page.getByTestId("current-industries")).toContainText(/\d{3} industries now, \d{3} of them with a taxonomy key/);
  const migrated = await industryNames(page);
  expect(migrated).toContain("FinTech: Financial Services");
  expect(migrated).toContain("Software: Technology");
  expect(migrated).not.toContain("FinTech");
  await expectAccessible(page);

  const backup = page.getByTestId("backup").first();
  await expect(backup).toContainText("32 industries");
  await backup.getByRole("button", { name: /Restore/ }).click();
  const dialog = page.getByRole("dialog", { name: "Restore this backup?" });
  await dialog.getByRole("button", { name: "Restore backup" }).click();
  await expect(page.getByText(/^Backup restored: 32 industries/)).toBeVisible();
  await expect(page.getByTestId("current-industries")).toContainText("32 industries now, 0 of them with a taxonomy key");
  await expect(backup).toContainText("restored");
  expect(await industryNames(page)).toContain("FinTech");
});

test("field validation reports the demo database ready for the migration", async ({ page }) => {
  await signInAs(page, "Ada Admin", { returnTo: "/debug/industries-fields" });
  await page.getByRole("button", { name: "Validate Fields" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Ready for Migration!" })).toBeVisible();
  const fields = page.getByTestId("field");
  await expect(fields).toHaveCount(8);
  await expect(fields.filter({ hasText: "LeadsOnTrees Source" })).toContainText("checkbox · Required");
  await expect(fields.filter({ hasText: "Pre-Migration Name" })).toContainText("text · Optional");
  await expect(page.locator('[data-testid="field"][data-exists="false"]')).toHaveCount(0);
  await expectAccessible(page);

  // Spec 02 §8: the failure alert, with the answer's error or the fallback text.
  await page.route("**/api/debug/validate-industries-fields", (route) =>
    route.fulfill({ status: 503, json: { success: false, error: "The database is unavailable." } }),
  );
  await page.getByRole("button", { name: "Validate Fields" }).click();
  await expect(page.getByRole("alert")).toHaveText("Field validation failed: The database is unavailable.");
  await page.unroute("**/api/debug/validate-industries-fields");
  await page.route("**/api/debug/validate-industries-fields", (route) => route.fulfill({ status: 502, body: "Bad gateway" }));
  await page.getByRole("button", { name: "Validate Fields" }).click();
  await expect(page.getByRole("alert")).toHaveText("Field validation failed: Failed to fetch field information");
});

test.describe("on a database missing a column", () => {
  let server: OwnServer | undefined;
  let root: string;
  let base: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // A demo database, then the migration's Mapping Confidence column dropped, as an older or hand-edited one might be.
    const prepared = preparedDatabase(
      "introbase-industries-",
      `await seedListings(database, 20);
       await database.db.execute("ALTER TABLE industries DROP COLUMN mapping_confidence");`,
      { seedListings: "demo/seed-database.ts" },
    );
    root = prepared.root;
    server = await startOwnServer({ port: await freePort(), pgliteDir: prepared.dir });
    base = server.base;
  });

  test.afterAll(async () => {
    await server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test("field validation reports the missing field and how to add it", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await signInAs(page, "Ada Admin", { returnTo: "/debug/industries-fields" });
    await page.getByRole("button", { name: "Validate Fields" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Missing 1 Required Fields" })).toBeVisible();
    const missing = page.locator('[data-testid="field"][data-exists="false"]');
    await expect(missing).toHaveCount(1);
    await expect(missing).toContainText("Mapping Confidence");
    await expect(missing).toContainText("single select · Required");
    await expect(missing).toContainText("Missing");
    await expect(page.getByRole("heading", { name: "Manual steps to add the missing fields" })).toBeVisible();
    await expect(page.getByLabel("SQL to run")).toHaveText("ALTER TABLE industries ADD COLUMN IF NOT EXISTS mapping_confidence text;");
    await context.close();
  });
});
