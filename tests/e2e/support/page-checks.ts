import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./test.ts";

/** No serious or critical WCAG 2.2 AA violation on the page (or inside `include`, a selector), as axe reports them. */
export async function expectAccessible(page: Page, include?: string) {
  const axe = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  const results = await (include ? axe.include(include) : axe).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The page is no wider than the window: nothing scrolls sideways. */
export async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}
