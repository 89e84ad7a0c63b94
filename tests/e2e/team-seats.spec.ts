import { signInAs } from "./support/sign-in.ts";
import { expectAccessible, expectFits } from "./support/page-checks.ts";
import { expect, test, type Page } from "./support/test.ts";

/**
 * A team's seats in demo billing (issue 37, decision 0119), on the shared demo server's team: Priya Premium, the owner of
 * Northwind Ventures, buys two seats without payment and gives one to herself (a plain form post, without JavaScript);
 * she takes it back, removes a seat and ends the demo team plan, leaving the team as the demo made it (no seats). Sam
 * cannot hand out seats; a stranger does not find the page. The seat goes to Priya, whose plan is Premium already:
 * other journeys on this server read Sam's and Pat's plans while this one runs. A seat that changes a member's plan,
 * paid through the payment fake, is team-billing.spec.ts's, on the operators' server.
 */
const TEAM = "7e0a0000-0000-4000-8000-000000000001";
const PAGE = `/teams/${TEAM}/billing`;

/** Back to the demo's state (no seat held, no seats), should an earlier attempt of this journey have stopped midway. */
async function noSeats(page: Page) {
  const takeBack = page.getByRole("button", { name: "Take back the seat of Priya Premium" });
  if (await takeBack.isVisible()) {
    await takeBack.click();
    await expect(page.getByText("Priya Premium's seat is free again.")).toBeVisible();
  }
  const end = page.getByRole("button", { name: "End the demo team plan" });
  if (await end.isVisible()) {
    await end.click();
    await expect(page.getByText("The team has no seats yet.")).toBeVisible();
  }
}

test("an owner buys seats in demo billing, gives one, then takes it back and removes the seats", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, "Priya Premium", { returnTo: PAGE });
  await noSeats(page);
  await expect(page.getByRole("heading", { name: "Seats and billing" })).toBeVisible();
  const plan = page.getByRole("region", { name: "Team plan" });
  await expect(plan.getByText("The team has no seats yet.")).toBeVisible();
  await expect(plan.getByText("Demo: no payment is taken")).toBeVisible();

  await plan.getByRole("spinbutton", { name: "Number of seats" }).fill("2");
  await plan.getByRole("button", { name: "Buy seats" }).click();
  await expect(page.getByRole("status")).toHaveText("The team now has 2 seats (demo: no payment is taken).");
  await expect(plan.getByText("2 seats, 0 assigned.")).toBeVisible();

  // Giving the seat without JavaScript: the page's forms post and come back.
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const noScript = await plain.newPage();
  await noScript.goto(PAGE);
  await noScript.getByRole("button", { name: "Give a seat to Priya Premium" }).click();
  await expect(noScript.getByText("Priya Premium now holds a seat.")).toBeVisible();
  await expect(noScript.getByText("2 seats, 1 assigned.")).toBeVisible();
  await plain.close();

  await page.reload();
  const usage = page.getByRole("region", { name: "Use this month, per seat" });
  await expect(usage.getByRole("listitem", { name: "Priya Premium's use this month" })).toContainText("Premium");
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 900 });
  await expectFits(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Sam, a member without a seat, sees only his own row and cannot hand out seats.
  const samContext = await browser.newContext();
  const sam = await samContext.newPage();
  await signInAs(sam, "Sam Subscriber", { returnTo: PAGE });
  await expect(sam.getByRole("region", { name: "Your seat" })).toContainText("Sam Subscriber (you)");
  await expect(sam.getByText("Priya Premium")).toHaveCount(0); // no other member's row
  await expect(sam.getByRole("button", { name: /Give|Take back|Buy seats|Change seats/ })).toHaveCount(0);
  const origin = new URL(sam.url()).origin;
  const refused = await sam.request.post(PAGE, { form: { intent: "buy", seats: "5" }, headers: { Origin: origin } });
  expect(refused.status()).toBe(403);

  // A member of no team finds no page.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await signInAs(stranger, "Pat Public", { returnTo: "/settings" });
  expect((await stranger.goto(PAGE))!.status()).toBe(404);
  expect((await stranger.request.get(`${PAGE}.data`)).status()).toBe(404);
  const strangerOrigin = new URL(stranger.url()).origin;
  const strangerPost = await stranger.request.post(PAGE, { form: { intent: "end-demo" }, headers: { Origin: strangerOrigin } });
  expect(strangerPost.status()).toBe(404);
  await page.reload();
  await expect(plan.getByText("2 seats, 1 assigned.")).toBeVisible();
  await strangerContext.close();

  // The seat back, a seat removed (never below the seats held), then no seats at all.
  await page.getByRole("button", { name: "Take back the seat of Priya Premium" }).click();
  await expect(page.getByText("Priya Premium's seat is free again.")).toBeVisible();
  await plan.getByRole("spinbutton", { name: "Number of seats" }).fill("1");
  await plan.getByRole("button", { name: "Change seats" }).click();
  await expect(page.getByRole("status")).toHaveText("The team now has 1 seat (demo: no payment is taken).");
  await plan.getByRole("button", { name: "End the demo team plan" }).click();
  await expect(plan.getByText("The team has no seats yet.")).toBeVisible();

  await samContext.close();
});
