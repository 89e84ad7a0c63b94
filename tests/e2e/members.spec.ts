import { expect, test, type Page } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

/** Public listings' profile paths, from the API (anonymous, so nothing is counted). */
async function publicProfiles(page: Page, count: number): Promise<string[]> {
  const response = await page.request.get("/api/listings?type=startups&pageSize=100", { headers: { cookie: "" } });
  const { data } = (await response.json()) as { data: Array<{ locked: boolean; type: string; slug: string; listingVisibility: string }> };
  return data
    .filter((item) => !item.locked && item.listingVisibility === "public")
    .slice(0, count)
    .map((item) => `/profile/${item.type}/${item.slug}`);
}

test("a free member reads every public profile in full, as a visitor does, past the ten views the old free plan counted (decision 0080)", async ({
  page,
}) => {
  await signInAs(page, "Pat Public");
  const paths = await publicProfiles(page, 11);
  expect(paths).toHaveLength(11);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Quota Exceeded")).toHaveCount(0);
  }
  // Nothing was counted: settings has no views quota for the free plan.
  await page.goto("/settings");
  await expect(page.getByText("Pat Public").first()).toBeVisible();
  await expect(page.getByText(/\d+\/10 views/)).toHaveCount(0);
});

test("a subscriber exports the directory as CSV; the export button is not offered to visitors", async ({ page, browser }) => {
  const visitor = await browser.newPage();
  await visitor.goto("/listings");
  await expect(visitor.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
  await visitor.close();

  await signInAs(page, "Sam Subscriber", { returnTo: "/listings?type=partners" });
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^introbase-listings-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await (await download.createReadStream()).toArray()).join("");
  expect(text.split("\r\n")[0]).toContain('"Name","Type","Tagline"');
  expect(text).toContain('"partner"');
});

// After the profiles test (tests in a file run in order): Pat is the one demo user whose tier may change here.
test("upgrading from a locked premium profile in demo billing unlocks it at once, and says no payment is taken", async ({ page }) => {
  await signInAs(page, "Pat Public");
  const response = await page.request.get("/api/listings?pageSize=100");
  const { data } = (await response.json()) as { data: Array<{ locked: boolean; type: string; slug: string; listingVisibility: string }> };
  const premium = data.find((item) => item.locked && item.listingVisibility === "premium");
  expect(premium, "a premium listing locked for public members").toBeTruthy();
  await page.goto(`/profile/${premium!.type}/${premium!.slug}`);
  await page.getByRole("button", { name: "Upgrade to unlock the full profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Upgrade your plan" });
  await expect(dialog.getByText("Most Popular")).toBeVisible();
  await expect(dialog.getByText("Demo: no payment is taken").first()).toBeVisible();
  await expect(dialog.getByText("14-day money-back guarantee")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Choose Premium" }).click();
  // The toast names the plan bought, and the dialog closes by itself.
  await expect(page.getByRole("status").filter({ hasText: "Your plan is now Premium" })).toContainText("Demo: no payment is taken.");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Upgrade to unlock the full profile" })).toHaveCount(0);
  expect((await (await page.request.get("/api/auth/me")).json()).user.tier).toBe("premium");
});

test("operator pages: visitors are sent to sign in, members get 403, the admin uses the access-control page", async ({ page, browser }) => {
  const visitor = await browser.newPage();
  await visitor.goto("/debug/access-control");
  await expect(visitor).toHaveURL(/\/sign-in\?returnTo=%2Fdebug%2Faccess-control/);
  await visitor.close();

  const member = await browser.newPage();
  await signInAs(member, "Priya Premium");
  const refused = await member.goto("/debug/company-access");
  expect(refused!.status()).toBe(403);
  await expect(member.getByText("You don't have access to this page.")).toBeVisible();
  await member.close();

  await signInAs(page, "Ada Admin", { returnTo: "/debug/access-control" });
  await expect(page.getByRole("heading", { name: "Access control" })).toBeVisible();
  await page.getByRole("button", { name: "Simulate AI request" }).click();
  await expect(page.getByRole("status")).toContainText("Recorded one AI request.");
  await expect(page.getByText(/used 1 · status healthy/).first()).toBeVisible();
  await page.goto("/debug/company-access");
  await expect(page.getByText("Accessible").first()).toBeVisible();
});
