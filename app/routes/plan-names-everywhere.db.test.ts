/**
 * One truth about plans (issue 30 §5, decision 0080), read where a member or a visitor reads it, over HTTP from the
 * whole application: an operator renames and reprices both paid plans at /admin/tiers, and every place then says
 * the new names and prices and never another: the tier records, the upgrade dialog's catalogue, settings, billing,
 * the locks on a profile, the access-control page, the demo sign-in chooser, the saved-search refusal and the plan
 * purchase. In demo billing every price shown says that no payment is taken.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY_TIERS } from "~/features/access/tier-definitions.ts";
import { readFileSync } from "node:fs";
import { Browser, locationOf, type Target } from "../../tests/multi-server/support/browser.ts";
import { signIn, type DemoUserId } from "../../tests/multi-server/support/sign-in.ts";
import { startAppOverHttp, type AppOverHttp } from "../../tests/support/app-over-http.ts";

let app: AppOverHttp;
let server: Target;
const browsers = new Map<DemoUserId, Browser>();

beforeAll(async () => {
  app = await startAppOverHttp();
  server = { url: app.base, name: "app" };
  for (const user of ["demo-public", "demo-subscriber", "demo-admin"] as const) {
    const browser = new Browser();
    await signIn(browser, server, user);
    browsers.set(user, browser);
  }
  const { getTierRows, updateTier } = await import("~/features/reference-editor/edit-tier.server.ts");
  const rows = await getTierRows(app.database);
  const values = (name: string) => rows.find((r) => r.name === name)!.values;
  const admin = { id: "demo-admin" };
  expect(
    await updateTier(
      app.database,
      "subscriber",
      { ...values("subscriber"), displayName: "Scout", monthlyPrice: "31", annualPrice: "310" },
      admin,
    ),
  ).toEqual({ ok: true });
  expect(
    await updateTier(
      app.database,
      "premium",
      { ...values("premium"), displayName: "Summit", monthlyPrice: "97", annualPrice: "970" },
      admin,
    ),
  ).toEqual({ ok: true });
});

afterAll(async () => {
  await app?.close();
});

const page = async (user: DemoUserId | null, path: string) => {
  const browser = user ? browsers.get(user)! : new Browser();
  const response = await browser.get(server, path);
  expect(response.status, path).toBe(200);
  return response.text();
};

/** The text of the page's main element, tags and React's markers out. */
const mainText = (html: string) =>
  html
    .slice(html.indexOf('<main id="main"'), html.indexOf("</main>"))
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** Every "$31" the text shows, each with what follows it. */
const pricesIn = (text: string) => [...text.matchAll(/\$\d[\d,.]*(?: per (?:month|year) or \$\d[\d,]*)?[^$]{0,60}/g)].map((m) => m[0]);

/** The plan names the old catalogue used: none may appear once the operator has renamed the plans. */
const OLD_NAMES = /\b(Enterprise|Premium plan|Subscriber plan|Premium members|Subscriber members)\b/;

