import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { signInAs, type DemoUserName } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

/**
 * Lists (issue 37, decision 0120) on the shared demo server: the demo team "Northwind Ventures" (Priya Premium owns it,
 * Sam Subscriber is in it) shares the list "Deal flow". The first journey leaves that list as it found it (entries in
 * Sourced, no notes or tags): the integrator's walk uses it too.
 */

async function openDealFlow(page: Page) {
  await page.goto("/lists");
  await page.getByRole("link", { name: "Deal flow" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Deal flow" })).toBeVisible();
}

const column = (page: Page, name: string) => page.getByRole("list", { name: `${name}: entries` });

async function member(browser: Browser, baseURL: string, who: DemoUserName) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAs(page, who, { returnTo: "/lists" });
  return { page, close: () => context.close() };
}

test("two members of a team share a list: a move, a note and a tag seen by the other, a comment back, the table sorted and filtered", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, "Priya Premium", { returnTo: "/lists" });
  await expect(page.getByRole("heading", { name: /Northwind Ventures/ })).toBeVisible();
  await openDealFlow(page);
  await expect(page.getByRole("main").getByText("Northwind Ventures", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /\/lists\/[0-9a-f-]+\/export\.csv$/);
  const listUrl = page.url();

  // The first entry of Sourced moves one column right, with the card's arrow (a plain form).
  const first = column(page, "Sourced").getByRole("heading", { level: 3 }).first();
  const name = (await first.textContent())!.trim();
  await page.getByRole("button", { name: `Move ${name} to Contacted` }).click();
  await expect(column(page, "Contacted").getByRole("link", { name, exact: true })).toBeVisible();
  await expect(column(page, "Sourced").getByRole("link", { name, exact: true })).toHaveCount(0);

  // A note and a tag on the entry.
  await column(page, "Contacted").getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByLabel("Add a note").fill("Met the founders at demo day <b>not bold</b>");
  await page.getByRole("button", { name: "Add note" }).click();
  const notes = page.getByRole("list", { name: "Notes" });
  await expect(notes.getByRole("listitem")).toHaveCount(1);
  await expect(notes).toContainText("Priya Premium");
  await expect(notes).toContainText("Met the founders at demo day <b>not bold</b>");
  await page.getByLabel("Add a tag").fill("  Fintech ");
  await page.getByRole("button", { name: "Add tag" }).click();
  await expect(page.getByRole("list", { name: "Tags" })).toContainText("#fintech");
  const entryUrl = page.url();

  // Sam, in the same team, sees it in Contacted with Priya's note (author and date), and comments.
  const sam = await member(browser, baseURL!, "Sam Subscriber");
  await sam.page.goto(listUrl);
  await expect(column(sam.page, "Contacted").getByRole("link", { name, exact: true })).toBeVisible();
  await column(sam.page, "Contacted").getByRole("link", { name, exact: true }).click();
  const samNotes = sam.page.getByRole("list", { name: "Notes" });
  await expect(samNotes.getByRole("listitem").first()).toContainText("Priya Premium");
  await expect(samNotes.getByRole("listitem").first().locator("time")).toHaveText(/just now|seconds? ago|minutes? ago/);
  // Only its author may delete a note: Sam has no Delete on Priya's.
  await expect(samNotes.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  await sam.page.getByLabel("Add a note").fill("I will follow up next week.");
  await sam.page.getByRole("button", { name: "Add note" }).click();
  await expect(samNotes.getByRole("listitem")).toHaveCount(2);
  await expect(samNotes.getByRole("listitem").nth(1)).toContainText("Sam Subscriber");
  await expect(sam.page.getByRole("heading", { name: "History" })).toBeVisible();
  await expect(sam.page.getByText(`Priya Premium moved ${name} from Sourced to Contacted`)).toBeVisible();

  // The table: sorted by name, filtered by tag and by status, from the URL.
  await sam.page.goto(listUrl);
  await sam.page.getByRole("link", { name: "Table", exact: true }).click();
  const rows = sam.page.getByRole("region", { name: "Entries" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await sam.page.getByRole("link", { name: /^Name/ }).click();
  await expect(sam.page.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "ascending");
  const names = (await rows.locator("td:first-child a").allTextContents()).map((n) => n.trim());
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base", numeric: true })));
  await sam.page.getByLabel("Tag").selectOption("fintech");
  await sam.page.getByRole("button", { name: "Filter" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await sam.page.goto(`${listUrl}?view=table`);
  await sam.page.getByLabel("Status").selectOption({ label: "Sourced" });
  await sam.page.getByRole("button", { name: "Filter" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: name })).toHaveCount(0);

  // Sam takes his comment back; Priya hers, the tag, and puts the entry back in Sourced.
  await sam.page.goto(entryUrl);
  await sam.page.getByRole("button", { name: "Delete your note" }).click();
  await expect(samNotes.getByRole("listitem")).toHaveCount(1);
  await sam.close();
  await page.goto(entryUrl);
  await page.getByRole("button", { name: "Delete your note" }).click();
  await expect(page.getByText("No notes yet.")).toBeVisible();
  await page.getByRole("button", { name: "Remove the tag fintech" }).click();
  await expect(page.getByText("No tags yet.")).toBeVisible();
  await page.goto(listUrl);
  await page.getByRole("button", { name: `Move ${name} to Sourced` }).click();
  await expect(column(page, "Sourced").getByRole("heading", { level: 3 })).toHaveCount(3);
});

test("a member adds listings to a private list from a directory card, a selection of results and a profile", async ({ page }) => {
  await signInAs(page, "Sam Subscriber", { returnTo: "/listings?type=startups" });
  const listName = `Picks ${test.info().retry}-${Date.now().toString(36)}`;
  const cards = page.locator("article.listing-card");
  const firstName = (await cards.nth(0).getByRole("heading", { level: 3 }).textContent())!.trim();
  await cards
    .nth(0)
    .getByRole("link", { name: /^Add to list/ })
    .click();
  await expect(page.getByRole("list", { name: "Chosen listings" })).toContainText(firstName);
  await page.getByLabel("List", { exact: true }).selectOption("new");
  await page.getByLabel("New list's name").fill(listName);
  await page.getByRole("button", { name: "Add 1 listing" }).click();
  await expect(page.getByRole("status")).toHaveText(`Added 1 listing to ${listName}.`);
  await page.getByRole("link", { name: "Back to where you were" }).click();
  await expect(page).toHaveURL(/\/listings\?type=startups$/);

  // Two more ticked on the results page, added at once.
  const [second, third] = [cards.nth(1), cards.nth(2)];
  const picked = [];
  for (const card of [second, third]) {
    picked.push((await card.getByRole("heading", { level: 3 }).textContent())!.trim());
    await card.getByRole("checkbox", { name: /^Select/ }).check();
  }
  await expect(page).toHaveURL(/\/listings\?type=startups$/);
  await page.getByRole("button", { name: "Add selected to list" }).click();
  await expect(page.getByRole("list", { name: "Chosen listings" }).getByRole("listitem")).toHaveCount(2);
  await page.getByLabel("List", { exact: true }).selectOption({ label: `${listName} (Private)` });
  await page.getByRole("button", { name: "Add 2 listings" }).click();
  await expect(page.getByRole("status")).toHaveText(`Added 2 listings to ${listName}.`);

  // From a profile, beside Follow; the one already on the list is said so.
  await page.goto("/listings?type=startups");
  await cards.nth(1).getByRole("link", { name: picked[0], exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: picked[0] })).toBeVisible();
  await page.getByRole("link", { name: /^Add to list/ }).click();
  await page.getByLabel("List", { exact: true }).selectOption({ label: `${listName} (Private)` });
  await page.getByRole("button", { name: "Add 1 listing" }).click();
  await expect(page.getByRole("status")).toHaveText(`Nothing new was added to ${listName}. 1 listing was on it already.`);
  await page.getByRole("link", { name: `Open ${listName}` }).click();
  await expect(page.getByText("Private", { exact: true })).toBeVisible();
  await expect(column(page, "Sourced").getByRole("heading", { level: 3 })).toHaveCount(3);

  // The list goes again, so a rerun starts from the same place.
  await page.getByRole("link", { name: "Columns and settings" }).click();
  await page.getByRole("button", { name: `Delete ${listName}` }).click();
  await expect(page).toHaveURL(/\/lists$/);
  await expect(page.getByRole("link", { name: listName })).toHaveCount(0);
});

test("without JavaScript, a card moves on the board by its arrow and by its Move form", async ({ page, browser, baseURL }) => {
  await signInAs(page, "Priya Premium", { returnTo: "/lists" });
  const plain = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
  const noScript = await plain.newPage();
  await openDealFlow(noScript);
  const name = (await column(noScript, "Sourced").getByRole("heading", { level: 3 }).first().textContent())!.trim();
  await noScript.getByRole("button", { name: `Move ${name} to Contacted` }).click();
  await expect(column(noScript, "Contacted").getByRole("link", { name, exact: true })).toBeVisible();
  await expect(noScript.getByRole("status")).toHaveText("Moved to Contacted.");
  // Back with the card's own form: its status chosen from the list, then Move.
  await noScript.getByLabel(`Move ${name} to`, { exact: true }).selectOption({ label: "Sourced" });
  await column(noScript, "Contacted").getByRole("button", { name: "Move", exact: true }).click();
  await expect(column(noScript, "Sourced").getByRole("link", { name, exact: true })).toBeVisible();
  await expect(column(noScript, "Contacted").getByRole("heading", { level: 3 })).toHaveCount(0);
  await plain.close();
});

test("a list's pages have no serious accessibility violations and fit a 360 px phone, the board scrolling inside itself", async ({
  page,
}) => {
  await signInAs(page, "Priya Premium", { returnTo: "/lists" });
  await openDealFlow(page);
  const list = new URL(page.url()).pathname;
  const entry = await column(page, "Sourced").getByRole("link").first().getAttribute("href");
  for (const path of [list, `${list}?view=table&sort=name&dir=asc`, `${list}?view=history`, `${list}?view=settings`, entry!, "/lists"]) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
    expect({ path, serious }).toEqual({ path, serious: [] });
    await page.setViewportSize({ width: 360, height: 800 });
    const overflow = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve(Math.max(0, document.documentElement.scrollWidth - window.innerWidth))),
          ),
        ),
    );
    expect({ path, overflow }).toEqual({ path, overflow: 0 });
  }
});
