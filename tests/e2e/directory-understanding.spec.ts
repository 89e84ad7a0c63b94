/**
 * Searches read as people mean them (issue 31, decision 0083): "Fintech startups" becomes the Startups and FinTech
 * filters, shown as chips that can be taken away one by one, with a link that searches the words as typed. At
 * desktop and phone widths, and without JavaScript (the directory is a GET form, the chips plain links).
 */
import { expect, test } from "./support/test.ts";

const CHIPS = '[aria-label="How your search was read"]';

for (const width of [1280, 390]) {
  test.describe(`reading a search at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("'Fintech startups' becomes two chips; one is taken away; the words can be searched as typed", async ({ page }) => {
      await page.goto("/listings");
      await page.locator("form#directory-form[data-hydrated='true']").waitFor();
      await page.getByLabel("Search listings").fill("Fintech startups");
      await page.getByLabel("Search listings").press("Enter");
      await expect(page).toHaveURL(/industries=FinTech/);
      await expect(page).toHaveURL(/type=startup/);
      const chips = page.locator(CHIPS);
      await expect(chips.getByRole("link", { name: /^Remove/ })).toHaveText(["FinTech", "Startups"]);
      await expect(page.locator("#results-heading")).toContainText("Startups");
      await page.screenshot({ path: test.info().outputPath(`chips-${width}.png`), fullPage: false });

      await chips.getByRole("link", { name: /^Remove Startups/ }).click();
      await expect(page).not.toHaveURL(/type=startup/);
      await expect(page).toHaveURL(/industries=FinTech/);
      await expect(chips.getByRole("link", { name: /^Remove/ })).toHaveText(["FinTech"]);

      await chips.getByRole("link", { name: "Search instead for “Fintech startups”" }).click();
      await expect(page).toHaveURL(/interpret=false/);
      await expect(page).not.toHaveURL(/industries=/);
      await expect(page.getByLabel("Search listings")).toHaveValue("Fintech startups");
      await expect(page.locator(CHIPS)).toHaveCount(0);
    });
  });
}

test.describe("a city, and words let go (decision 0088)", () => {
  test.use({ viewport: { width: 390, height: 900 } });

  test("'Berlin startups' reads the headquarters city; 'AI for construction' says which word it let go", async ({ page }) => {
    await page.goto("/listings");
    await page.locator("form#directory-form[data-hydrated='true']").waitFor();
    await page.getByLabel("Search listings").fill("Berlin startups");
    await page.getByLabel("Search listings").press("Enter");
    await expect(page).toHaveURL(/cities=Berlin/);
    const chips = page.locator(CHIPS);
    await expect(chips.getByRole("link", { name: /^Remove/ })).toHaveText(["Based in Berlin", "Startups"]);
    await expect(page.locator("#results-heading")).toContainText("Startups");

    // A new search on a clean directory (the form keeps the filters chosen, which would narrow it further).
    await page.getByRole("link", { name: "Clear All" }).click();
    await expect(page).not.toHaveURL(/cities=/);
    // The cleared page drawn, not only its address: the address changes before React draws the new form, and a search
    // sent in between would carry the old filters with it.
    await expect(chips.getByRole("link", { name: /^Remove/ })).toHaveCount(0);
    await page.getByLabel("Search listings").fill("AI for construction");
    await page.getByLabel("Search listings").press("Enter");
    await expect(page).toHaveURL(/unmatched=construction/);
    await expect(chips.getByRole("link", { name: /^Remove/ })).toHaveText(["AI"]);
    await expect(page.getByText("Nothing matched all of “AI for construction”: “construction” left out.")).toBeVisible();
    await expect(page.locator("#results-heading")).not.toContainText("(0)");
    await page.screenshot({ path: test.info().outputPath("let-go-390.png"), fullPage: false });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form's search is read into filters and a chip is a plain link", async ({ page }) => {
    await page.goto("/listings");
    await page.getByLabel("Search listings").fill("seed fintech startups");
    await page.getByLabel("Search listings").press("Enter");
    await expect(page).toHaveURL(/fundingStages=Seed/);
    const chips = page.locator(CHIPS);
    await expect(chips.getByRole("link", { name: /^Remove/ })).toHaveText(["Seed", "FinTech", "Startups"]);
    await chips.getByRole("link", { name: /^Remove Seed/ }).click();
    await expect(page).not.toHaveURL(/fundingStages=/);
    await expect(chips.getByRole("link", { name: /^Remove/ })).toHaveText(["FinTech", "Startups"]);
  });
});
