/**
 * Issue 29 over HTTP (decision 0070): an operator empties, then sets again, a listing's premium-only phone and e-mail
 * in the listing editor; a visitor and a subscriber fetch the profile page, its route data and the JSON API before and
 * after, and receive the same bytes: no "Updated … · Edited by Introbase" line moves, no lock or mask comes or goes.
 * A premium member sees each change, so the comparison is of something that did change. On the operators' server
 * (playwright.config.ts), as it edits a listing.
 */
import type { APIRequestContext } from "@playwright/test";
import { requestAs } from "./support/request-as.ts";
import { signInAs } from "./support/sign-in.ts";
import { expect, test, type Page } from "./support/test.ts";

/** The per-request script nonce, as an attribute and in the root's route data (plain or inside the page's script). */
const NONCE = /(nonce="|\\?"nonce\\?",\\?")[A-Za-z0-9+/=]+/g;

/** What a viewer receives for the profile: the page, its route data and the JSON API, each nonce aside. */
async function received(context: APIRequestContext, slug: string): Promise<string> {
  const page = await context.get(`/profile/startup/${slug}`);
  const routeData = await context.get(`/profile/startup/${slug}.data`);
  const api = await context.get(`/api/listings/startup/${slug}`);
  for (const answer of [page, routeData, api]) expect(answer.status()).toBe(200);
  return [await page.text(), await routeData.text(), await api.text()].join("\n----\n").replace(NONCE, "$1");
}

async function saveContacts(page: Page, name: string, { phone, email }: { phone: string; email: string }) {
  await page.goto("/admin/listings");
  await page.getByLabel("Search by name").fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await page.getByLabel("Phone", { exact: true }).fill(phone);
  await page.getByLabel("Contact e-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved.", { exact: true })).toBeVisible();
}

test("emptying and setting a premium-only phone and e-mail changes nothing a visitor or a subscriber receives", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const baseURL = testInfo.project.use.baseURL!;
  const premium = await requestAs(baseURL, "demo-premium");
  // A public startup with a phone and an e-mail, both premium-only (the default, decision 0066).
  const listed = (await (await premium.get("/api/listings?type=startups&pageSize=100")).json()) as {
    data: Array<{ slug: string; name: string; listingVisibility: string }>;
  };
  let subject: { slug: string; name: string } | undefined;
  for (const item of listed.data.filter((i) => i.listingVisibility === "public")) {
    const { data } = (await (await premium.get(`/api/listings/startup/${item.slug}`)).json()) as {
      data: { phone: string | null; contactEmail: string | null; fieldVisibility: Record<string, string> };
    };
    if (data.phone && data.contactEmail && !data.fieldVisibility.phone && !data.fieldVisibility.contactEmail) {
      subject = item;
      break;
    }
  }
  expect(subject, "a public startup with a premium-only phone and e-mail").toBeTruthy();
  const { slug, name } = subject!;

  const visitor = await requestAs(baseURL, null);
  const subscriber = await requestAs(baseURL, "demo-subscriber");
  // A member's first view of the month says it was counted, the next ones do not: compare views like any other.
  for (const member of [subscriber, premium]) await received(member, slug);
  const before = {
    visitor: await received(visitor, slug),
    subscriber: await received(subscriber, slug),
    premium: await received(premium, slug),
  };
  expect(before.visitor, "the page locks the contacts").toContain("Upgrade to access executive contacts");

  await signInAs(page, "Ada Admin", { returnTo: "/admin/listings" });
  await saveContacts(page, name, { phone: "", email: "" });
  expect(await received(visitor, slug), "what a visitor receives once they are emptied").toBe(before.visitor);
  expect(await received(subscriber, slug), "what a subscriber receives once they are emptied").toBe(before.subscriber);
  const emptied = await received(premium, slug);
  expect(emptied, "a premium member sees them gone").not.toBe(before.premium);

  await saveContacts(page, name, { phone: "+44 20 7946 0999", email: "a.much.longer.address@somewhere-else.example" });
  expect(await received(visitor, slug), "what a visitor receives once they are set again").toBe(before.visitor);
  expect(await received(subscriber, slug), "what a subscriber receives once they are set again").toBe(before.subscriber);
  expect(await received(premium, slug), "a premium member sees the new ones").toContain("a.much.longer.address@somewhere-else.example");

  for (const context of [premium, visitor, subscriber]) await context.dispose();
});
