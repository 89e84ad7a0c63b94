import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

/**
 * The back-office dashboard and the audit log (issue 5 §1, §6): an admin sees counts that agree with the directory,
 * the charts and the latest entries, follows them into the audit log and filters it; everyone else is kept out.
 */

/** Records an entry through the operator API, as the duplicate tools do, so the views have something of ours. */
async function recordEntry(page: Page, companyName: string) {
  const response = await page.request.post("/api/admin/audit-log", {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      operation: "manual_review",
      source: "e2e",
      companyName,
      action: "flagged_for_review",
      details: { matchReason: "same domain", similarity: 0.81 },
    },
  });
  expect(response.status()).toBe(201);
}

const numberIn = (text: string | null) => Number((text ?? "").replace(/\D/g, ""));

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("an admin sees the counts, charts and recent activity, and follows them into the filtered audit log", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await signInAs(page, "Ada Admin", { returnTo: "/admin" });
  await expect(page.getByRole("heading", { level: 1, name: "Back-office" })).toBeVisible();
  const company = `Dashboard Check ${Date.now()}`;
  await recordEntry(page, company);

  // The published startups card says what the directory says (polled: other journeys may merge meanwhile).
  const published = page.getByTestId("listings-startup").getByRole("link", { name: /^Published/ });
  await expect(published).toHaveAttribute("href", "/admin/listings?type=startup&status=published");
  await expect
    .poll(
      async () => {
        const api = await page.request.get("/api/listings?type=startups", { headers: { cookie: "" } });
        const total = ((await api.json()) as { pagination: { totalRecords: number } }).pagination.totalRecords;
        await page.reload();
        const shown = numberIn(await published.textContent());
        return shown > 0 && shown === total ? "agree" : `dashboard ${shown}, directory ${total}`;
      },
      { timeout: 20_000 },
    )
    .toBe("agree");

  const sections = page.getByRole("navigation", { name: "Back-office sections" });
  await expect(sections.getByRole("link")).toHaveCount(17);
  await expect(sections.getByRole("link", { name: "Listing changes" })).toHaveAttribute("href", "/admin/listing-changes");
  await expect(sections.getByRole("link", { name: "Listing claims" })).toHaveAttribute("href", "/admin/claims");
  await expect(sections.getByRole("link", { name: "System status" })).toHaveAttribute("href", "/admin/system");
  await expect(sections.getByRole("link", { name: "Members" })).toHaveAttribute("href", "/admin/members");
  await expect(sections.getByRole("link", { name: "Alert digests" })).toHaveAttribute("href", "/admin/digests");
  await expect(sections.getByRole("link", { name: "Lead provider debugger" })).toHaveAttribute("href", "/debug/leads-on-trees");
  await expect(sections.getByRole("link", { name: "Duplicate detection tool" })).toHaveAttribute("href", "/debug/duplicate-detection");

  // Each chart carries its numbers as a table: a header row and twelve months.
  const perMonth = page.getByRole("figure", { name: "Listings added per month" });
  await expect(perMonth.getByRole("row")).toHaveCount(13);
  await expect(page.getByRole("figure", { name: "Duplicates found and merged" }).getByRole("row")).toHaveCount(13);
  await expect(page.getByRole("figure", { name: "Introduction requests by status" })).toContainText("In review");

  const recent = page.getByRole("table", { name: "The ten most recent audit entries" });
  // Among the ten, not necessarily first: journeys running beside this one record entries too.
  await expect(recent.getByTestId("audit-entry").filter({ hasText: company })).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "View the audit log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  expect(numberIn(await page.getByTestId("audit-total").locator("p > span").first().textContent())).toBeGreaterThan(0);
  await expect(page.getByTestId("audit-entry").filter({ hasText: company })).toHaveCount(1);

  await page.getByRole("combobox", { name: "Operation" }).selectOption("manual_review");
  await page.getByRole("combobox", { name: "Action" }).selectOption("flagged_for_review");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\?kind=all&operation=manual_review&action=flagged_for_review&limit=100$/);
  const rows = page.getByTestId("audit-entry");
  await expect(rows.filter({ hasText: company })).toHaveCount(1);
  for (const row of await rows.all()) await expect(row).toContainText("Flagged for review");
  const ours = rows.filter({ hasText: company });
  await ours.locator("summary").click();
  await expect(ours.getByText("0.81", { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("the dashboard and the audit log fit the screen", async ({ page }) => {
    await signInAs(page, "Ada Admin", { returnTo: "/admin" });
    for (const path of ["/admin", "/admin/audit-log"]) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
    }
  });
});

test("a signed-out visitor opening /admin is sent to sign in, and a member is refused", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fadmin$/);
  await page.goto("/admin/audit-log?operation=merge_operation");
  await expect(page).toHaveURL(
    (url) => url.pathname === "/sign-in" && url.searchParams.get("returnTo") === "/admin/audit-log?operation=merge_operation",
  );

  await signInAs(page, "Sam Subscriber", { returnTo: "/listings" });
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
});
