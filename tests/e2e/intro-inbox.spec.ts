import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "./support/test.ts";
import { expectAccessible, expectFits } from "./support/page-checks.ts";
import { allMail, linkIn, waitForMail } from "./support/mail.ts";
import { freePort, preparedDatabase, startOwnServer, type OwnServer } from "./support/own-server.ts";
import { signInAs } from "./support/sign-in.ts";

/**
 * The intro inbox of a claimed listing (issue 36, decision 0116), on a server of its own whose database has Priya Premium
 * keeping one demo startup: Sam Subscriber asks for an introduction, an operator approves it, it arrives in Priya's
 * inbox (and by e-mail to her, not to the listing's contact), she accepts it there with a note, and the introduction
 * e-mail quotes it. Then she pauses the listing, and Sam's dialog says so before he writes a word.
 */
let server: OwnServer | undefined;
let root: string;
let listing: { id: string; name: string; type: string; slug: string; contact: string | null };
const PRIYA = "priya.premium@demo.introbase.test";
const SAM = "sam.subscriber@demo.introbase.test";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const listingFile = path.join(tmpdir(), `introbase-inbox-listing-${process.pid}.json`);
  const prepared = preparedDatabase(
    "introbase-inbox-",
    `await seedListings(database, 40);
     await ensureDemoUsers(database);
     const [row] = await database.rows(sql\`SELECT id::text AS id, name, type, slug, primary_contact_email AS contact FROM listings
       WHERE type = 'startup' AND visibility = 'public' AND processing_status = 'published' ORDER BY slug LIMIT 1\`);
     await grantOwnership(database.db, { listingId: row.id, listingName: row.name, userId: "demo-premium", via: "operator",
       actor: { id: "demo-admin", source: "admin" } });
     (await import("node:fs")).writeFileSync(${JSON.stringify(listingFile)}, JSON.stringify(row));`,
    {
      seedListings: "demo/seed-database.ts",
      ensureDemoUsers: "demo/demo-users.ts",
      grantOwnership: "app/features/listing-owners/ownership.server.ts",
      sql: "node_modules/drizzle-orm/index.js",
    },
  );
  root = prepared.root;
  listing = JSON.parse(readFileSync(listingFile, "utf8"));
  rmSync(listingFile);
  const port = Number(process.env.E2E_PORT || 3210);
  server = await startOwnServer({ port: await freePort(), pgliteDir: prepared.dir, env: { SMTP_URL: `smtp://127.0.0.1:${port + 1}` } });
});

test.afterAll(async () => {
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function pageOf(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: server!.base, viewport: { width, height: 900 } });
  return context.newPage();
}

async function openDialog(page: Page) {
  await page.goto(`/profile/${listing.type}/${listing.slug}`);
  await page.getByRole("button", { name: "Request Introduction" }).first().click();
  return page.getByRole("dialog", { name: "Request an Introduction" });
}

