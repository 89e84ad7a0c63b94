import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./support/test.ts";
import { signUpWithPassword } from "./support/sign-up.ts";

/**
 * Paying for a plan (issue 30 §3, decision 0079), on the operators' server, which takes payments through the local
 * fake of Stripe (playwright.config.ts): a new member chooses a plan, pays on the provider's Checkout page with the
 * test card 4242, comes back with the plan, and on /settings/billing sees it, its invoice and PDF, changes it
 * (prorated), cancels and resumes it, and takes the 14-day money-back guarantee, which ends it at once.
 */

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function fits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const width of [1280, 390]) {
  test(`at ${width} px: pay with 4242, see the plan and its invoice, change it, cancel and resume it, and get the money back`, async ({
    page,
    baseURL,
  }, testInfo) => {
    // Two hosted pages, six forms and their webhooks.
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const id = `${width}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9)}`;
    await signUpWithPassword(page, new URL(baseURL!).origin, {
      name: `Bo Buyer ${width}`,
      email: `bo.${id}@example.org`,
      password: "a long enough password",
    });

    // The dialog promises what this site keeps: a refund, cancelling, and payment on the provider's secure page.
    await page.goto("/settings");
    await page.getByRole("button", { name: "Upgrade plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Upgrade your plan" });
    for (const text of ["Cancel anytime", "14-day money-back guarantee", "Secure payment"])
      await expect(dialog.getByText(text)).toBeVisible();
    await expect(dialog.getByText("Demo: no payment is taken")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Choose Subscriber" }).click();

    // The provider's Checkout page, paid with the test card.
    await expect(page.getByRole("heading", { name: "Pay with card" })).toBeVisible();
    await expect(page.getByText("$29.00").first()).toBeVisible();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry").fill("12 / 34");
    await page.getByLabel("CVC").fill("123");
    await page.getByLabel("Name on card").fill("Bo Buyer");
    await page.getByRole("button", { name: "Subscribe" }).click();

    // Back on billing with the plan, read from the provider at once.
    await expect(page).toHaveURL(/\/settings\/billing\?checkout=paid$/);
    await expect(page.getByText("Thank you: your payment went through and your plan is in force.")).toBeVisible();
    const plan = page.getByRole("region", { name: "Your plan" });
    await expect(plan.getByText("Subscriber", { exact: true })).toBeVisible();
    await expect(plan.getByText(/^Renews on /)).toBeVisible();
    await expect(page.getByRole("link", { name: /^PDF of invoice / })).toHaveCount(1);
    await expect(page.getByText("$29.00").first()).toBeVisible();
    await expectAccessible(page);
    await fits(page);
    await page.screenshot({ path: testInfo.outputPath(`billing-paid-${width}.png`), fullPage: true });

    // Move up: charged the prorated difference today.
    await page.getByRole("button", { name: "Switch to Premium monthly" }).click();
    await expect(page.getByText("Your plan is now Premium at $99 per month. The prorated difference was charged today.")).toBeVisible();
    await expect(plan.getByText("Premium", { exact: true })).toBeVisible();
    expect((await (await page.request.get("/api/auth/me")).json()).user.tier).toBe("premium");

    // Cancel at the period's end, then resume.
    await page.getByRole("button", { name: "Cancel plan" }).click();
    await expect(page.getByText(/^Your plan is cancelled: it stays until the period you paid for ends on /)).toBeVisible();
    await expect(plan.getByText(/^Cancelled: your plan ends on /)).toBeVisible();
    await page.getByRole("button", { name: "Resume plan" }).click();
    await expect(page.getByText("Your plan continues: it renews as before.")).toBeVisible();
    await expect(plan.getByText(/^Renews on /)).toBeVisible();

    // The 14-day money-back guarantee: everything refunded, the plan ended at once.
    await page.getByLabel("I understand my plan ends now.").check();
    await page.getByRole("button", { name: "Refund and end my plan" }).click();
    await expect(page.getByText(/^Refunded \$\d+\.\d\d: your plan has ended and you are on the free plan\.$/)).toBeVisible();
    await expect(plan.getByText("Free", { exact: true })).toBeVisible();
    expect((await (await page.request.get("/api/auth/me")).json()).user.tier).toBe("public");
    await expect(page.getByText("14-day money-back guarantee")).toHaveCount(0);
    await fits(page);
    await page.screenshot({ path: testInfo.outputPath(`billing-refunded-${width}.png`), fullPage: true });
  });
}
