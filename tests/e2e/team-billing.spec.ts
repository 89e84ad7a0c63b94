import { DEMO_TEAM, DEMO_TEAM_LIST } from "../../demo/demo-team.ts";
import { DEMO_STRIPE_SECRET_KEY } from "../fakes/payment-provider.ts";
import { linkIn, waitForMail } from "./support/mail.ts";
import { expectAccessible, expectFits } from "./support/page-checks.ts";
import { signInAs } from "./support/sign-in.ts";
import { signUpWithPassword } from "./support/sign-up.ts";
import { expect, test, type Page } from "./support/test.ts";

/**
 * Issue 37's "done when", on the operators' server, which takes payments through the local fake of Stripe
 * (playwright.config.ts; a file named *billing.spec.ts runs there): Priya Premium, owner of the demo team Northwind
 * Ventures, invites a new member by e-mail, buys two seats on the provider's Checkout page, gives the new member one (her
 * plan becomes the team's, and the team's list is hers to open), the member leaves the team and loses both, and Priya
 * removes the freed seat after the provider's prorated price, which the provider's own API then reports.
 */
const TEAM = `/teams/${DEMO_TEAM.id}`;
const PAYMENTS_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT || 3210) + 6}`;

async function fakeApi(page: Page, path: string): Promise<Record<string, unknown>> {
  const answer = await page.request.get(`${PAYMENTS_URL}${path}`, { headers: { authorization: `Bearer ${DEMO_STRIPE_SECRET_KEY}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as Record<string, unknown>;
}

test("a team buys seats through the payment provider; a member with a seat has the team's plan and list, loses both on leaving, and the seat is removed", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const origin = new URL(baseURL!).origin;
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const nora = { name: `Nora Newhire ${id}`, email: `nora.${id}@example.org`, password: "a long enough password" };
  const noraContext = await browser.newContext();
  const member = await noraContext.newPage();
  await signUpWithPassword(member, origin, nora);

  // 1. Priya invites Nora's address; Nora joins from the mailed link.
  await signInAs(page, "Priya Premium", { returnTo: `${TEAM}/invitations` });
  await page.getByLabel("E-mail address").fill(nora.email);
  await page.getByLabel("Role").selectOption("member");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${nora.email}.`)).toBeVisible();
  const invitation = await waitForMail(
    (m) => m.to.includes(nora.email) && m.subject.includes("invites you to the team Northwind Ventures"),
  );
  await member.goto(linkIn(invitation.text, "/team-invitation"));
  await member.getByRole("button", { name: "Join Northwind Ventures" }).click();
  await expect(member.getByRole("heading", { name: "You joined Northwind Ventures" })).toBeVisible();

  // 2. Two seats, paid on the provider's Checkout page with the test card: $79 a seat.
  await page.goto(`${TEAM}/billing`);
  const plan = page.getByRole("region", { name: "Team plan" });
  await expect(plan.getByText("The team has no seats yet.")).toBeVisible();
  await plan.getByRole("spinbutton", { name: "Number of seats" }).fill("2");
  await plan.getByRole("button", { name: "Buy seats" }).click();
  await expect(page.getByRole("heading", { name: "Pay with card" })).toBeVisible();
  await expect(page.getByText("$158.00").first()).toBeVisible();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Priya Premium");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/billing\?checkout=paid$/);
  await expect(async () => {
    await page.goto(`${TEAM}/billing`);
    await expect(plan.getByText("2 seats, 0 assigned.")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  // 3. Nora gets a seat: her plan is the team's, and the team's list is on her Lists.
  await page.getByRole("button", { name: `Give a seat to ${nora.name}` }).click();
  await expect(page.getByText(`${nora.name} now holds a seat.`)).toBeVisible();
  await expectAccessible(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectFits(page);
    await page.screenshot({ path: testInfo.outputPath(`team-billing-paid-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await member.goto("/settings/billing");
  const yours = member.getByRole("region", { name: "Your plan" });
  await expect(yours.getByText("Premium", { exact: true })).toBeVisible();
  await expect(yours.getByText(/From your seat in\s+Northwind Ventures/)).toBeVisible();
  await member.goto("/lists");
  const listLink = member.getByRole("link", { name: DEMO_TEAM_LIST, exact: true });
  const listPath = (await listLink.getAttribute("href"))!;
  await listLink.click();
  await expect(member.getByRole("heading", { name: DEMO_TEAM_LIST })).toBeVisible();

  // 4. Nora leaves the team: the list and the plan go with it.
  await member.goto(`${TEAM}/settings`);
  await member.getByRole("button", { name: "Leave Northwind Ventures" }).click();
  await expect(member.getByText("You left the team.")).toBeVisible();
  await member.goto("/lists");
  await expect(member.getByRole("link", { name: DEMO_TEAM_LIST, exact: true })).toHaveCount(0);
  expect((await member.goto(listPath))!.status()).toBe(404);
  await member.goto("/settings/billing");
  await expect(member.getByRole("region", { name: "Your plan" }).getByText("Free", { exact: true })).toBeVisible();
  await noraContext.close();

  // 5. The freed seat is removed: the provider's prorated price first, then the change, which the provider records.
  await page.goto(`${TEAM}/billing`);
  await expect(plan.getByText("2 seats, 0 assigned.")).toBeVisible();
  await plan.getByRole("spinbutton", { name: "Number of seats" }).fill("1");
  await plan.getByRole("button", { name: "See the price" }).click();
  const confirm = page.getByRole("form", { name: "Confirm the seats" });
  await expect(confirm).toContainText("1 seat:");
  await confirm.getByRole("button", { name: "Confirm 1 seat" }).click();
  await expect(plan.getByText("1 seat, 0 assigned.")).toBeVisible();
  const subscriptions = (await fakeApi(page, `/v1/subscriptions?status=active&limit=100`)) as {
    data: Array<{ metadata: Record<string, string>; items: { data: Array<{ quantity: number }> } }>;
  };
  const teams = subscriptions.data.filter((s) => s.metadata.teamId === DEMO_TEAM.id);
  expect(teams.map((s) => s.items.data[0]!.quantity)).toEqual([1]);
});
