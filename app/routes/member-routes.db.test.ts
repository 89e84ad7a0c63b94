/**
 * What signed-in members get, through the route modules: the profile views quota, plans from the upgrade
 * dialog, CSV export, and the settings page.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { usageCounters } from "#db/schema/usage.ts";
import { seedListings } from "#demo/seed-database.ts";
import { usageMonthKey } from "~/features/access/quotas.ts";
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs, testUser } from "#test-support/test-route.ts";
import * as choosePlan from "./api.billing.choose-plan.ts";
import * as exportCsv from "./api.listings.export.ts";
import * as profile from "./profile.tsx";
import * as settings from "./settings.tsx";

let database: Database;
let publicListings: Array<{ type: string; slug: string; description: string | null }>;

async function member(tier: SessionUser["tier"], suffix = ""): Promise<SessionUser> {
  const user = { ...testUser(tier), id: `member-${tier}${suffix}`, email: `${tier}${suffix}@members.introbase.test` };
  await database.db.insert(users).values({ id: user.id, name: user.name, email: user.email, tier });
  return user;
}

const args = (path: string, params: Record<string, string>, user: SessionUser | null, init?: RequestInit) =>
  loaderArgs(database, path, params, { user, init }) as never;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 120);
  publicListings = await database.rows(sql`
    SELECT type, slug, description FROM listings WHERE visibility = 'public' AND description IS NOT NULL ORDER BY name LIMIT 12`);
});

afterAll(async () => {
  await database?.close();
});

async function openProfile(listing: { type: string; slug: string }, user: SessionUser | null) {
  return (await profile.loader(args(`/profile/${listing.type}/${listing.slug}`, { type: listing.type, slug: listing.slug }, user))) as {
    status: string;
    views?: { remaining: number | null } | null;
    viewsUsedUp?: boolean;
  };
}

/** A public listing whose profile shows a subscriber more than a visitor: its team needs a subscription. */
async function publicWithGatedTeam(offset = 0): Promise<{ type: string; slug: string }> {
  const rows = await database.rows<{ type: string; slug: string }>(sql`
    SELECT l.type, l.slug FROM listings l
    WHERE l.visibility = 'public' AND NOT (l.field_visibility ? 'team') AND EXISTS (SELECT 1 FROM team_members t WHERE t.listing_id = l.id)
    ORDER BY l.name LIMIT 1 OFFSET ${offset}`);
  return rows[0]!;
}

async function spendAllViews(user: SessionUser, limit: number) {
  const { year, month } = usageMonthKey(new Date());
  await database.db.insert(usageCounters).values({ userId: user.id, year, month, action: "company_view", count: limit });
}

async function viewsCounted(user: SessionUser): Promise<number> {
  const [row] = await database.rows<{ n: number }>(
    sql`SELECT coalesce(sum(count), 0)::int AS n FROM usage_counters WHERE user_id = ${user.id} AND action = 'company_view'`,
  );
  return row!.n;
}

/** What a page shows of a listing, without what differs by who asks (the follow button, the quota line). */
function pageContent(page: Awaited<ReturnType<typeof openProfile>>) {
  const { follow: _follow, views: _views, viewsUsedUp: _usedUp, ...content } = page as Record<string, unknown>;
  return content;
}

describe("profile views quota (decision 0080: a member never sees less than a visitor)", () => {
  it("counts no view of a page that shows a member only what a visitor sees: a free member reads every public profile as a visitor does, past their 10 views", async () => {
    const pat = await member("public");
    for (const listing of publicListings.slice(0, 12)) {
      const asMember = await openProfile(listing, pat);
      expect(asMember.status).toBe("ok");
      expect(pageContent(asMember)).toEqual(pageContent(await openProfile(listing, null)));
    }
    expect(await viewsCounted(pat)).toBe(0);
  });

  it("counts nothing for anonymous visitors", async () => {
    for (let i = 0; i < 12; i++) expect((await openProfile(publicListings[i]!, null)).status).toBe("ok");
  });

  it("counts a subscriber's view of a profile that shows more than a visitor's, once per listing a month", async () => {
    const sam = await member("subscriber", "-views");
    const listing = await publicWithGatedTeam();
    expect((await openProfile(listing, sam)).views?.remaining).toBe(499);
    expect((await openProfile(listing, sam)).views?.remaining).toBe(499);
    expect(await viewsCounted(sam)).toBe(1);
  });

  it("shows a subscriber out of views what a visitor sees: the visitor's page of a public listing, the teaser of a subscriber listing", async () => {
    const sam = await member("subscriber", "-spent");
    await spendAllViews(sam, 500);
    const listing = await publicWithGatedTeam(1);
    const page = (await openProfile(listing, sam)) as Record<string, unknown>;
    expect(page).toMatchObject({ status: "ok", viewsUsedUp: true });
    expect(pageContent(page as never)).toEqual(pageContent(await openProfile(listing, null)));
    expect(JSON.stringify(page)).toContain("Team profiles available");

    const [closed] = await database.rows<{ type: string; slug: string; description: string }>(sql`
      SELECT type, slug, description FROM listings WHERE visibility = 'subscriber' AND description IS NOT NULL ORDER BY name LIMIT 1`);
    const teaser = await openProfile(closed!, sam);
    expect(teaser.status).toBe("quota_exceeded");
    expect(JSON.stringify(teaser)).not.toContain(closed!.description.slice(-40));
    expect(await viewsCounted(sam)).toBe(500);
  });
});

