/**
 * Owner insights in the browser (issue 36, decision 0117), on a server of its own whose database gives Sam Subscriber
 * a startup to keep (the claim itself is another part's journey): people's views of the profile and the directory
 * pages that show it are counted, a crawler's are not; the owner sees "Fewer than 5" until there are 5, then the
 * number; the intro requests' outcomes; the monthly e-mail's switch without JavaScript; an operator sends the summary
 * now and its one-click unsubscribe (a POST with no session) turns it off. A member who does not keep it gets a 404.
 */
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { waitForMail } from "./support/mail.ts";
import { freePort, preparedDatabase, startOwnServer, type OwnServer } from "./support/own-server.ts";
import { signInAs } from "./support/sign-in.ts";
import { expect, test, type Browser } from "./support/test.ts";

const SMTP_PORT = Number(process.env.E2E_PORT || 3210) + 1;
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let server: OwnServer | undefined;
let root: string;
let base: string;
let kept: { id: string; name: string; path: string };

test.describe("owner insights", () => {
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const prepared = preparedDatabase(
      "introbase-insights-",
      `await seedListings(database, 40);
       await ensureDemoUsers(database);
       const [l] = await database.rows(sql\`SELECT id, name, type, slug FROM listings
         WHERE processing_status = 'published' AND type = 'startup' AND visibility = 'public' ORDER BY name LIMIT 1\`);
       await grantOwnership(database.db, { listingId: l.id, listingName: l.name, userId: "demo-subscriber", via: "operator",
         actor: { id: "demo-admin", source: "admin" } });
       // Two requests to it: one the recipient accepted, one an operator screened out.
       await database.rows(sql\`INSERT INTO intro_requests (listing_id, recipient_name, requester_id, requester_name,
         requester_email, message, status, responded_at) VALUES
         (\${l.id}, \${l.name}, 'demo-premium', 'Priya Premium', 'priya.premium@demo.introbase.test', 'Hello', 'accepted', now()),
         (\${l.id}, \${l.name}, 'demo-public', 'Pat Public', 'pat.public@demo.introbase.test', 'Hi', 'rejected', NULL)\`);
       const { writeFileSync } = await import("node:fs");
       writeFileSync(new URL("./kept.json", import.meta.url), JSON.stringify({ id: l.id, name: l.name, path: "/profile/" + l.type + "/" + l.slug }));`,
      {
        seedListings: "demo/seed-database.ts",
        ensureDemoUsers: "demo/demo-users.ts",
        grantOwnership: "app/features/listing-owners/ownership.server.ts",
        sql: "node_modules/drizzle-orm/index.js",
      },
    );
    root = prepared.root;
    kept = JSON.parse(readFileSync(path.join(root, "kept.json"), "utf8")) as typeof kept;
    server = await startOwnServer({ port: await freePort(), pgliteDir: prepared.dir, env: { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` } });
    base = server.base;
  });

  test.afterAll(async () => {
    await server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  /** `count` views of the profile by people not signed in (each a fresh browser), and one by a crawler. */
  async function visit(browser: Browser, count: number) {
    for (let i = 0; i < count; i++) {
      const context = await browser.newContext({ baseURL: base });
      const page = await context.newPage();
      await page.goto(kept.path);
      await expect(page.getByRole("heading", { level: 1, name: kept.name })).toBeVisible();
      // And a directory search that shows it: a search appearance.
      await page.goto(`/listings?search=${encodeURIComponent(kept.name)}&interpret=false`);
      await expect(page.getByRole("link", { name: kept.name }).first()).toBeVisible();
      await context.close();
    }
  }

  test("the owner sees the views and appearances they just caused, never a count under 5, and the outcomes", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: base });
    const owner = await context.newPage();
    const insights = `/my-listings/${kept.id}/insights`;
    await signInAs(owner, "Sam Subscriber", { returnTo: insights });
    await expect(owner.getByRole("heading", { name: "Views and search appearances" })).toBeVisible();
    await expect(owner.getByTestId("this-week")).toHaveText("No profile views this week yet.");

    await visit(browser, 3);
    const bot = await browser.newContext({ baseURL: base, userAgent: GOOGLEBOT });
    await (await bot.newPage()).goto(kept.path);
    await bot.close();
    await owner.reload();
    await expect(owner.getByTestId("this-week")).toHaveText("Fewer than 5 views this week: a week's views are shown from 5.");
    const thisWeek = owner.getByTestId("weeks-table").getByRole("row").nth(1);
    // Views and appearances alike: 3 of each, said only as under 5.
    await expect(thisWeek.getByRole("cell")).toHaveText(["Fewer than 5", "Fewer than 5"]);

    await visit(browser, 2);
    await owner.reload();
    // Five people, not six: the crawler counted nothing.
    await expect(owner.getByTestId("this-week")).toHaveText("5 profile views this week.");
    await expect(thisWeek.getByRole("cell").nth(0)).toHaveText("5");
    await expect(thisWeek.getByRole("cell").nth(1)).toHaveText("5");

    const outcomes = owner.getByTestId("intro-outcomes").getByRole("row").nth(1);
    await expect(outcomes.getByRole("cell").nth(0)).toHaveText("2");
    await expect(outcomes.getByRole("cell").nth(1)).toHaveText("1");
    await expect(outcomes.getByRole("cell").nth(2)).toHaveText("1");
    await context.close();
  });

  test("the monthly e-mail: off and on without JavaScript, sent now by an operator, and one click turns it off", async ({ browser }) => {
    const insights = `/my-listings/${kept.id}/insights`;
    const ownerContext = await browser.newContext({ baseURL: base });
    const owner = await ownerContext.newPage();
    await signInAs(owner, "Sam Subscriber", { returnTo: insights });
    const plain = await browser.newContext({ baseURL: base, javaScriptEnabled: false, storageState: await ownerContext.storageState() });
    const noScript = await plain.newPage();
    await noScript.goto(insights);
    await noScript.getByRole("button", { name: "Turn the monthly e-mail off" }).click();
    await expect(noScript.getByTestId("summary-state")).toHaveText("Off: you get no monthly summary.");
    await noScript.getByRole("button", { name: "Turn the monthly e-mail on" }).click();
    await expect(noScript.getByTestId("summary-state")).toContainText("On:");
    await plain.close();

    const adminContext = await browser.newContext({ baseURL: base });
    const admin = await adminContext.newPage();
    await signInAs(admin, "Ada Admin", { returnTo: "/admin/digests" });
    await admin.getByRole("button", { name: "Send the owners' summary of this month now" }).click();
    await expect(admin.getByText(/The owners' monthly summary is queued/)).toBeVisible();
    // The server's own timer already sent last month's summary at start (no views then); this month's has the walk's.
    const mail = await waitForMail(
      (m) =>
        m.to.includes("sam.subscriber@demo.introbase.test") &&
        m.text.includes(`/my-listings/${kept.id}/insights`) &&
        m.text.includes("5 profile views, 5 search appearances, 2 introduction requests (1 accepted, 0 declined)"),
      30_000,
    );
    expect(mail.subject).toMatch(/^Your Introbase listing in [A-Z][a-z]{2} \d{4}$/);
    expect(mail.text).toContain(kept.name);
    const link = /Stop these monthly summaries: (\S+)/.exec(mail.text)![1]!.replace(/^https?:\/\/[^/]+/, base);
    await adminContext.close();

    // The mail client's one click: a POST without any cookie.
    const mailClient = await browser.newContext();
    const forged = await mailClient.request.post(link.slice(0, -3) + "AAA", { form: { "List-Unsubscribe": "One-Click" } });
    expect(forged.status()).toBe(400);
    const click = await mailClient.request.post(link, { form: { "List-Unsubscribe": "One-Click" } });
    expect(click.status()).toBe(200);
    await mailClient.close();
    await owner.goto(insights);
    await expect(owner.getByTestId("summary-state")).toHaveText("Off: you get no monthly summary.");
    await ownerContext.close();
  });

  test("a member who does not keep the listing gets a 404", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await signInAs(page, "Priya Premium", { returnTo: "/settings" });
    const response = await page.goto(`/my-listings/${kept.id}/insights`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("You don't keep this listing.")).toBeVisible();
    await context.close();
  });
});