test("a requester's intro, approved by an operator, lands in the owner's inbox and is accepted there with a note", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const sam = await pageOf(browser);
  await signInAs(sam, "Sam Subscriber", { returnTo: "/listings" });
  const dialog = await openDialog(sam);
  await expect(dialog.getByLabel("To")).toHaveValue(listing.name);
  await dialog.getByRole("button", { name: "Generate with AI" }).click();
  await sam.getByText("I'm not a robot").click();
  await expect
    .poll(() => sam.locator("altcha-widget").evaluate((w) => (w as HTMLElement & { getState(): string }).getState()), { timeout: 20_000 })
    .toBe("verified");
  await dialog.getByRole("button", { name: "Send Request" }).click();
  await expect(sam.getByText("Introduction request sent!")).toBeVisible();

  const ada = await pageOf(browser);
  await signInAs(ada, "Ada Admin", { returnTo: "/admin/intros" });
  const item = ada.getByTestId("intro-request").filter({ hasText: "Sam Subscriber" }).filter({ hasText: listing.name });
  await expect(item).toContainText("goes to the listing's owners (claimed)");
  await item.getByRole("button", { name: "Approve" }).click();
  await expect(ada.getByText("Approved: the recipient has been e-mailed.")).toBeVisible();

  // The owner is e-mailed (with a link to the inbox); the listing's contact address is not.
  const ask = await waitForMail(
    (m) => m.subject === `Sam Subscriber would like an introduction to ${listing.name}` && m.to.includes(PRIYA),
  );
  expect(ask.text).not.toContain(SAM);
  expect(linkIn(ask.text, "/my-listings/")).toContain(`/my-listings/${listing.id}/inbox`);
  if (listing.contact)
    expect((await allMail()).filter((m) => m.to.includes(listing.contact!) && m.subject.includes("Sam Subscriber"))).toEqual([]);

  // Priya's own decline link: its page offers the reasons from the list (opening it answers nothing).
  const linkPage = await pageOf(browser);
  const declinePath = [...ask.text.matchAll(/\/introductions\/respond\/(\S+)/g)].map((m) => m[0])[1]!;
  await linkPage.goto(declinePath);
  await expect(linkPage.getByLabel("Reason shown to them (optional)")).toBeVisible();
  writeFileSync(testInfo.outputPath("respond-owner.html"), await (await linkPage.request.get(declinePath)).text());
  await linkPage.context().close();

  const priya = await pageOf(browser);
  await signInAs(priya, "Priya Premium", { returnTo: `/my-listings/${listing.id}/inbox` });
  await expect(priya.getByRole("heading", { name: "Introduction requests" })).toBeVisible();
  const card = priya.locator("li").filter({ has: priya.getByRole("heading", { name: /Sam Subscriber/ }) });
  await expect(card).toContainText("Waiting for your answer");
  await expectAccessible(priya);
  await expectFits(priya);
  await priya.screenshot({ path: testInfo.outputPath("inbox-1280.png"), fullPage: true });
  writeFileSync(testInfo.outputPath("inbox.html"), await (await priya.request.get(`/my-listings/${listing.id}/inbox`)).text());
  await priya.setViewportSize({ width: 390, height: 844 });
  await expectFits(priya);
  await priya.screenshot({ path: testInfo.outputPath("inbox-390.png"), fullPage: true });
  await priya.setViewportSize({ width: 1280, height: 900 });

  await card.getByLabel("Note for the introduction (optional)").fill("Happy to talk; Thursday afternoon suits us.");
  await card.getByRole("button", { name: "Accept introduction" }).click();
  await expect(priya.getByText("Accepted: we have sent one e-mail introducing you both.")).toBeVisible();
  await expect(card).toContainText("Accepted");

  const intro = await waitForMail((m) => m.subject === `Introduction: Sam Subscriber <> ${listing.name}` && m.to.includes(PRIYA));
  expect(intro.to.sort()).toEqual([PRIYA, SAM].sort());
  expect(intro.text).toContain("Happy to talk; Thursday afternoon suits us.");

  // Sam's settings show the outcome.
  await sam.goto("/settings");
  await expect(sam.locator("#intro-requests")).toContainText(listing.name);
  await expect(sam.locator("#intro-requests")).toContainText("Introduced");

  // Priya pauses the listing, from a browser without JavaScript (a plain form post): the dialog tells Sam up front.
  const plain = await browser.newContext({ baseURL: server!.base, javaScriptEnabled: false });
  await plain.addCookies(await priya.context().cookies());
  const noScript = await plain.newPage();
  await noScript.goto(`/my-listings/${listing.id}/inbox`);
  await noScript.getByLabel("Pause: take no introduction requests for now").check();
  await noScript.getByRole("button", { name: "Save preferences" }).click();
  await expect(noScript.getByText("Saved: requesters are told up front what you take.")).toBeVisible();
  await expect(noScript.getByLabel("Pause: take no introduction requests for now")).toBeChecked();
  await plain.close();
  const again = await openDialog(sam);
  await expect(again.getByRole("status")).toHaveText(`${listing.name} is not taking introduction requests at the moment.`);
  await expect(again.getByLabel("Message")).toHaveCount(0);
});
