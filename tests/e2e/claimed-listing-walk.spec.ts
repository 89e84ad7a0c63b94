import { expect, test, type Browser, type Page } from "./support/test.ts";
import { linkIn, waitForMail } from "./support/mail.ts";
import { signInAs, type DemoUserName } from "./support/sign-in.ts";

/**
 * Issue 36's "done when", end to end on the suite's demo server (README, "The whole walk in five minutes"): a member
 * claims a demo listing through its domain e-mail (the link read from the mail), edits it, an operator approves the
 * change, a requester's introduction lands in the owner's inbox and is accepted there, and the owner sees the
 * week's views and the outcome. Each part has its own spec for its details; this one proves they work together.
 */

const OWNER = "priya.premium@demo.introbase.test";
const REQUESTER = "sam.subscriber@demo.introbase.test";

interface Candidate {
  name: string;
  path: string;
  domain: string;
}

/** Public startups with a website, from the end of the demo's list (the claiming spec takes them from its start). */
async function candidates(page: Page): Promise<Candidate[]> {
  const response = await page.request.get("/api/listings?type=startups&pageSize=100", { headers: { cookie: "" } });
  const { data } = (await response.json()) as {
    data: Array<{ locked: boolean; type: string; slug: string; name: string; listingVisibility: string }>;
  };
  const found: Candidate[] = [];
  for (const item of data.filter((i) => !i.locked && i.listingVisibility === "public").reverse()) {
    if (found.length === 6) break;
    const detail = (await (await page.request.get(`/api/listings/${item.type}/${item.slug}`, { headers: { cookie: "" } })).json()) as {
      data?: { websiteUrl?: string | null };
    };
    const site = detail.data?.websiteUrl;
    if (site)
      found.push({ name: item.name, path: `/profile/${item.type}/${item.slug}`, domain: new URL(site).hostname.replace(/^www\./, "") });
  }
  return found;
}

async function as(browser: Browser, user: DemoUserName, returnTo: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, user, { returnTo });
  return page;
}

test("a member claims a listing by its domain e-mail, edits it, answers an introduction in the inbox and sees the week", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now()}`;

  // 1. Claim: the link goes to an address at the listing's own domain, and opening it (signed in) makes Priya an owner.
  const owner = await as(browser, "Priya Premium", "/my-listings");
  let claimed: Candidate | null = null;
  let address = "";
  for (const candidate of (await candidates(page)).slice(test.info().retry * 2)) {
    await owner.goto(`${candidate.path}/claim`);
    address = `priya.${stamp}@${candidate.domain}`;
    await owner.getByLabel("Work e-mail").fill(address);
    await owner.getByRole("button", { name: "Send me a link" }).click();
    const sent = owner.getByText(`We sent a link to ${address}.`);
    await expect(sent.or(owner.getByText(/several listings/))).toBeVisible();
    if (await sent.isVisible()) {
      claimed = candidate;
      break;
    }
  }
  expect(claimed, "a demo startup on a domain of its own").not.toBeNull();
  const listing = claimed!;
  const claimMail = await waitForMail((m) => m.to.includes(address) && m.subject === `Confirm that you keep ${listing.name} on Introbase`);
  await owner.goto(linkIn(claimMail.text, "/claim-listing"));
  await owner.getByRole("button", { name: "Confirm" }).click();
  await owner.getByRole("link", { name: `Open ${listing.name}` }).click();
  await expect(owner).toHaveURL(/\/my-listings\/[0-9a-f-]{36}$/);
  const area = new URL(owner.url()).pathname;

  // 2. Edit: a new tagline waits for review; an operator approves the diff; the profile shows it as the company's.
  const tagline = `Ledgers that close themselves, walk ${stamp}`;
  await owner.getByRole("navigation", { name: "Listing sections" }).getByRole("link", { name: "Edit profile" }).click();
  await owner.getByLabel("Tagline").fill(tagline);
  await owner.getByRole("button", { name: "Send changes" }).click();
  await expect(owner.getByText("Waiting for review")).toBeVisible();
  expect(await (await page.request.get(listing.path, { headers: { cookie: "" } })).text()).not.toContain(tagline);

  const ada = await as(browser, "Ada Admin", "/admin/listing-changes");
  await ada.getByRole("table", { name: "Changes waiting for review" }).getByRole("link", { name: listing.name }).first().click();
  await expect(
    ada.getByRole("table", { name: "Proposed values against the stored ones" }).getByRole("row", { name: /Tagline/ }),
  ).toContainText(tagline);
  await ada.getByRole("button", { name: "Approve and publish" }).click();
  await expect(ada.getByText("Approved and published. The owner has been e-mailed.")).toBeVisible();
  await page.goto(listing.path);
  await expect(page.getByText(tagline)).toBeVisible();
  await expect(page.locator("[data-provenance]").filter({ hasText: "Submitted by the company" }).first()).toBeVisible();

  // 3. An introduction: Sam asks, Ada approves, it lands in Priya's inbox (and her mail), she accepts it with a note.
  const sam = await as(browser, "Sam Subscriber", listing.path);
  await sam.getByRole("button", { name: "Request Introduction" }).first().click();
  const dialog = sam.getByRole("dialog", { name: "Request an Introduction" });
  await dialog.getByLabel("Message").fill(`Hello from the walk ${stamp}: we would like to talk about a pilot with your team.`);
  await sam.getByText("I'm not a robot").click();
  await expect
    .poll(() => sam.locator("altcha-widget").evaluate((w) => (w as HTMLElement & { getState(): string }).getState()), { timeout: 20_000 })
    .toBe("verified");
  await dialog.getByRole("button", { name: "Send Request" }).click();
  await expect(sam.getByText("Introduction request sent!")).toBeVisible();

  await ada.goto("/admin/intros");
  const request = ada.getByTestId("intro-request").filter({ hasText: `walk ${stamp}` });
  await expect(request).toContainText("goes to the listing's owners (claimed)");
  await request.getByRole("button", { name: "Approve" }).click();
  await expect(ada.getByText("Approved: the recipient has been e-mailed.")).toBeVisible();
  await waitForMail((m) => m.to.includes(OWNER) && m.subject === `Sam Subscriber would like an introduction to ${listing.name}`);

  await owner.goto(`${area}/inbox`);
  const card = owner.locator("li").filter({ hasText: `walk ${stamp}` });
  await expect(card).toContainText("Waiting for your answer");
  await card.getByLabel("Note for the introduction (optional)").fill("Thursday afternoon suits us.");
  await card.getByRole("button", { name: "Accept introduction" }).click();
  await expect(owner.getByText("Accepted: we have sent one e-mail introducing you both.")).toBeVisible();
  const intro = await waitForMail((m) => m.subject === `Introduction: Sam Subscriber <> ${listing.name}` && m.to.includes(REQUESTER));
  expect(intro.text).toContain("Thursday afternoon suits us.");

  // 4. Insights: five people looked this week (counts are flushed every few seconds), and the request was accepted.
  for (let i = 0; i < 5; i++) {
    const visitor = await browser.newContext();
    await (await visitor.newPage()).goto(listing.path);
    await visitor.close();
  }
  await owner.goto(`${area}/insights`);
  await expect
    .poll(
      async () => {
        await owner.reload();
        return owner.getByTestId("this-week").textContent();
      },
      { timeout: 30_000 },
    )
    .toMatch(/^\d+ profile views this week\.$/);
  const outcomes = owner.getByTestId("intro-outcomes").getByRole("row").nth(1);
  await expect(outcomes.getByRole("cell").nth(2)).not.toHaveText("0");
});
