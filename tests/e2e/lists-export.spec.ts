import { expect, test } from "./support/test.ts";
import { signInAs } from "./support/sign-in.ts";
import { signUpWithPassword } from "./support/sign-up.ts";
import { expectAccessible, expectFits } from "./support/page-checks.ts";

/**
 * Lists out (issue 37, decision 0121) in the browser, on the shared demo server: Sam Subscriber, a member of the demo
 * team, downloads the team's "Deal flow" as CSV (counted as one export); and a new member adds a saved search's new
 * results to a list in one click, with the plain form on the opened saved search.
 */
test("Sam exports the team's Deal flow as CSV, every row as his own card shows it", async ({ page, browser }, testInfo) => {
  await signInAs(page, "Sam Subscriber");
  const lists = (await (await page.request.get("/api/lists")).json()) as {
    lists: Array<{ id: string; name: string; team: { name: string } | null }>;
  };
  const dealFlow = lists.lists.find((l) => l.name === "Deal flow");
  expect(dealFlow?.team?.name).toBe("Northwind Ventures");

  const answer = await page.request.get(`/lists/${dealFlow!.id}/export.csv`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-disposition"]).toMatch(/^attachment; filename="introbase-list-deal-flow-\d{4}-\d{2}-\d{2}\.csv"$/);
  const rows = new TextDecoder("utf-8", { ignoreBOM: true })
    .decode(await answer.body())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(rows[0]).toBe(
    '"Name","Type","Profile URL","Status","Tags","Notes","Latest Note","Latest Note By","Latest Note At","Added By","Added At","Tagline","Funding Stage","Industries","Countries","Business Model","Access"',
  );
  expect(rows.length).toBeGreaterThanOrEqual(4);
  for (const row of rows.slice(1)) expect(row).toMatch(/^"[^"]+","startup","http[^"]+\/profile\/startup\/[^"]+","Sourced",/);

  // A stranger's guess at the same address: 404, as for a list that does not exist.
  // /following lists the team's follows under the team's name, with Sam's switch for the team's digest.
  await page.goto("/following");
  await expect(page.getByRole("heading", { name: "Followed by Northwind Ventures" })).toBeVisible();
  await expect(page.getByText("Northwind Ventures' follows and saved searches in my digest:")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Opt (in|out)$/ })).toBeVisible();
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectFits(page);
    await page.screenshot({ path: testInfo.outputPath(`following-team-${width}.png`), fullPage: true });
  }

  const stranger = await browser.newPage();
  await signInAs(stranger, "Pat Public");
  expect((await stranger.request.get(`/lists/${dealFlow!.id}/export.csv`)).status()).toBe(404);
  await stranger.close();
});

test("a saved search's new results go to a list in one click", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const origin = new URL(baseURL!).origin;
  const id = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9)}`;
  await signUpWithPassword(page, origin, { name: "Lou Lister", email: `lou.${id}@example.org`, password: "a long enough password" });
  const choose = async (plan: string) => {
    await page.goto("/settings");
    await page.getByRole("button", { name: "Upgrade plan" }).click();
    await page
      .getByRole("dialog", { name: "Upgrade your plan" })
      .getByRole("button", { name: `Choose ${plan}` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: `Your plan is now ${plan}` })).toBeVisible();
  };
  await choose("Subscriber");

  // A saved search as a subscriber sees it, and a list to keep its results in.
  const saved = await page.request.post("/api/saved-searches", {
    headers: { origin },
    data: { name: "Every startup", query: "type=startup" },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const searchId = ((await saved.json()) as { savedSearch: { id: string } }).savedSearch.id;
  const made = await page.request.post("/api/lists", { headers: { origin }, data: { name: "Lou's picks" } });
  expect(made.status(), await made.text()).toBe(201);
  const listId = ((await made.json()) as { list: { id: string } }).list.id;

  // Premium opens the premium startups: they are new to this search.
  await choose("Premium");
  await page.goto(`/saved-searches/${searchId}`);
  await expect(page.getByRole("status").first()).toContainText(/[1-9]\d* new since you last looked/);
  // Opening marks the search looked at, so both widths are shot from this one visit.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectFits(page);
    await page.screenshot({ path: testInfo.outputPath(`saved-search-to-list-${width}.png`) });
  }
  await expectAccessible(page);
  await expect(page.getByLabel(/^Add the \d+ new results? to$/)).toHaveValue(listId);
  const n = Number(/Add the (\d+)/.exec((await page.getByText(/^Add the \d+ new/).textContent()) ?? "")![1]);
  await page.getByRole("button", { name: "Add to list" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added" })).toHaveText(new RegExp(`^Added ${n} listings? to Lou's picks\\.`));
  const entries = (await (await page.request.get(`/api/lists/${listId}/entries`)).json()) as { entries: unknown[] };
  expect(entries.entries).toHaveLength(n);
  // Looked at: nothing is new any more, so there is nothing to add.
  await page.goto(`/saved-searches/${searchId}`);
  await expect(page.getByRole("status").first()).toContainText("0 new since you last looked");
  await expect(page.getByRole("button", { name: "Add to list" })).toHaveCount(0);
});
