import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

/**
 * The dashboard's introduction funnel (decision 0094): twelve months of the six steps as a table an admin can read at
 * desktop and phone widths (scrolling sideways inside its own region on a phone, not the page), with no serious
 * accessibility fault.
 */
test("an admin reads the introduction funnel by month, at 1280 and 390 px", async ({ page }, testInfo) => {
  await signInAs(page, "Ada Admin", { returnTo: "/admin" });
  const funnel = page.getByRole("region", { name: "Introduction funnel", exact: true });
  const table = funnel.getByRole("table", { name: "Introduction requests per month of request, by how far they got" });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Month",
    "Requested",
    "Approved",
    "Accepted",
    "Declined",
    "Expired",
    "Introduced",
  ]);
  // A header row, twelve months and the total.
  await expect(table.getByRole("row")).toHaveCount(14);
  await expect(table.getByRole("rowheader", { name: "Total" })).toBeVisible();

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await funnel.scrollIntoViewIfNeeded();
    // The page itself never scrolls sideways; the table may, inside its region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await funnel.screenshot({ path: testInfo.outputPath(`intro-funnel-${width}.png`) });
    const results = await new AxeBuilder({ page })
      .include('[data-testid="intro-funnel"]')
      .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  }
});
