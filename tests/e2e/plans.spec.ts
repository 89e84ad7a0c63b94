import { expect, test, type Page } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";
import { signUpWithPassword } from "./support/sign-up.ts";
import { expectAccessible } from "./support/page-checks.ts";

/**
 * Plans that mean what they say (issue 15 §4, decisions 0037 and 0080): a member buys a plan in the upgrade dialog, and
 * the toast, settings, the locks and the access-control page then name, price and limit it as the tier record does;
 * each plan is named after its tier, and in demo billing every price says no payment is taken (decision 0079).
 * Each width buys with an account of its own, so no other journey's demo user changes tier.
 */

const SUBSCRIBER_BENEFITS = [
  "Access to listings and profile details for Subscriber members",
  "500 company views a month",
  "Export company data (1,000 exports a month)",
  "50 AI requests a month",
];
const DEMO = "Demo: no payment is taken";

/** A new account of its own for this journey, confirmed through its e-mail link and signed in. */
async function signUp(page: Page, origin: string, label: string): Promise<void> {
  const id = `${label}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9)}`;
  await signUpWithPassword(page, origin, {
    name: `Bea Buyer ${label}`,
    email: `bea.${id}@example.org`,
    password: "a long enough password",
  });
}

for (const width of [1280, 390]) {
  test(`at ${width} px: the dialog sells Subscriber and Premium, monthly or yearly, as the tier records say; buying Subscriber shows "Processing...", closes, and every screen then agrees`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    // A journey through five pages, two accounts and three accessibility scans.
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signUp(page, new URL(baseURL!).origin, String(width));
    await page.goto("/settings");

    // Before: the free plan, and only its benefits.
    await expect(page.getByText("Subscription Tier").locator("..").getByText("Free", { exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Free benefits" }).getByRole("listitem")).toHaveText([
      "Access to public listings and profile details",
    ]);

    await page.getByRole("button", { name: "Upgrade plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Upgrade your plan" });
    const subscriber = dialog.getByRole("region", { name: "Subscriber" });
    const premium = dialog.getByRole("region", { name: "Premium" });
    await expect(subscriber.getByText("Most Popular")).toBeVisible();
    await expect(subscriber.getByText("$29", { exact: true })).toBeVisible();
    await expect(subscriber.getByText(DEMO)).toBeVisible();
    await expect(subscriber.getByRole("listitem")).toHaveText(SUBSCRIBER_BENEFITS);
    await expect(premium.getByText("$99", { exact: true })).toBeVisible();
    await expect(premium.getByText(DEMO)).toBeVisible();
    await expect(premium.getByText("Most Popular")).toHaveCount(0);
    await expect(premium.getByRole("listitem")).toHaveText([
      "Everything in Subscriber",
      "Access to full directory listings and profiles",
      "Unlimited company views",
      "500 AI requests a month",
      "API access (10,000 calls a month)",
      "Priority support",
    ]);
    // Yearly: a year at ten months' price, still no payment taken.
    await dialog.getByText("Yearly", { exact: true }).click();
    await expect(subscriber.getByText("$290", { exact: true })).toBeVisible();
    await expect(premium.getByText("$990", { exact: true })).toBeVisible();
    await expect(premium.getByText("per year")).toBeVisible();
    await dialog.getByText("Monthly", { exact: true }).click();
    // Demo billing promises nothing it does not keep: no secure payment, no refund of a payment never taken.
    await expect(dialog.getByText("Cancel anytime")).toBeVisible();
    for (const text of ["14-day money-back guarantee", "Secure payment"]) await expect(dialog.getByText(text)).toHaveCount(0);
    await expectAccessible(page, '[role="dialog"]');
    expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth)).toBeLessThanOrEqual(0);
    await dialog.screenshot({ path: testInfo.outputPath(`upgrade-dialog-${width}.png`) });
    await page.screenshot({ path: testInfo.outputPath(`upgrade-dialog-page-${width}.png`) });
    await dialog.getByText("Cancel anytime").scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`upgrade-dialog-end-${width}.png`) });

    // Hold the purchase until "Processing..." has been seen: no timing involved.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/billing/choose-plan", async (route) => {
      await held;
      await route.continue();
    });
    await subscriber.getByRole("button", { name: "Choose Subscriber" }).click();
    await expect(subscriber.getByRole("button", { name: "Processing..." })).toBeDisabled();
    await expect(premium.getByRole("button", { name: "Choose Premium" })).toBeDisabled();
    release();

    const toast = page.getByRole("region", { name: "Notifications" }).getByRole("status");
    await expect(toast).toContainText("Your plan is now Subscriber");
    await expect(toast).toContainText(`Subscriber, $29 per month. ${DEMO}.`);
    await expect(dialog).toBeHidden();

    // Settings (reloaded behind the dialog): the plan's name, price, only its benefits, and its quotas.
    await expect(page.getByText("Subscription Tier").locator("..").getByText("Subscriber", { exact: true })).toBeVisible();
    await expect(page.getByText(`Subscriber · $29 per month ${DEMO}`)).toBeVisible();
    await expect(page.getByRole("list", { name: "Subscriber benefits" }).getByRole("listitem")).toHaveText(SUBSCRIBER_BENEFITS);
    await expect(page.getByText("Unlimited company views")).toHaveCount(0);
    await expect(page.getByText("Priority support")).toHaveCount(0);
    await expect(page.getByText("500/500 views")).toBeVisible();
    await expect(page.getByText("50/50 AI requests")).toBeVisible();
    await expect(page.getByText("1000/1000 exports")).toBeVisible();
    await expect(page.getByText("Not included in your plan")).toBeVisible();
    await page.reload();
    await expect(page.getByText(`Subscriber · $29 per month ${DEMO}`)).toBeVisible();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`settings-${width}.png`), fullPage: true });

    // A premium listing now names the plan that opens it: Premium, the plan of its tier.
    const listings = await page.request.get("/api/listings?pageSize=100");
    const { data } = (await listings.json()) as { data: Array<{ locked: boolean; type: string; slug: string; listingVisibility: string }> };
    const locked = data.find((item) => item.locked && item.listingVisibility === "premium");
    expect(locked, "a premium listing locked for subscribers").toBeTruthy();
    await page.goto(`/profile/${locked!.type}/${locked!.slug}`);
    await expect(page.getByText("Available to Premium members")).toBeVisible();

    // The access-control page: the same names and prices.
    const operatorContext = await browser.newContext({ viewport: { width, height: 900 } });
    const operator = await operatorContext.newPage();
    await signInAs(operator, "Ada Admin", { returnTo: "/debug/access-control" });
    // A table from 640 px, one card per tier below; either way price, views, AI requests and exports in that order.
    const narrow = width < 640;
    const table = operator.getByRole("region", { name: "Tiers, features and quotas" });
    // A substring of a row's name: only one row holds each "Name (tier)".
    const tier = (name: string) => (narrow ? operator.getByRole("region", { name }) : table.getByRole("row", { name }));
    const figures = (name: string) => (narrow ? tier(name).locator("dd") : tier(name).getByRole("cell"));
    for (const [name, price, views] of [
      ["Free (public)", `$0 per month (${DEMO})`, "10"],
      ["Subscriber (subscriber)", `$29 per month or $290 per year (${DEMO})`, "500"],
      ["Premium (premium)", `$99 per month or $990 per year (${DEMO})`, "unlimited"],
    ]) {
      await expect(figures(name!).nth(0), name).toHaveText(price!);
      await expect(figures(name!).nth(1), name).toHaveText(views!);
    }
    await expect(operator.getByText(/\bPro\b|\$49|\$199/)).toHaveCount(0);
    await expectAccessible(operator);
    expect(await operator.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await operator.screenshot({ path: testInfo.outputPath(`access-control-${width}.png`), fullPage: true });
    await operatorContext.close();
  });
}
