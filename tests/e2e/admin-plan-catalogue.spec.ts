import { expect, test, type Page } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";

/**
 * The tier records are the plan catalogue (decision 0037): an operator's edit at /admin/tiers changes the name,
 * price and benefits the upgrade dialog sells, what settings lists, the access-control page and the quotas, from
 * the next request. Runs with the operator journeys (one at a time), and puts the record back.
 */

async function editSubscriber(page: Page, values: { name: string; price: string; views: string; prioritySupport: boolean }) {
  await page.goto("/admin/tiers");
  const form = page.getByRole("form", { name: "Edit the subscriber tier" });
  await form.getByLabel("Display name").fill(values.name);
  await form.getByLabel("Monthly price (USD)").fill(values.price);
  await form.getByLabel("Company views per month").fill(values.views);
  await form.getByLabel("Priority support").setChecked(values.prioritySupport);
  await form.getByRole("button", { name: "Save subscriber" }).click();
  await expect(form.getByRole("status")).toHaveText("Saved: in force from the next request.");
}

test("an operator renames, reprices and widens the subscriber tier, and the dialog, settings, access control and quotas follow", async ({
  page,
  browser,
}) => {
  // Two accounts, four pages, and the record put back.
  test.setTimeout(90_000);
  await signInAs(page, "Ada Admin", { returnTo: "/admin/tiers" });
  const form = page.getByRole("form", { name: "Edit the subscriber tier" });
  const original = {
    name: await form.getByLabel("Display name").inputValue(),
    price: await form.getByLabel("Monthly price (USD)").inputValue(),
    views: await form.getByLabel("Company views per month").inputValue(),
    prioritySupport: await form.getByLabel("Priority support").isChecked(),
  };
  expect(original).toEqual({ name: "Subscriber", price: "29", views: "500", prioritySupport: false });

  try {
    await editSubscriber(page, { name: "Growth", price: "39", views: "-1", prioritySupport: true });

    // A subscriber's settings: the new name and price, the benefits the record now grants, the quota it enforces.
    const sam = await browser.newPage();
    await signInAs(sam, "Sam Subscriber", { returnTo: "/settings" });
    await expect(sam.getByText("Growth · $39 per month")).toBeVisible();
    const benefits = sam.getByRole("list", { name: "Growth benefits" });
    await expect(benefits.getByText("Unlimited company views")).toBeVisible();
    await expect(benefits.getByText("Priority support")).toBeVisible();
    await expect(benefits.getByText("500 company views a month")).toHaveCount(0);
    await expect(sam.getByText("Unlimited views")).toBeVisible();

    // The upgrade dialog sells the same record.
    await sam.getByRole("button", { name: "Upgrade plan" }).click();
    const dialog = sam.getByRole("dialog", { name: "Upgrade your plan" });
    const growth = dialog.getByRole("region", { name: "Growth" });
    await expect(growth.getByText("$39", { exact: true })).toBeVisible();
    await expect(growth.getByText("Most Popular")).toBeVisible();
    await expect(growth.getByRole("listitem").filter({ hasText: "Unlimited company views" })).toHaveCount(1);
    await expect(growth.getByRole("button", { name: "Your current plan" })).toBeDisabled();
    const premium = dialog.getByRole("region", { name: "Premium" });
    await expect(premium.getByRole("listitem").first()).toHaveText("Everything in Growth");
    // Growth has unlimited views and priority support now: Premium no longer lists them as extras.
    await expect(premium.getByText("Unlimited company views")).toHaveCount(0);
    await expect(premium.getByText("Priority support")).toHaveCount(0);
    await sam.close();

    // The access-control page.
    await page.goto("/debug/access-control");
    const row = page.getByRole("region", { name: "Tiers, features and quotas" }).getByRole("row", { name: "Growth (subscriber)" });
    // This server takes payments through the payment fake (Stripe billing): its prices carry no demo note.
    await expect(row.getByRole("cell").nth(0)).toHaveText("$39 per month or $290 per year");
    await expect(row.getByRole("cell").nth(1)).toHaveText("unlimited");
  } finally {
    await editSubscriber(page, original);
  }
  await page.goto("/debug/access-control");
  await expect(page.getByRole("row", { name: "Subscriber (subscriber)" }).getByRole("cell").nth(0)).toHaveText(
    "$29 per month or $290 per year",
  );
});
