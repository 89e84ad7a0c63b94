import { expect, test } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";
import { signUpWithPassword } from "./support/sign-up.ts";
import { expectAccessible, expectFits } from "./support/page-checks.ts";

/**
 * Members for operators (issue 30 §6, decision 0081), on the operators' server: Ada Admin finds a new member by part of
 * their address, gives them a complimentary Premium until a day (the member's own browser has it at its next page),
 * disables the account (the member's session ends at once, and their password no longer signs them in, saying why),
 * and enables it again.
 */

/** A day a year from now, as the date field takes it. */
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

for (const width of [1280, 390]) {
  test(`at ${width} px: find a member by part of their address, give a complimentary Premium, disable and enable them`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    // Two accounts, their mail, and six pages.
    test.setTimeout(120_000);
    const id = `${width}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9)}`;
    const email = `mo.member.${id}@example.org`;
    const password = "a long enough password";

    // The member, in a browser of their own.
    const theirs = await browser.newContext({ viewport: { width, height: 900 } });
    const member = await theirs.newPage();
    await signUpWithPassword(member, new URL(baseURL!).origin, { name: `Mo Member ${width}`, email, password });
    await member.goto("/settings/billing");
    await expect(member.getByRole("region", { name: "Your plan" }).getByText("Free", { exact: true })).toBeVisible();

    // The operator finds them by part of their address.
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, "Ada Admin", { returnTo: "/admin/members" });
    await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
    await page.getByLabel("Search by name or e-mail").fill(`MEMBER.${id}`);
    await expect(page).toHaveURL(new RegExp(`q=MEMBER\\.${id}`));
    await expect(page.getByRole("status")).toHaveText(`1 member matches “MEMBER.${id}”`);
    await expectAccessible(page);
    await expectFits(page);
    await page.screenshot({ path: testInfo.outputPath(`members-${width}.png`), fullPage: true });
    await page.getByRole("link", { name: `Mo Member ${width}` }).click();
    await expect(page.getByRole("heading", { name: `Mo Member ${width}`, level: 1 })).toBeVisible();
    await expect(page.getByText("Password", { exact: true })).toBeVisible();

    // A complimentary Premium until a day a year from now.
    const until = inAYear();
    const grant = page.getByRole("form", { name: "Give a complimentary plan" });
    await grant.getByLabel("Plan").selectOption("premium");
    await grant.getByLabel("Until (its last day, UTC)").fill(until);
    await grant.getByLabel("Reason (kept in the audit log)").fill("Partner programme");
    await grant.getByRole("button", { name: "Give complimentary plan" }).click();
    await expect(grant.getByRole("status")).toHaveText(/^Complimentary Premium given until .+\. Their plan is now Premium\.$/);
    await expect(page.getByRole("region", { name: "Plan" }).getByText(/^Complimentary until /)).toBeVisible();
    await expect(
      page.getByRole("region", { name: "History" }).getByText(/Complimentary Premium granted until .*Partner programme/),
    ).toBeVisible();
    await expectAccessible(page);
    await expectFits(page);
    await page.screenshot({ path: testInfo.outputPath(`member-granted-${width}.png`), fullPage: true });

    // The member's next page has it.
    await member.goto("/settings/billing");
    await expect(member.getByRole("region", { name: "Your plan" }).getByText("Premium", { exact: true })).toBeVisible();
    await expect(member.getByText(/^Complimentary until /)).toBeVisible();

    // Disabled: their session ends at once, and their password no longer signs them in.
    const disable = page.getByRole("form", { name: "Disable the account" });
    await disable.getByLabel("Reason (kept in the audit log)").fill("Sending spam through introductions");
    await disable.getByRole("button", { name: "Disable account" }).click();
    await expect(page.getByText("The account is disabled: every session of it has ended, and it cannot sign in.")).toBeVisible();
    await expect(page.getByText(/^Disabled since /).first()).toBeVisible();
    await expectFits(page);
    await page.screenshot({ path: testInfo.outputPath(`member-disabled-${width}.png`), fullPage: true });

    await member.goto("/settings/billing");
    await expect(member).toHaveURL(/\/sign-in\?returnTo=%2Fsettings%2Fbilling/);
    await member.getByLabel("Email").fill(email);
    await member.getByLabel("Password").fill(password);
    await member.getByRole("button", { name: "Sign in with password" }).click();
    await expect(member.getByText("This account is disabled: it cannot sign in.", { exact: false })).toBeVisible();
    expect((await member.request.get("/api/auth/me")).status()).toBe(401);

    // Enabled again: the same password signs them in, with their plan.
    await page.getByRole("form", { name: "Enable the account" }).getByRole("button", { name: "Enable account" }).click();
    await expect(page.getByText("The account is enabled: the member can sign in again.")).toBeVisible();
    await member.getByRole("button", { name: "Sign in with password" }).click();
    await expect(member).toHaveURL(/\/settings\/billing$/);
    await expect(member.getByRole("region", { name: "Your plan" }).getByText("Premium", { exact: true })).toBeVisible();
    await theirs.close();
  });
}

test("an operator refunds a member's payment through the payment provider, which ends the plan, once", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // A checkout on the provider's page, its webhooks, and the refund.
  test.setTimeout(120_000);
  const id = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9)}`;
  const email = `rae.refund.${id}@example.org`;
  const theirs = await browser.newContext();
  const member = await theirs.newPage();
  await signUpWithPassword(member, new URL(baseURL!).origin, { name: "Rae Refund", email, password: "a long enough password" });
  await member.goto("/settings");
  await member.getByRole("button", { name: "Upgrade plan" }).click();
  await member.getByRole("dialog", { name: "Upgrade your plan" }).getByRole("button", { name: "Choose Subscriber" }).click();
  await member.getByLabel("Card number").fill("4242 4242 4242 4242");
  await member.getByLabel("Expiry").fill("12 / 34");
  await member.getByLabel("CVC").fill("123");
  await member.getByLabel("Name on card").fill("Rae Refund");
  await member.getByRole("button", { name: "Subscribe" }).click();
  await expect(member).toHaveURL(/\/settings\/billing\?checkout=paid$/);

  await signInAs(page, "Ada Admin", { returnTo: `/admin/members?q=${encodeURIComponent(`refund.${id}`)}` });
  await page.getByRole("link", { name: "Rae Refund" }).click();
  await expect(page.getByRole("region", { name: "Plan" }).getByText(/^Active, renews /)).toBeVisible();
  const refund = page.getByRole("form", { name: "Refund a payment" });
  const payment = refund.getByRole("radio", { name: /^\$29\.00 paid / });
  await expect(payment).toBeChecked();
  await refund.getByLabel("Reason (kept in the audit log)").fill("Bought by mistake");
  await refund.getByLabel("The money goes back to the member's card: a refund cannot be undone.").check();
  await expectAccessible(page);
  await refund.getByRole("button", { name: "Refund payment" }).click();
  await expect(page.getByText(/^Refunded \$29\.00 \(invoice .+\)\. The plan it paid for has ended\.$/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Plan" }).getByText(/^Refunded /)).toBeVisible();
  // Given back once: the payment is marked refunded, and there is nothing left to refund.
  await expect(page.getByText(/^\$29\.00 paid .*: refunded /)).toBeVisible();
  await expect(page.getByRole("form", { name: "Refund a payment" })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("member-refunded.png"), fullPage: true });

  await member.goto("/settings/billing");
  await expect(member.getByRole("region", { name: "Your plan" }).getByText("Free", { exact: true })).toBeVisible();
  await theirs.close();
});