describe("choosing a plan", () => {
  const post = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const choose = async (user: SessionUser | null, body: unknown) =>
    (await choosePlan.action(args("/api/billing/choose-plan", {}, user, post(body)))) as Response;

  it("refuses anonymous users and unknown tiers (bad prices: tests/security/plan-purchase.db.test.ts)", async () => {
    expect((await choose(null, { tier: "premium", monthlyPrice: 99 })).status).toBe(401);
    const pat = await member("public", "-plans");
    const bad = await choose(pat, { tier: "gold", monthlyPrice: 29 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("tier must be one of subscriber, premium.");
  });

  it("grants the tier at once in demo mode as a demo grant, names the plan bought, says no payment is taken and records its name and price", async () => {
    const pat = await member("public", "-demo");
    const response = await choose(pat, { tier: "premium", interval: "annual", price: 990 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      message: "Premium, $990 per year. Demo: no payment is taken.",
      data: {
        status: "granted",
        tier: "premium",
        plan: { name: "Premium", interval: "annual", price: 990 },
        title: "Your plan is now Premium",
        message: "Premium, $990 per year. Demo: no payment is taken.",
      },
    });
    const [row] = await database.db.select({ tier: users.tier }).from(users).where(eq(users.id, pat.id));
    expect(row!.tier).toBe("premium");
    const grants = await database.rows(sql`SELECT source, tier, ends_at FROM tier_grants WHERE user_id = ${pat.id}`);
    expect(grants).toEqual([{ source: "demo", tier: "premium", ends_at: null }]);
    const [change] = await database.rows<{ status: string; plan: string; tier: string; monthly_price: number }>(
      sql`SELECT status, plan, tier, monthly_price FROM subscription_changes WHERE user_id = ${pat.id}`,
    );
    expect(change).toEqual({ status: "granted", plan: "Premium", tier: "premium", monthly_price: 83 });

    const again = await choose({ ...pat, tier: "premium" }, { tier: "premium", monthlyPrice: 99 });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("You already have Premium.");
  });
});

describe("CSV export", () => {
  const exportOf = async (user: SessionUser | null, query = "") =>
    answerOf(exportCsv.loader(args(`/api/listings/export.csv${query}`, {}, user)));

  it("refuses anonymous users (401) and tiers without exports (403)", async () => {
    expect((await exportOf(null)).status).toBe(401);
    const pat = await member("public", "-export");
    const refused = await exportOf(pat);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatch(/does not include exports/);
  });

  it("downloads the gated results with a header row, counted as one export", async () => {
    const sam = await member("subscriber", "-export");
    const response = await exportOf(sam, "?type=partners");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="introbase-listings-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 byte-order mark (text() strips it)
    const lines = (await response.text()).split("\r\n").filter(Boolean);
    expect(lines[0]).toBe(
      '"Name","Type","Tagline","Website","LinkedIn","Industries","Geographies","Countries","Target Personas","Funding Stage",' +
        '"Total Raised (USD)","Latest Round","Latest Round Amount (USD)","Latest Round Date","Business Model","Featured","Access","Profile URL",' +
        '"Founded Year","Team Size","Ticket Size","Headquarters City"',
    );
    const [{ n } = { n: -1 }] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM listings WHERE type = 'partner'`);
    expect(lines).toHaveLength(n + 1);
    expect(lines.slice(1).every((line) => line.includes('"partner"'))).toBe(true);
    const [counter] = await database.rows<{ count: number }>(
      sql`SELECT count FROM usage_counters WHERE user_id = ${sam.id} AND action = 'data_export'`,
    );
    expect(counter!.count).toBe(1);
  });

  /** The export's rows by listing name, each as its cells keyed by column. */
  async function exportRows(user: SessionUser, query = "?type=startups") {
    const text = await (await exportOf(user, query)).text();
    const [header, ...lines] = text.split("\r\n").filter(Boolean);
    const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));
    const columns = cells(header!);
    return new Map(
      lines.map((line) => {
        const row = Object.fromEntries(cells(line).map((cell, i) => [columns[i]!, cell]));
        return [row.Name!, row] as const;
      }),
    );
  }

  it("carries website, LinkedIn and funding for the listings the tier opens, and nothing of a locked one", async () => {
    const [funded] = await database.rows<{ name: string; website: string; total: string; round: string; date: string }>(sql`
      SELECT name, website_url AS website, total_funding_raised::text AS total, latest_round_type AS round, latest_round_date::text AS date
      FROM listings WHERE type = 'startup' AND visibility IN ('public', 'subscriber') AND website_url IS NOT NULL
        AND total_funding_raised IS NOT NULL AND latest_round_type IS NOT NULL AND latest_round_date IS NOT NULL
      ORDER BY name LIMIT 1`);
    const [premiumOnly] = await database.rows<{ name: string; website: string | null; linkedin: string | null }>(sql`
      SELECT name, website_url AS website, linkedin_url AS linkedin FROM listings
      WHERE type = 'startup' AND visibility = 'premium' AND website_url IS NOT NULL ORDER BY name LIMIT 1`);
    expect(funded && premiumOnly).toBeTruthy();

    const rows = await exportRows(await member("subscriber", "-columns"));
    const open = rows.get(funded!.name)!;
    expect(open.Website).toBe(funded!.website);
    expect(Number(open["Total Raised (USD)"])).toBe(Number(funded!.total));
    expect(open["Latest Round"]).not.toBe("");
    expect(open["Latest Round Date"]).toBe(funded!.date);
    expect(open.Access).toBe("full");

    // A premium listing is a teaser for a subscriber: its website and funding are not in the file at all.
    const locked = rows.get(premiumOnly!.name)!;
    expect(locked.Access).toBe("locked (premium)");
    expect([locked.Website, locked.LinkedIn, locked["Total Raised (USD)"], locked["Latest Round Date"]]).toEqual(["", "", "", ""]);
    const file = [...rows.values()].map((row) => Object.values(row).join(",")).join("\n");
    expect(file).not.toContain(premiumOnly!.website!);
  });

  it("refuses with the spec's quota message when the month's exports are used up", async () => {
    const sam = await member("subscriber", "-depleted");
    // The route reads the month from the clock: hold it in one month, so a run at midnight on the 31st cannot split it.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2031-03-31T23:59:59.900Z"));
      const { year, month } = usageMonthKey(new Date());
      await database.db.insert(usageCounters).values({ userId: sam.id, year, month, action: "data_export", count: 1000 });
      const response = await exportOf(sam);
      expect(response.status).toBe(429);
      expect((await response.json()).error).toBe("You've reached your monthly exports limit. Upgrade to continue.");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("settings", () => {
  it("has nothing to show when signed out, and the profile, provider and usage when signed in", async () => {
    expect(await settings.loader(args("/settings", {}, null))).toEqual({ user: null });
    const sam = await member("subscriber", "-settings");
    const data = (await settings.loader(args("/settings", {}, sam))) as {
      user: { provider: string; tier: string };
      plan: { name: string; monthlyPrice: number; benefits: string[] };
      usage: Array<{ type: string; limit: number }>;
    };
    expect(data.user).toMatchObject({ provider: "other", tier: "subscriber" });
    // The subscriber's plan as sold, and only what its record grants: no unlimited views, no priority support.
    expect(data.plan).toEqual({
      name: "Subscriber",
      monthlyPrice: 29,
      benefits: [
        "Access to listings and profile details for Subscriber members",
        "500 company views a month",
        "Export company data (1,000 exports a month)",
        "50 AI requests a month",
      ],
    });
    expect(data.usage.map((q) => [q.type, q.limit])).toEqual([
      ["views", 500],
      ["AI requests", 50],
      ["exports", 1000],
      ["API calls", 0],
    ]);
  });
});
