import { expect, test, type Page } from "./support/test.ts";

/** Decision 0084: filter by amount raised and see each card's amount and last round, on a desktop and a phone. */
const CARDS = 'section[aria-labelledby="results-heading"] ul > li article';

async function resultCount(page: Page): Promise<number> {
  const text = await page.locator("#results-heading").innerText();
  return Number(/\((\d+)\)/.exec(text)?.[1] ?? NaN);
}

/** "$12.5M total" → dollars. */
function dollars(text: string): number {
  const match = /\$([\d.]+)([KMB]?) total/.exec(text);
  if (!match) return NaN;
  return Number(match[1]) * ({ K: 1e3, M: 1e6, B: 1e9 }[match[2] as "K" | "M" | "B"] ?? 1);
}

async function expectRaisedCards(page: Page, low: number, high: number) {
  const cards = page.locator(CARDS);
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    const raised = await card.locator('dd[data-badge-group="raised"]').innerText();
    const amount = dollars(raised);
    // Shown to one decimal: $4.96M prints as "$5.0M"; the band is of the exact figure.
    expect(amount).toBeGreaterThanOrEqual(low * 0.99);
    expect(amount).toBeLessThan(high * 1.01);
    await expect(card.locator('dd[data-badge-group="round"]')).toHaveText(
      /^(Pre-Seed|Seed|Series [A-Z]|[A-Z][\w -]+) · [A-Z][a-z]{2} \d{4}$/,
    );
  }
}

test.describe("investor filters", () => {
  test("at 1280 px: ticking an amount raised band narrows the list, and cards show the amount and the last round", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/listings?type=startup");
    await page.locator("form#directory-form[data-hydrated='true']").waitFor();
    const before = await resultCount(page);
    await page.locator("summary", { hasText: "Amount Raised" }).click();
    await page.getByRole("checkbox", { name: /^\$5M - \$20M/ }).check();
    await expect(page).toHaveURL(/raised=5m-20m/);
    await expect.poll(() => resultCount(page)).toBeLessThan(before);
    await expectRaisedCards(page, 5e6, 20e6);
    await page.screenshot({ path: test.info().outputPath("investor-filters-1280.png"), fullPage: false });
  });

  test("at 390 px: the same filter from a link, cards readable on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/listings?type=startup&raised=1m-5m&sort=most-raised");
    await expect(page.locator("#results-heading")).toContainText("Startups (");
    await expectRaisedCards(page, 1e6, 5e6);
    // Most raised first.
    const amounts = await page.locator(`${CARDS} dd[data-badge-group="raised"]`).allInnerTexts();
    const values = amounts.map(dollars);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    // Nothing on a card spills past the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath("investor-filters-390.png"), fullPage: false });
  });
});
