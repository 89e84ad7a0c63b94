import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

/**
 * The schema debugger (spec 02 §2 "Schema debugger screen", /debug/airtable): an admin runs the diagnostics and
 * reads that every table of our database exists, with the Companies detection rate; visitors are sent to sign in.
 */

test("an admin runs the diagnostics and sees every table exist, the detection rate and nothing to fix", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await signInAs(page, "Ada Admin", { returnTo: "/debug/airtable" });
  await expect(page.getByRole("heading", { level: 1, name: "Schema diagnostics" })).toBeVisible();
  await expect(page.getByText("Run the diagnostics to see the report.")).toBeVisible();

  await page.getByRole("button", { name: "Run Diagnostics" }).click();
  await expect(page).toHaveURL(/\/debug\/airtable\?run=1$/);
  await expect(page.getByRole("heading", { level: 2, name: "Our database" })).toBeVisible({ timeout: 20_000 });

  const tables = page.getByRole("table", { name: /Tables, whether each exists/ }).first();
  const listings = tables.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^listings/ }) });
  await expect(listings).toContainText("exists");
  await expect(listings).toContainText("information_schema");
  // The demo data: 600 listings on a fresh database.
  await expect(listings.getByRole("cell").last()).toHaveText("600");
  await expect(tables.getByRole("row").filter({ hasText: "missing" })).toHaveCount(0);
  await expect(page.getByTestId("db-tables-summary")).toHaveText(/^(\d+) of \1 tables exist\.$/);

  await expect(page.getByTestId("db-companies-rate")).toHaveText("96.0%");
  await expect(page.getByText("Nothing to fix: every table and column exists and every migration is applied.")).toBeVisible();
  await expect(page.getByTestId("sheet-not-configured")).toContainText("SPREADSHEET_API_KEY");

  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  expect(errors).toEqual([]);
});

test("the report fits a 360 px screen: wide tables scroll inside their own box", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAs(page, "Ada Admin", { returnTo: "/debug/airtable?run=1" });
  await expect(page.getByRole("heading", { level: 2, name: "Our database" })).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("a signed-out visitor is sent to sign in and comes back to the diagnostics", async ({ page }) => {
  await page.goto("/debug/airtable?run=1");
  await expect(page).toHaveURL((url) => url.pathname === "/sign-in" && url.searchParams.get("returnTo") === "/debug/airtable?run=1");
});
