import { expect, test, type Browser, type Page } from "./support/test.ts";
import { linkIn, waitForMail } from "./support/mail.ts";
import { signInAs, type DemoUserName } from "./support/sign-in.ts";

/**
 * Issue 36 "Claiming" (decision 0114), in the browser: a member claims a demo listing through an address at its
 * domain, opening the link that arrived by e-mail, and lands in My listings; they invite a colleague, who accepts;
 * another member claims a listing with evidence and an operator approves it.
 */

interface Candidate {
  name: string;
  path: string;
  domain: string | null;
}

/** Public startups of the demo data with their website's domain, in a fixed order. */
async function startups(page: Page): Promise<Candidate[]> {
  const response = await page.request.get("/api/listings?type=startups&pageSize=100", { headers: { cookie: "" } });
  const { data } = (await response.json()) as {
    data: Array<{ locked: boolean; type: string; slug: string; name: string; listingVisibility: string }>;
  };
  const open = data.filter((i) => !i.locked && i.listingVisibility === "public");
  const withSites: Candidate[] = [];
  for (const item of open.slice(0, 16)) {
    const detail = (await (await page.request.get(`/api/listings/${item.type}/${item.slug}`, { headers: { cookie: "" } })).json()) as {
      data?: { websiteUrl?: string | null };
    };
    const site = detail.data?.websiteUrl;
    withSites.push({
      name: item.name,
      path: `/profile/${item.type}/${item.slug}`,
      domain: site ? new URL(site).hostname.replace(/^www\./, "") : null,
    });
  }
  return withSites;
}

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function newMember(browser: Browser, user: DemoUserName, returnTo: string): Promise<Page> {
  const page = await browser.newPage();
  await signInAs(page, user, { returnTo });
  return page;
}

test("a member claims a listing through its domain e-mail, invites a colleague who accepts, and an operator approves an evidence claim", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const all = await startups(page);
  // A retry starts from a listing the first attempt did not claim.
  const offset = test.info().retry * 3;
  const candidates = all.filter((c) => c.domain).slice(offset);

  // The profile asks "Is this your company?"; signed out, the claim page sends the visitor to sign in and back.
  await page.goto(candidates[0]!.path);
  await expect(page.getByText("Is this your company?")).toBeVisible();
  await page.getByRole("link", { name: "Claim this listing" }).click();
  await expect(page).toHaveURL(/\/sign-in\?returnTo=/);
  await signInAs(page, "Pat Public", { returnTo: `${candidates[0]!.path}/claim` });
  await expect(page.getByRole("heading", { name: "Is this your company?" })).toBeVisible();

  // A free-mail address cannot prove it: said beside the field.
  await page.getByLabel("Work e-mail").fill("pat@gmail.com");
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByText(/cannot prove ownership alone/)).toBeVisible();

  // The address at the listing's domain (a group's shared domain would be refused: then the next listing).
  let claimed: Candidate | null = null;
  let address = "";
  for (const candidate of candidates.slice(0, 4)) {
    if (candidate !== candidates[0]) await page.goto(`${candidate.path}/claim`);
    address = `pat.${stamp()}@${candidate.domain}`;
    await page.getByLabel("Work e-mail").fill(address);
    await page.getByRole("button", { name: "Send me a link" }).click();
    const sent = page.getByText(`We sent a link to ${address}.`);
    await expect(sent.or(page.getByText(/several listings/))).toBeVisible();
    if (await sent.isVisible()) {
      claimed = candidate;
      break;
    }
  }
  expect(claimed, "a listing on a domain of its own").not.toBeNull();
  const mail = await waitForMail((m) => m.to.includes(address) && m.subject === `Confirm that you keep ${claimed!.name} on Introbase`);
  const link = linkIn(mail.text, "/claim-listing");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: `Confirm that you keep ${claimed!.name}` })).toBeVisible();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: `You now keep ${claimed!.name}` })).toBeVisible();
  await page.getByRole("link", { name: `Open ${claimed!.name}` }).click();
  await expect(page).toHaveURL(/\/my-listings\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: claimed!.name })).toBeVisible();
  const ownerArea = new URL(page.url()).pathname;
  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link was already used" })).toBeVisible();
  // The profile now leads to the owner area.
  await page.goto(claimed!.path);
  await expect(page.getByText("You keep this listing")).toBeVisible();

  // Invite a colleague at the same domain; they accept with their own account.
  await page.goto(`${ownerArea}/owners`);
  const colleague = `colleague.${stamp()}@${claimed!.domain}`;
  await page.getByLabel("Colleague's work e-mail").fill(colleague);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${colleague}.`)).toBeVisible();
  const invitation = await waitForMail((m) => m.to.includes(colleague));
  const priya = await newMember(browser, "Priya Premium", "/my-listings");
  await priya.goto(linkIn(invitation.text, "/owner-invitation"));
  await priya.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(priya.getByRole("heading", { name: `You now keep ${claimed!.name}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Remove Priya Premium" })).toBeVisible();
  await priya.close();

  // Another member claims another listing with evidence; an operator approves it; the member is e-mailed.
  const target = all.filter((c) => c !== claimed)[offset + 5]!;
  const sam = await newMember(browser, "Sam Subscriber", `${target.path}/claim`);
  await sam.getByLabel("Your role at the company").fill("Head of partnerships");
  await sam.getByLabel("How can we check?").fill(`Our team page lists me; write to the founders (${stamp()}).`);
  await sam.getByRole("button", { name: "Send to our team" }).click();
  await expect(sam.getByText("Your claim is with our team.")).toBeVisible();
  const admin = await newMember(browser, "Ada Admin", "/admin/claims");
  const item = admin.getByTestId("listing-claim").filter({ hasText: "Sam Subscriber" }).filter({ hasText: target.name });
  await item.getByRole("button", { name: /^Approve/ }).click();
  await expect(admin.getByText(`Approved: Sam Subscriber now keeps ${target.name}, and has been e-mailed.`)).toBeVisible();
  await waitForMail((m) => m.to.includes("sam.subscriber@demo.introbase.test") && m.subject === `You now keep ${target.name} on Introbase`);
  await sam.goto("/my-listings");
  await expect(sam.getByRole("list", { name: "Listings you keep" }).getByRole("link", { name: target.name })).toBeVisible();
  await admin.close();
  await sam.close();
});
