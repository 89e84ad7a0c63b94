import { rmSync, writeFileSync } from "node:fs";
import { expect, test, type Page } from "./support/test.ts";
import { expectAccessible, expectFits } from "./support/page-checks.ts";
import { freePort, preparedDatabase, startOwnServer, type OwnServer } from "./support/own-server.ts";
import { signInAs } from "./support/sign-in.ts";

/**
 * Owners edit their profile (issue 36, decision 0115) on a server of its own whose database already records a member
 * as the owner of a demo startup (part A's claim flow grants it in the product; here grantOwnership does): the owner
 * sends a new tagline, which waits for review and changes nothing public; an operator sees the diff and approves it;
 * the profile then shows it with "Submitted by the company", and the owner sees it approved. Both pages fit at 1280
 * and 390 px and keep WCAG 2.2 AA.
 */
let server: OwnServer | undefined;
let root: string;
const OWNER = { name: "Olive Owner", email: "olive@owner-edits.example", password: "a long owner passphrase" };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const prepared = preparedDatabase(
    "introbase-owner-edits-",
    `await seedListings(database, 24);
     await getAuth(database).api.signUpEmail({ body: ${JSON.stringify(OWNER)}, headers: new Headers({ origin: "http://localhost:3000" }) });
     await database.db.execute("UPDATE users SET email_verified = true WHERE email = '${OWNER.email}'");
     const [owner] = await database.rows(sql\`SELECT id FROM users WHERE email = ${"${"}"${OWNER.email}"${"}"}\`);
     const [listing] = await database.rows(sql\`SELECT id::text AS id, name FROM listings WHERE type = 'startup'
       AND processing_status = 'published' AND visibility = 'public' ORDER BY slug LIMIT 1\`);
     await grantOwnership(database.db, { listingId: listing.id, listingName: listing.name, userId: owner.id, via: "operator",
       actor: { id: owner.id, source: "admin" } });`,
    {
      seedListings: "demo/seed-database.ts",
      getAuth: "app/lib/auth.server.ts",
      grantOwnership: "app/features/listing-owners/ownership.server.ts",
      sql: "node_modules/drizzle-orm/index.js",
    },
  );
  root = prepared.root;
  server = await startOwnServer({ port: await freePort(), pgliteDir: prepared.dir });
});

test.afterAll(async () => {
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

async function look(page: Page, name: string, path: string, outputPath: (file: string) => string) {
  await expectAccessible(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectFits(page);
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // The page as the server sent it, for the Nu HTML checker (this server's origin is not among those the suite keeps).
  writeFileSync(outputPath(`${name}.html`), await (await page.request.get(path)).text());
}

test("an owner's edit waits for review, an operator approves it, and the profile shows it as submitted by the company", async ({
  browser,
}, testInfo) => {
  const tagline = `Ledgers that close themselves ${crypto.randomUUID().slice(0, 6)}`;
  const owner = await (await browser.newContext({ baseURL: server!.base, viewport: { width: 1280, height: 900 } })).newPage();
  // Signed out, the owners' area sends the member to sign in, and back.
  await owner.goto("/my-listings");
  const signIn = owner.getByRole("main");
  await signIn.getByLabel("Email").fill(OWNER.email);
  await signIn.getByLabel("Password").fill(OWNER.password);
  await signIn.getByRole("button", { name: "Sign in with password" }).click();
  await expect(owner).toHaveURL(/\/my-listings$/);
  const kept = owner.getByRole("list", { name: "Listings you keep" }).getByRole("link");
  const listingName = (await kept.first().textContent())!;
  await kept.first().click();
  await owner.getByRole("navigation", { name: "Listing sections" }).getByRole("link", { name: "Edit profile" }).click();
  await expect(owner.getByRole("heading", { level: 2, name: "About" })).toBeVisible();
  const editPath = new URL(owner.url()).pathname;
  // The operator's settings are not on the owner's form.
  await expect(owner.getByLabel("Slug")).toHaveCount(0);
  await expect(owner.getByLabel("Featured")).toHaveCount(0);
  await owner.getByLabel("Tagline").fill(tagline);
  await owner.getByRole("button", { name: "Send changes" }).click();
  await expect(owner.getByRole("status").filter({ hasText: "your changes were sent for review" })).toBeVisible();
  await expect(owner.getByText("Waiting for review")).toBeVisible();
  await look(owner, "owner-edit", editPath, (f) => testInfo.outputPath(f));

  // Nothing public changed yet.
  const profileLink = owner.getByRole("link", { name: "View the public profile" });
  const profilePath = (await profileLink.getAttribute("href"))!;
  const before = await (await fetch(`${server!.base}${profilePath}`)).text();
  expect(before).not.toContain(tagline);

  const admin = await (await browser.newContext({ baseURL: server!.base, viewport: { width: 1280, height: 900 } })).newPage();
  await signInAs(admin, "Ada Admin", { returnTo: "/admin/listing-changes" });
  await admin.getByRole("table", { name: "Changes waiting for review" }).getByRole("link", { name: listingName }).click();
  const diff = admin.getByRole("table", { name: "Proposed values against the stored ones" });
  await expect(diff.getByRole("row", { name: /Tagline/ })).toContainText(tagline);
  await look(admin, "change-review", new URL(admin.url()).pathname, (f) => testInfo.outputPath(f));
  await admin.getByRole("button", { name: "Approve and publish" }).click();
  await expect(admin.getByText("Approved and published. The owner has been e-mailed.")).toBeVisible();

  const visitor = await (await browser.newContext({ baseURL: server!.base })).newPage();
  await visitor.goto(profilePath);
  await expect(visitor.getByText(tagline)).toBeVisible();
  await expect(visitor.locator("[data-provenance]").filter({ hasText: "Submitted by the company" }).first()).toBeVisible();

  await owner.reload();
  await expect(owner.getByText("Approved and published")).toBeVisible();
});
