import { expect, test } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

/**
 * Saved searches in the browser (issue 18 §2): a visitor is asked to sign in; the premium member saves the directory
 * state with daily alerts, finds it in /settings with its "new since you last looked", renames it there and opens it.
 * The digest e-mails themselves are tested over SMTP in app/features/digests/digest.db.test.ts.
 */
test("a member saves a directory search, manages it in settings and opens it", async ({ page }) => {
  await page.goto("/listings?type=investor");
  await page.getByRole("link", { name: "Save search" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();

  await signInAs(page, "Priya Premium", { returnTo: "/listings?type=investor" });
  await page.getByText("Save search", { exact: true }).click();
  await page.getByLabel("Name").fill("Investors to watch");
  await page.getByLabel("E-mail alerts").selectOption("daily");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("link", { name: 'Saved as "Investors to watch"' })).toBeVisible();

  await page.goto("/settings");
  const section = page.locator("#saved-searches");
  await expect(section.getByRole("link", { name: "Investors to watch" })).toBeVisible();
  await expect(section.getByText("0 new since you last looked")).toBeVisible();
  await section.getByLabel("Name").fill("Investors, renamed");
  await section.getByRole("button", { name: "Rename" }).click();
  await expect(section.getByRole("link", { name: "Investors, renamed" })).toBeVisible();

  await section.getByRole("link", { name: "Investors, renamed" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Investors, renamed" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("0 new since you last looked");
  await page.getByRole("link", { name: "See all results in the directory" }).click();
  await expect(page).toHaveURL(/\/listings\?type=investor$/);
});

test("a link that does not unsubscribe answers 400, opened or one-clicked, with a page that says why", async ({ page }) => {
  const opened = await page.goto("/unsubscribe/a.nobody.zz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  expect(opened?.status()).toBe(400);
  await expect(page.getByRole("status")).toContainText("This link is not valid");
  await expect(page.getByRole("link", { name: "Manage alerts in your settings" })).toBeVisible();
  // The one-click POST as a mail provider sends it (RFC 8058): no cookie, no page, no JavaScript.
  const oneClick = await page.request.post("/unsubscribe/nonsense", { form: { "List-Unsubscribe": "One-Click" } });
  expect(oneClick.status()).toBe(400);
  expect(await oneClick.text()).toContain("This link is not valid");
});
