import { expect, test } from "./support/test.ts";
import { allMail, linkIn, waitForMail } from "./support/mail.ts";
import { signUpWithPassword } from "./support/sign-up.ts";
import { expectAccessible } from "./support/page-checks.ts";

/**
 * Leaving (issue 30 §2, decision 0077): a member downloads their data (a JSON file with their saved search in it),
 * reads what deleting does, confirms with their password, is signed out, gets the one confirmation e-mail, and
 * signing up again with the same address makes a new, empty account. An account of its own: no demo user is deleted.
 */

const PASSWORD = "a long enough password";

test("a member downloads their data, deletes the account with their password, and the address starts again empty", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const origin = new URL(baseURL!).origin;
  const email = `lena.${Math.floor(Math.random() * 1e9).toString(36)}@example.org`;
  await signUpWithPassword(page, origin, { name: "Lena Leaving", email, password: PASSWORD });

  // A plan with saved searches, and a saved search.
  await page.goto("/settings");
  await page.getByRole("button", { name: "Upgrade plan" }).click();
  await page.getByRole("dialog", { name: "Upgrade your plan" }).getByRole("button", { name: "Choose Premium" }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("status")).toContainText("Your plan is now Premium");
  await page.goto("/listings?type=investor");
  await page.getByText("Save search", { exact: true }).click();
  await page.getByLabel("Name").fill("Lena's investors");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("link", { name: `Saved as "Lena's investors"` })).toBeVisible();

  // Download my data: the file parses and holds the saved search.
  await page.goto("/settings");
  const section = page.getByRole("heading", { name: "Your data and account" }).locator("..");
  const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^introbase-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse((await (await download.createReadStream()).toArray()).join("")) as {
    profile: { email: string };
    savedSearches: Array<{ name: string }>;
  };
  expect(file.profile.email).toBe(email);
  expect(file.savedSearches.map((s) => s.name)).toEqual(["Lena's investors"]);
  await section.screenshot({ path: testInfo.outputPath("settings-your-data.png") });

  // The deletion page says what happens before anything is confirmed.
  await section.getByRole("link", { name: "Delete my account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Delete your account" })).toBeVisible();
  // Served whole too (the HTML check at the end of the suite reads every page a server sent).
  await page.reload();
  await expect(page.getByText("Your Premium plan ends now, and nothing more is charged for it.")).toBeVisible();
  await expect(page.getByText(`We send one e-mail to ${email} to confirm the deletion.`, { exact: false })).toBeVisible();
  await expectAccessible(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`delete-account-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // A wrong password deletes nothing; the right one deletes and signs out.
  await page.getByLabel("Your password").fill("not my password at all");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("That is not the password of this account.")).toBeVisible();
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account is deleted" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Your account is deleted" })).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByText("Please sign in to view your profile.")).toBeVisible();
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);

  // The one confirmation e-mail, once the erasure has run.
  await waitForMail((m) => m.subject === "Your Introbase account has been deleted" && m.to.includes(email), 30_000);

  // Signing up again with the address makes a new, empty account: the free plan, no saved search. (The first
  // account's link is in the mailbox too: the new one is the link that arrives now.)
  const isLink = (m: { subject: string; to: string[] }) =>
    m.subject === "Confirm your e-mail address for Introbase" && m.to.includes(email);
  const earlier = (await allMail()).filter(isLink).length;
  const again = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin },
    data: { name: "Lena Again", email, password: PASSWORD },
  });
  expect(again.ok(), await again.text()).toBe(true);
  await expect.poll(async () => (await allMail()).filter(isLink).length).toBe(earlier + 1);
  const link = (await allMail()).filter(isLink).at(-1)!;
  await page.goto(linkIn(link.text, "/verify-email"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Confirm address" }).click();
  await expect(page).toHaveURL(/\/verify-email\?confirmed=1/);
  await page.goto("/settings");
  await expect(page.getByText("Lena Again").first()).toBeVisible();
  await expect(page.getByText("Subscription Tier").locator("..").getByText("Free", { exact: true })).toBeVisible();
  await expect(page.getByText("Lena's investors")).toHaveCount(0);
});
