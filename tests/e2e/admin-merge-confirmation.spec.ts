import { expect, test, type Page } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

/**
 * A merge is confirmed before it happens (issue 32, decision 0091): "Merge Now" opens a dialog (a page without
 * JavaScript) that says field by field what the surviving listing keeps and what is lost, with the score and the
 * reasons; nothing changes until the operator confirms, and the merge can be undone. The demo data plants near
 * duplicates ("X" and "X Ltd", no website) that a dry run offers for review.
 */

async function reviewPairs(page: Page) {
  await page.goto("/admin/duplicate-management");
  await page.getByRole("tab", { name: "Cleanup" }).click();
  await page.getByLabel("Batches to run").selectOption("all");
  await page.getByRole("button", { name: "Run Analysis" }).click();
  await expect(page.getByTestId("cleanup-results")).toBeVisible({ timeout: 30_000 });
  return page.getByTestId("manual-review-item").filter({ hasText: " Ltd" });
}

const namesOf = async (pair: ReturnType<Page["getByTestId"]>) =>
  (await pair.locator("p.font-medium").innerText()).split(/\s+and\s+/) as [string, string];

for (const width of [1280, 390] as const) {
  test(`at ${width} px Merge Now shows what is kept and lost, merges nothing on Cancel, and merges on confirmation`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, "Ada Admin", { returnTo: "/admin/duplicate-management" });
    const pair = (await reviewPairs(page)).nth(width === 1280 ? 0 : 1);
    const [older, newer] = await namesOf(pair);

    await pair.getByRole("link", { name: "Merge Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm the merge" });
    await expect(dialog.getByRole("heading", { name: `Merge ${newer} into ${older}` })).toBeVisible();
    await expect(dialog).toContainText(/Similarity \d\.\d\d · name/);
    await expect(dialog).toContainText(`${older} (created`);
    // The newer listing's name is the one lost; the survivor keeps its own.
    const name = dialog.getByRole("row", { name: /^Name/ });
    await expect(name.getByRole("cell").nth(0)).toContainText(`${older}kept`);
    await expect(name.getByRole("cell").nth(1)).toHaveText(newer);
    await page.screenshot({ path: testInfo.outputPath(`merge-dialog-${width}.png`) });

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    // Nothing merged (an earlier journey may have merged and undone this pair: that one says Undone).
    await expect(
      page
        .getByTestId("recent-merge")
        .filter({ hasText: `${newer} merged into ${older}` })
        .filter({ hasNotText: "Undone" }),
    ).toHaveCount(0);

    const again = (await reviewPairs(page)).filter({ hasText: `${older} and ${newer}` });
    await again.getByRole("link", { name: "Merge Now" }).click();
    await dialog.getByRole("button", { name: `Merge into ${older}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Merged ${newer} into ${older}, which keeps its address.`)).toBeVisible();
    // Newest first: this merge is the first of its pair.
    const merge = page
      .getByTestId("recent-merge")
      .filter({ hasText: `${newer} merged into ${older}` })
      .first();
    await expect(merge).toBeVisible({ timeout: 15_000 });
    await merge.getByRole("button", { name: "Undo merge" }).click();
    await expect(merge).toContainText("Undone");
  });
}

test("without JavaScript, Merge leads to a confirmation page; one or several pairs merge from it and are undone in one go", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await signInAs(page, "Ada Admin", { returnTo: "/admin/duplicate-management" });
  const pairs = await reviewPairs(page);
  const links = await Promise.all([0, 1, 2].map((i) => pairs.nth(i).getByRole("link", { name: "Merge Now" }).getAttribute("href")));
  const [older, newer] = await namesOf(pairs.nth(0));

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
  const plain = await context.newPage();
  await signInAs(plain, "Ada Admin", { returnTo: "/admin/duplicate-management" });
  for (const width of [1280, 390] as const) {
    await plain.setViewportSize({ width, height: 1200 });
    await plain.goto(links[0]!);
    await expect(plain.getByRole("heading", { level: 1, name: "Confirm the merge" })).toBeVisible();
    await plain.screenshot({ path: testInfo.outputPath(`merge-confirmation-page-${width}.png`), fullPage: true });
  }
  await plain.getByRole("button", { name: `Merge into ${older}` }).click();
  await expect(plain).toHaveURL(/\/admin\/duplicate-management$/);
  await expect(plain.getByTestId("queue-outcome")).toContainText(`Merged ${newer} into ${older}, which keeps its address.`);
  await plain.getByRole("button", { name: "Undo this merge" }).click();
  await expect(plain.getByTestId("queue-outcome")).toContainText("Merge undone: both listings are back as they were.");

  // The bulk confirmation: one summary per pair (what each loses), one button for all.
  const both = `/admin/duplicate-management/merge?${[links[1], links[2]].map((l) => new URL(l!, "http://x").searchParams.toString()).join("&")}`;
  await plain.goto(both);
  await expect(plain.getByRole("heading", { level: 1, name: "Confirm 2 merges" })).toBeVisible();
  await expect(plain.locator("summary")).toHaveCount(2);
  await expect(plain.locator("summary").first()).toContainText("loses: Name");
  await plain.screenshot({ path: testInfo.outputPath("merge-confirmation-bulk-390.png"), fullPage: true });
  await plain.getByRole("button", { name: "Merge 2 pairs" }).click();
  await expect(plain.getByTestId("queue-outcome")).toContainText("Merged 2 pairs.");
  await plain.getByRole("button", { name: "Undo these 2 merges" }).click();
  await expect(plain.getByTestId("queue-outcome")).toContainText("Undid 2 merges: the listings are back as they were.");
  await context.close();
});
