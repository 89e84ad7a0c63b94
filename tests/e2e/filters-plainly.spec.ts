/**
 * Filters that speak plainly on every screen (issue 31, decision 0085): on a phone the panel closes after a change
 * and says how many listings match, with the results right under it; a filter on a value the viewer's plan is not
 * shown says whose plan shows it and offers the upgrade instead of a column of zeros, while a premium member counts.
 */
import { expect, test, type Page } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

const CARDS = 'section[aria-labelledby="results-heading"] ul > li';

async function openDirectory(page: Page, path = "/listings") {
  await page.goto(path);
  await page.locator("form#directory-form[data-hydrated='true']").waitFor();
}

/** The total in the results heading, "Startups (24)" → 24. */
async function headingTotal(page: Page): Promise<number> {
  return Number(/\((\d+)\)/.exec(await page.locator("#results-heading").innerText())![1]);
}

test.describe("the filter panel on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("closes after a change, says how many match, and the results follow without scrolling past the boxes", async ({ page }) => {
    await openDirectory(page);
    const toggle = page.getByRole("button", { name: "Show filters" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#filter-controls")).toBeHidden();
    await toggle.click();
    await expect(page.getByRole("button", { name: "Hide filters" })).toHaveAttribute("aria-expanded", "true");
    // Deep in the open panel, the way to the results stays on the screen.
    await page.locator("summary", { hasText: "Funding Stage" }).scrollIntoViewIfNeeded();
    await expect(page.getByRole("button", { name: /^Show \d+ results$/ })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath("filters-open-390.png") });

    // click, not check: the box is gone (the panel closed) before check() could read it back.
    await page.getByRole("radio", { name: /Startups/ }).click();
    await expect(page).toHaveURL(/type=startup/);
    await expect(page.locator("#results-heading")).toContainText("Startups");
    await expect(page.locator("#filter-controls")).toBeHidden();
    const closed = page.getByRole("button", { name: "Show filters" });
    await expect(closed).toHaveAttribute("aria-expanded", "false");
    await expect(closed).toBeFocused();
    const total = await headingTotal(page);
    expect(total).toBeGreaterThan(0);
    await expect(page.getByText(`${total} results`, { exact: true })).toBeVisible();
    // The first result is on the screen as it stands, not below the filter boxes.
    const first = await page.locator(CARDS).first().boundingBox();
    expect(first!.y).toBeLessThan(844);
    expect(first!.y).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath("filters-closed-390.png") });
  });

  test('"Show N results" closes the panel and takes focus to the results', async ({ page }) => {
    await openDirectory(page, "/listings?type=investor");
    const total = await headingTotal(page);
    await page.getByRole("button", { name: "Show filters" }).click();
    await page.getByRole("button", { name: `Show ${total} results` }).click();
    await expect(page.locator("#filter-controls")).toBeHidden();
    await expect(page.locator("#results-heading")).toBeFocused();
    await expect(page.locator(CARDS).first()).toBeInViewport();
  });
});

test.describe("a filter on a value the plan is not shown, at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a visitor is told whose plan shows revenue and offered the way in, with no column of zeros", async ({ page }) => {
    await openDirectory(page);
    await page.locator("summary", { hasText: "Revenue /year" }).click();
    const group = page.locator("details", { hasText: "Revenue /year" });
    await expect(group.getByText("Revenue is shown to Subscriber members.")).toBeVisible();
    await expect(group.locator('input[name="revenueRanges"]')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath("revenue-visitor-1280.png") });
    await group.getByRole("link", { name: "Upgrade to filter by revenue" }).click();
    // A visitor's way in is signing in, as at every gate of the site.
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("a revenue range in the address is kept, said plainly, and can be taken back", async ({ page }) => {
    await openDirectory(page, "/listings?revenueRanges=1m_to_5m");
    await expect(page.getByRole("status").first()).toContainText(
      "Revenue is shown to Subscriber members: filtering by revenue range finds only the listings that show you theirs.",
    );
    const chosen = page.locator('input[name="revenueRanges"][value="1m_to_5m"]');
    await expect(chosen).toBeChecked();
    // A click, not uncheck(): taking it back leaves a visitor no revenue option to show, so the box is gone from the
    // next page before uncheck() could see it unchecked.
    await chosen.click();
    await expect(page).not.toHaveURL(/revenueRanges/);
    await expect(chosen).toHaveCount(0);
    await expect.poll(() => headingTotal(page)).toBeGreaterThan(0);
  });

  test("a premium member sees the revenue ranges with their real counts", async ({ page }) => {
    await signInAs(page, "Priya Premium");
    await openDirectory(page);
    await page.locator("summary", { hasText: "Revenue /year" }).click();
    const group = page.locator("details", { hasText: "Revenue /year" });
    await expect(group.getByText(/is shown to/)).toHaveCount(0);
    const counts = await group.locator("label.facet-option span:last-child").allInnerTexts();
    expect(counts.length).toBeGreaterThan(1);
    expect(counts.map(Number).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    await page.screenshot({ path: test.info().outputPath("revenue-premium-1280.png") });
  });
});
