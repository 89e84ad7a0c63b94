import { expect, test, type Page } from "./support/test.ts";
import { signUpWithPassword } from "./support/sign-up.ts";
import { DEMO_STRIPE_SECRET_KEY } from "../fakes/payment-provider.ts";
import { expectAccessible, expectFits } from "./support/page-checks.ts";

/**
 * Paying for a plan (issue 30 §3, decision 0079), on the operators' server, which takes payments through the local
 * fake of Stripe (playwright.config.ts): a new member chooses a plan, pays on the provider's Checkout page with the
 * test card 4242, comes back with the plan, and on /settings/billing sees it, its invoice and PDF, changes it
 * (prorated), cancels and resumes it, and takes the 14-day money-back guarantee, which ends it at once. And leaving
 * (decision 0077): a paying member's data file holds the invoice, and deleting the account ends the subscription at the
 * provider, as the fake's own API then reports.
 */

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
    await expectFits(page);
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
    await expectFits(page);
    await page.screenshot({ path: testInfo.outputPath(`billing-refunded-${width}.png`), fullPage: true });
  });
}

/** The payment fake's API, as the operators' server reaches it (playwright.config.ts: E2E_PORT + 6, its test key). */
const PAYMENTS_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT || 3210) + 6}`;
const fakeApi = async (page: Page, path: string) => {
  const answer = await page.request.get(`${PAYMENTS_URL}${path}`, { headers: { authorization: `Bearer ${DEMO_STRIPE_SECRET_KEY}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as Record<string, unknown>;
};

test("a member who paid with 4242 downloads the invoice with their data, deletes the account, and the provider ends the subscription", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const password = "a long enough password";
  const email = `dee.${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9)}@example.org`;
  await signUpWithPassword(page, new URL(baseURL!).origin, { name: "Dee Departing", email, password });

  await page.goto("/settings");
  await page.getByRole("button", { name: "Upgrade plan" }).click();
  await page.getByRole("dialog", { name: "Upgrade your plan" }).getByRole("button", { name: "Choose Subscriber" }).click();
  await expect(page.getByRole("heading", { name: "Pay with card" })).toBeVisible();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Dee Departing");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/settings\/billing\?checkout=paid$/);

  // Download my data: the plan paid at the provider, and its invoice with the amount, the date and the PDF.
  await page.goto("/settings");
  const section = page.getByRole("heading", { name: "Your data and account" }).locator("..");
  const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download my data" }).click()]);
  const file = JSON.parse((await (await download.createReadStream()).toArray()).join("")) as {
    billingCustomer: { customerId: string };
    subscriptions: Array<{ id: string; status: string; plan: string; interval: string; cancelAtPeriodEnd: boolean }>;
    invoices: Array<{ status: string; amountPaid: number; currency: string; paidAt: string; pdfUrl: string }>;
    invoicesUnavailable: string | null;
  };
  expect(file.subscriptions).toEqual([
    expect.objectContaining({ status: "active", plan: "Subscriber", interval: "monthly", cancelAtPeriodEnd: false }),
  ]);
  expect(file.invoices).toEqual([
    expect.objectContaining({
      status: "paid",
      amountPaid: 2900,
      currency: "usd",
      pdfUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/i\/in_\w+\/pdf$/),
    }),
  ]);
  expect(file.invoicesUnavailable).toBeNull();
  const pdf = await page.request.get(file.invoices[0]!.pdfUrl);
  expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  const subscriptionId = file.subscriptions[0]!.id;
  const customerId = file.billingCustomer.customerId;

  // The deletion page says the subscription is cancelled at the provider; the password confirms.
  await section.getByRole("link", { name: "Delete my account" }).click();
  await expect(
    page.getByText(/^Your Subscriber plan ends now: we cancel its subscription at our payment provider within minutes/),
  ).toBeVisible();
  await expectAccessible(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectFits(page);
    await page.screenshot({ path: testInfo.outputPath(`delete-paid-account-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel("Your password").fill(password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);

  // The erasure job ends the subscription at the provider at once and deletes the customer: no card is charged again.
  await expect.poll(async () => (await fakeApi(page, `/v1/subscriptions/${subscriptionId}`)).status, { timeout: 30_000 }).toBe("canceled");
  expect(await fakeApi(page, `/v1/customers/${customerId}`)).toMatchObject({ id: customerId, deleted: true });
});
