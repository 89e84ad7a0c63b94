/**
 * Daily use of the directory (issue 15 §1, §2, §5, §8): the company typed comes first, typos and word forms still
 * find it, results can be sorted (also without JavaScript), old and odd links still show listings with a plain
 * notice, and a filter section stays open while it is used. At desktop and phone widths.
 */
import { expect, test, type Page } from "./support/test.ts";

const CARDS = 'section[aria-labelledby="results-heading"] ul > li h3';

async function openDirectory(page: Page, path = "/listings") {
  await page.goto(path);
  await page.locator("form#directory-form[data-hydrated='true']").waitFor();
}

/** A listing open to visitors whose name shares its first word with another listing: the hard case for ranking. */
async function listingSharingFirstWord(page: Page): Promise<{ name: string; first: string }> {
  const all = (await (await page.request.get("/api/listings?pageSize=100&page=1")).json()) as { data: Array<{ name: string }> };
  const byFirst = new Map<string, string[]>();
  for (const { name } of all.data) {
    const first = name.split(" ")[0]!;
    byFirst.set(first, [...(byFirst.get(first) ?? []), name]);
  }
  for (const [first, names] of byFirst) {
    const target = names.find((n) => n.split(" ").length === 2 && n !== names[0]);
    if (names.length > 1 && target && first.length >= 4) return { name: target, first };
  }
  throw new Error("no two listings share a first word");
}

for (const width of [1280, 390]) {
  test.describe(`directory search and sorting at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the exact name comes first, even when other names share its first word", async ({ page }) => {
      const { name } = await listingSharingFirstWord(page);
      await openDirectory(page, `/listings?searchQuery=${encodeURIComponent(name.toLowerCase())}`);
      await expect(page.locator(CARDS).first()).toHaveText(name);
    });

    test("a typo with swapped letters still finds the name", async ({ page }) => {
      const { name, first } = await listingSharingFirstWord(page);
      const typo = `${first.slice(0, 1)}${first.slice(2, 3)}${first.slice(1, 2)}${first.slice(3)}`.toLowerCase();
      await openDirectory(page, `/listings?searchQuery=${encodeURIComponent(`${typo} ${name.split(" ")[1]}`)}`);
      await expect(page.locator(CARDS).first()).toHaveText(name);
    });

    test("the sort control orders the results and keeps the total", async ({ page }) => {
      await openDirectory(page, "/listings?type=startup");
      const total = await page.locator("#results-heading").innerText();
      await page.getByLabel("Sort by").selectOption({ label: "Most raised" });
      await expect(page).toHaveURL(/sort=most-raised/);
      await expect(page.locator("#results-heading")).toHaveText(total);
      const api = (await (await page.request.get("/api/listings?type=startup&sort=most-raised")).json()) as {
        sort: string;
        data: Array<{ name: string }>;
      };
      expect(api.sort).toBe("most-raised");
      await expect(page.locator(CARDS).first()).toHaveText(api.data[0]!.name);
      await page.getByLabel("Sort by").selectOption({ label: "Newest" });
      await expect(page).toHaveURL(/sort=newest/);
    });

    test("a search that finds nothing links to one that finds something (decision 0082)", async ({ page }) => {
      const { first } = await listingSharingFirstWord(page);
      const word = first.toLowerCase();
      // Two pairs of letters swapped: beyond the one typo a search allows a word of 4 to 7 letters.
      const garbled = `${word[1]}${word[0]}${word.slice(2, -2)}${word.at(-1)}${word.at(-2)}`;
      const api = (await (await page.request.get(`/api/listings?searchQuery=${garbled}`)).json()) as {
        pagination: { totalRecords: number };
        suggestion?: { searchQuery: string; totalRecords: number };
      };
      expect(api.pagination.totalRecords).toBe(0);
      expect(api.suggestion).toBeDefined();
      await openDirectory(page, `/listings?searchQuery=${garbled}`);
      const link = page.getByRole("link", { name: api.suggestion!.searchQuery, exact: true });
      await expect(page.getByText("Did you mean")).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`searchQuery=${encodeURIComponent(api.suggestion!.searchQuery)}`));
      await expect(page.locator(CARDS)).not.toHaveCount(0);
    });

    test("odd and old links show listings with a plain notice", async ({ page }) => {
      const response = await page.goto("/listings?type=bogus&industries=Alchemy&page=999");
      expect(response?.status()).toBe(200);
      const notice = page.getByRole("status");
      await expect(notice).toContainText('Showing every type: "bogus" is not a type of listing.');
      await expect(notice).toContainText('No industry called "Alchemy": it was left out of the filters.');
      await expect(notice).toContainText("There is no page 999: showing the last page, 24.");
      await expect(page.getByText("No results found")).toHaveCount(0);
      await expect(page.locator(CARDS)).not.toHaveCount(0);
    });

    test("a filter section stays open while it is used", async ({ page }) => {
      await openDirectory(page);
      // On a phone the panel closes after each change (decision 0085); the section is open again when it is reopened.
      const reopen = () => (width < 1024 ? page.getByRole("button", { name: "Show filters" }).click() : Promise.resolve());
      await reopen();
      await page.locator("summary", { hasText: "Geographies" }).click();
      // click, not check: on a phone the box is gone (the panel closed) before check() could read it back.
      await page.locator('input[name="geographies"]').first().click();
      await expect(page).toHaveURL(/geographies=/);
      await reopen();
      await page.locator('input[name="geographies"]').first().click();
      await expect(page).not.toHaveURL(/geographies=/);
      await expect(page.locator("details", { hasText: "Geographies" })).toHaveAttribute("open", "");
      await page.screenshot({ path: `test-results/directory-search-${width}.png` });
    });
  });
}

test.describe("sorting without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Search button sends the chosen order", async ({ page }) => {
    await page.goto("/listings?type=startup");
    await page.getByLabel("Sort by").selectOption({ label: "Recently funded" });
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/sort=recently-funded/);
    await expect(page.getByLabel("Sort by")).toHaveValue("recently-funded");
  });
});
