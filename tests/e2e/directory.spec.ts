import { expect, test, type Page } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

/** The results heading reads e.g. "All Listings (600)": the number in parentheses. */
async function resultCount(page: Page): Promise<number> {
  const text = await page.locator("#results-heading").innerText();
  return Number(/\((\d+)\)/.exec(text)?.[1] ?? NaN);
}

const CARDS = 'section[aria-labelledby="results-heading"] ul > li h3';

async function cardNames(page: Page): Promise<string[]> {
  return page.locator(CARDS).allInnerTexts();
}

/** Opens the directory and waits until React has hydrated, so changes submit at once. */
async function openDirectory(page: Page, path = "/listings") {
  await page.goto(path);
  await page.locator("form#directory-form[data-hydrated='true']").waitFor();
}

function openSection(page: Page, title: string) {
  return page.locator("summary", { hasText: title }).click();
}

test.describe("directory", () => {
  test("browses all listings with counts, headings and the page strip", async ({ page }) => {
    await page.goto("/listings");
    await expect(page.getByRole("heading", { level: 1, name: "Partner Directory" })).toBeVisible();
    await expect(page.getByText("Discover and connect with partners, startups, and investors")).toBeVisible();
    await expect(page.locator("#results-heading")).toHaveText("All Listings (600)");
    expect(await cardNames(page)).toHaveLength(25);
    const strip = page.getByRole("navigation", { name: "Pagination" });
    // 600 / 25 = 24 pages: first, 2-5, ellipsis, last
    await expect(strip.getByRole("link", { name: /^Page \d+$/ })).toHaveText(["1", "2", "3", "4", "5", "24"]);
    await expect(strip.getByText("…")).toHaveCount(1);
  });

  test("the type parameter and aliases choose the heading", async ({ page }) => {
    await page.goto("/listings?type=Investors");
    await expect(page.locator("#results-heading")).toHaveText("Investors (150)");
    await page.goto("/directory?type=partners");
    await expect(page.locator("#results-heading")).toHaveText("Local Partners (90)");
    await page.goto("/listing-landing-3?type=startup&featured=true");
    await expect(page.locator("#results-heading")).toContainText("Startups (");
    await expect(page.getByLabel("Featured Only")).toBeChecked();
  });

  test("search narrows results as you type, tolerates a typo, and Clear resets", async ({ page }) => {
    await openDirectory(page);
    const box = page.getByPlaceholder("Search by name or description...");
    await box.fill("nimbus");
    await expect(page).toHaveURL(/searchQuery=nimbus/);
    await expect(page.locator("#results-heading")).not.toHaveText("All Listings (600)");
    const names = await cardNames(page);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase()).toContain("nimbus");
    await box.fill("nimbsu");
    await expect(page).toHaveURL(/searchQuery=nimbsu/);
    await expect(
      page
        .locator(CARDS)
        .filter({ hasText: /^Nimbus/ })
        .first(),
    ).toBeVisible();
    await page.getByRole("button", { name: "Clear" }).click();
    await expect(page.locator("#results-heading")).toHaveText("All Listings (600)");
    await expect(box).toHaveValue("");
  });

  test("an impossible search shows the empty state", async ({ page }) => {
    await page.goto("/listings?searchQuery=zzqqxxnothing");
    await expect(page.getByText("No results found")).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filter criteria")).toBeVisible();
  });

  test("entity type, featured and checkbox filters combine, and counts agree with the results", async ({ page }) => {
    await openDirectory(page);
    await page.getByRole("radio", { name: /Startups/ }).check();
    await expect(page.locator("#results-heading")).toHaveText("Startups (360)");
    await openSection(page, "Industries");
    const fintech = page.getByRole("checkbox", { name: /^FinTech/ });
    const expected = Number((await fintech.locator("xpath=..").innerText()).match(/(\d+)\s*$/)?.[1]);
    await fintech.check();
    await expect(page).toHaveURL(/industries=FinTech/);
    await expect(page.locator("#results-heading")).toHaveText(`Startups (${expected})`);
    await page.getByLabel("Featured Only").check();
    await expect(page).toHaveURL(/featured=true/);
    await expect(page.getByLabel("Featured Only")).toBeChecked();
    // The address changes a moment before the new results render: read the heading until it has.
    await expect.poll(() => resultCount(page)).toBeLessThan(expected);
    await page.getByRole("link", { name: "Clear All" }).click();
    await expect(page.locator("#results-heading")).toHaveText("All Listings (600)");
    await expect(page.getByRole("radio", { name: /^All/ })).toBeChecked();
    await expect(page.getByLabel("Featured Only")).not.toBeChecked();
  });

  for (const [section, param] of [
    ["Geographies", "geographies"],
    ["Revenue /year", "revenueRanges"],
    ["Funding Stage", "fundingStages"],
    ["Business Model", "businessModels"],
  ] as const) {
    test(`the ${section} filter narrows the results to its facet count`, async ({ page }) => {
      // Revenue is a Subscriber field: a visitor gets the note and the upgrade instead (filters-plainly.spec.ts).
      if (param === "revenueRanges") await signInAs(page, "Priya Premium");
      await openDirectory(page);
      await openSection(page, section);
      const option = page.locator(`input[name="${param}"]`).first();
      const count = Number((await option.locator("xpath=..").innerText()).match(/(\d+)\s*$/)?.[1]);
      await option.check();
      await expect(page).toHaveURL(new RegExp(`${param}=`));
      await expect(page.locator("#results-heading")).toHaveText(`All Listings (${count})`);
    });
  }

  test("country and persona type-aheads add chips once and remove them", async ({ page }) => {
    await openDirectory(page);
    await openSection(page, "Target Country");
    const countries = page.getByRole("combobox", { name: "Target Country" });
    await countries.fill("GERM");
    await page.getByRole("option", { name: /Germany/ }).click();
    await expect(page).toHaveURL(/countries=Germany/);
    await expect(countries).toHaveValue("");
    const chips = page.getByRole("list", { name: "Chosen target country" });
    await expect(chips.getByRole("listitem")).toHaveCount(1);
    // Already chosen: it is no longer offered, so it cannot be added twice.
    await countries.fill("germ");
    await expect(page.getByRole("option", { name: /Germany/ })).toHaveCount(0);
    await openSection(page, "Target Personas");
    await page.getByRole("combobox", { name: "Target Personas" }).fill("cto");
    await page.getByRole("option", { name: /^CTO/ }).click();
    await expect(page).toHaveURL(/personas=CTO/);
    await page.getByRole("button", { name: "Remove Germany" }).click();
    await expect(page).not.toHaveURL(/countries=/);
    await expect(page).toHaveURL(/personas=CTO/);
  });

  test("paging and page size keep the other parameters and reset to page 1", async ({ page }) => {
    await openDirectory(page, "/listings?type=startup");
    const first = await cardNames(page);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/type=startup/);
    await expect(page.locator(CARDS).first()).not.toHaveText(first[0]!);
    await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await page.getByLabel("Per page").selectOption("50");
    await expect(page).toHaveURL(/pageSize=50/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.locator(CARDS)).toHaveCount(50);
    await page.goBack();
    await expect(page).toHaveURL(/page=2/);
  });

  test("bad parameters fall back to the defaults with a plain notice, not an error page", async ({ page }) => {
    const response = await page.goto("/listings?pageSize=7");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("status")).toHaveText("Showing 25 listings a page: the page size can be 25, 50 or 100.");
    await expect(page.locator("#results-heading")).toHaveText("All Listings (600)");
  });

  test("locked listings are teasers whose hidden fields never reach the page", async ({ page, request }) => {
    const api = await (await request.get("/api/listings?pageSize=100")).json();
    const locked = api.data.find((item: { locked: boolean }) => item.locked);
    expect(locked).toBeTruthy();
    expect(Object.keys(locked)).not.toContain("countries");
    expect(Object.keys(locked)).not.toContain("description");
    await page.goto("/listings?pageSize=100");
    const teaser = page.locator("article", { hasText: locked.name });
    await expect(teaser.getByText("Subscribe for investor details and intros")).toBeVisible();
    await expect(teaser.getByText("Subscribe for free")).toBeVisible();
  });
});

test.describe("directory without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the GET form filters and pages", async ({ page }) => {
    await page.goto("/listings");
    await page.getByRole("radio", { name: /Investors/ }).check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/type=investor/);
    await expect(page.locator("#results-heading")).toHaveText("Investors (150)");
    await page.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator("#results-heading")).toHaveText("Investors (150)");
  });
});