describe("an operator's renamed and repriced plans", () => {
  it("are what the upgrade dialog sells (the catalogue every page carries)", async () => {
    // The root loader's data, as React Router streams it into the page.
    const html = await page("demo-public", "/");
    for (const text of ["Scout", "Summit", "Everything in Scout", "Access to listings and profile details for Scout members"])
      expect(html).toContain(`\\"${text}\\"`);
    expect(html).not.toMatch(/\\"(Premium|Enterprise|Subscriber)\\"/);
  });

  it("are the plan settings shows, with its price", async () => {
    const text = mainText(await page("demo-subscriber", "/settings"));
    expect(text).toContain("Subscription Tier Scout");
    expect(text).toMatch(/Scout · \$31 per month/);
    expect(text).toContain("Access to listings and profile details for Scout members");
    expect(text).not.toMatch(OLD_NAMES);
  });

  it("are the plan billing shows", async () => {
    const text = mainText(await page("demo-subscriber", "/settings/billing"));
    expect(text).toMatch(/Your plan Scout/);
    expect(text).not.toMatch(OLD_NAMES);
  });

  it("are the plans a lock names on a profile", async () => {
    const [listing] = await app.database.rows<{ type: string; slug: string }>(sql`
      SELECT l.type, l.slug FROM listings l
      WHERE l.visibility = 'public' AND l.processing_status = 'published' AND NOT (l.field_visibility ? 'team')
        AND EXISTS (SELECT 1 FROM team_members t WHERE t.listing_id = l.id)
      ORDER BY l.slug LIMIT 1`);
    const text = mainText(await page("demo-public", `/profile/${listing!.type}/${listing!.slug}`));
    expect(text).toContain("Available to Scout members");
    expect(text).not.toMatch(OLD_NAMES);
  });

  it("are the plans of the access-control page", async () => {
    const text = mainText(await page("demo-admin", "/debug/access-control"));
    expect(text).toMatch(/Scout \(subscriber\)/);
    expect(text).toContain("$31 per month or $310 per year");
    expect(text).toMatch(/Summit \(premium\)/);
    expect(text).not.toMatch(OLD_NAMES);
  });

  it("are the plans the demo sign-in page says each demo user has", async () => {
    const start = await new Browser().get(server, "/api/auth/signin?provider=google&returnTo=%2F");
    const chooser = locationOf(start, app.base);
    const html = await (await new Browser().get(server, chooser.pathname + chooser.search)).text();
    expect(html).toContain("Sam Subscriber");
    expect(html).toContain("Scout plan: access to listings and profile details for Scout members, 500 company views a month");
    expect(html).toContain("Summit plan: access to full directory listings and profiles, unlimited company views");
    expect(html).not.toMatch(/Enterprise|Premium plan|Premium: everything/);
  });

  it("are the plans a free member's refused saved search names", async () => {
    const answer = await fetch(new URL("/api/saved-searches", app.base), {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.base, cookie: cookieOf("demo-public") },
      body: JSON.stringify({ name: "Fintech", query: "q=fintech", alertFrequency: "off" }),
    });
    expect(answer.status).toBe(403);
    expect((await answer.json()).error).toBe("Saved searches come with the Scout and Summit plans. Upgrade to save this search.");
  });

  it("are what the purchase names and charges, and in demo billing it says no payment is taken", async () => {
    const answer = await fetch(new URL("/api/billing/choose-plan", app.base), {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.base, cookie: cookieOf("demo-public") },
      body: JSON.stringify({ tier: "premium", interval: "annual", price: 970 }),
    });
    expect(await answer.json()).toMatchObject({ ok: true, message: "Summit, $970 per year. Demo: no payment is taken." });
  });
});

describe("demo billing", () => {
  it("says 'Demo: no payment is taken' beside every price a page shows", async () => {
    // Pat on a plan chosen in the demo, so billing has one to show.
    const chosen = await fetch(new URL("/api/billing/choose-plan", app.base), {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.base, cookie: cookieOf("demo-public") },
      body: JSON.stringify({ tier: "subscriber", interval: "monthly", price: 31 }),
    });
    expect(chosen.status).toBe(200);
    for (const [user, path] of [
      ["demo-subscriber", "/settings"],
      ["demo-public", "/settings"],
      ["demo-admin", "/debug/access-control"],
      ["demo-public", "/settings/billing"],
    ] as const) {
      const prices = pricesIn(mainText(await page(user, path)));
      expect(prices.length, `${path} as ${user}`).toBeGreaterThan(0);
      for (const price of prices)
        expect(price, `${path} as ${user}`).toMatch(
          /^\$\d[\d,]* per (month|year)(?: or \$\d[\d,]* per year)? \(?Demo: no payment is taken/,
        );
    }
  });
});

describe("the payment provider's catalogue", () => {
  it("sells the seeded plans under their names at their prices (the file the local fake and a Stripe set-up read)", () => {
    const file = JSON.parse(readFileSync(new URL("../features/billing/stripe-prices.json", import.meta.url), "utf8")) as {
      currency: string;
      products: Array<{
        name: string;
        tier: "subscriber" | "premium";
        unit_label?: string;
        prices: Array<{ lookup_key: string; unit_amount: number; interval: string }>;
      }>;
    };
    expect(file.currency).toBe("usd");
    // The team plan is sold per seat (issue 37, decision 0119): its own product, lending the premium tier to each seat.
    const perSeat = file.products.filter((p) => p.unit_label);
    expect(perSeat.map((p) => [p.name, p.tier, p.unit_label, p.prices.map((price) => price.lookup_key)])).toEqual([
      ["Introbase Team", "premium", "seat", ["introbase_team_monthly", "introbase_team_annual"]],
    ]);
    for (const product of file.products.filter((p) => !p.unit_label)) {
      const record = LEGACY_TIERS[product.tier];
      expect(product.name).toBe(record.displayName);
      expect(product.prices).toEqual([
        { lookup_key: `introbase_${product.tier}_monthly`, unit_amount: record.monthlyPrice * 100, interval: "month" },
        { lookup_key: `introbase_${product.tier}_annual`, unit_amount: record.annualPrice * 100, interval: "year" },
      ]);
    }
  });
});

function cookieOf(user: DemoUserId): string {
  return [...browsers.get(user)!.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}
