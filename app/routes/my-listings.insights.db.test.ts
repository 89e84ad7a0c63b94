/**
 * /my-listings/:id/insights (issue 36, decision 0117): only an owner gets it (a stranger's 404 is the foundation's),
 * and no count of 1 to 4 is in what the loader returns or in the page's HTML, nor can one be worked out by taking the
 * buckets shown from the total. Counts are planted for every week of 2024 to 2030, so whatever today is, its weeks
 * and its last month hold quiet weeks and a plan too small to show.
 */
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { seedListings } from "#demo/seed-database.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import { grantOwnership } from "~/features/listing-owners/ownership.server.ts";
import { InsightsPage } from "~/features/owner-insights/insights-page.tsx";
import { summaryEmailsOn } from "~/features/owner-insights/summary-emails.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { Route } from "./+types/my-listings.insights";
import { action, loader } from "./my-listings.insights.tsx";

let database: Database;
let listing: { id: string; name: string };
const owner = { ...testUser("subscriber"), id: "insights-owner", email: "owner@insights.test" };
const stranger = { ...testUser("premium"), id: "insights-stranger", email: "stranger@insights.test" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 12);
  listing = (
    await database.rows<{ id: string; name: string }>(sql`
    SELECT id, name FROM listings WHERE processing_status = 'published' ORDER BY name LIMIT 1`)
  )[0]!;
  for (const u of [owner, stranger])
    await database.db.insert(users).values({ id: u.id, name: u.name, email: u.email, tier: u.tier, emailVerified: true });
  await grantOwnership(database.db, {
    listingId: listing.id,
    listingName: listing.name,
    userId: owner.id,
    via: "operator",
    actor: { id: owner.id, source: "admin" },
  });
  // Every third ISO week is quiet (3 views); the others have 8: 7 signed out and 1 premium member who keeps an investor.
  // A month's weeks then hold at most 4 premium views: never enough to show on their own.
  await database.rows(sql`
    WITH weeks AS (
      SELECT w::date AS week, extract(week FROM w)::int % 3 = 1 AS quiet
      FROM generate_series('2024-01-01'::date, '2030-12-30'::date, interval '7 days') AS w
    ), rows AS (
      SELECT week, 'total' AS dimension, 'all' AS bucket, CASE WHEN quiet THEN 3 ELSE 8 END AS count FROM weeks
      UNION ALL SELECT week, 'plan', 'signed_out', CASE WHEN quiet THEN 3 ELSE 7 END FROM weeks
      UNION ALL SELECT week, 'plan', 'premium', 1 FROM weeks WHERE NOT quiet
      UNION ALL SELECT week, 'listing_type', 'unknown', CASE WHEN quiet THEN 3 ELSE 7 END FROM weeks
      UNION ALL SELECT week, 'listing_type', 'investor', 1 FROM weeks WHERE NOT quiet
      UNION ALL SELECT week, 'industry', 'unknown', CASE WHEN quiet THEN 3 ELSE 8 END FROM weeks
    )
    INSERT INTO listing_insight_counts (listing_id, week_start, metric, dimension, bucket, count)
    SELECT ${listing.id}::uuid, week, 'view', dimension, bucket, count FROM rows`);
});

afterAll(async () => {
  await database?.close();
});

const path = (id = listing.id) => `/my-listings/${id}/insights`;
const load = (user: typeof owner | null, id = listing.id) =>
  loader(loaderArgs<Route.LoaderArgs>(database, path(id), { listingId: id }, { user }));
const post = (user: typeof owner, body: Record<string, string>) =>
  action(
    loaderArgs<Route.ActionArgs>(
      database,
      path(),
      { listingId: listing.id },
      { user, init: { method: "POST", body: new URLSearchParams(body) } },
    ),
  );

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

/** Every number in the loader's insights of views (weeks and breakdowns), where an owner could read it. */
function viewNumbers(data: Awaited<ReturnType<typeof load>>): number[] {
  const { weeks, breakdowns } = data.insights;
  const numbers = weeks.flatMap((w) => (w.views.shown ? [w.views.count] : []));
  numbers.push(breakdowns.views);
  for (const b of [breakdowns.byPlan, breakdowns.byType, breakdowns.byIndustry])
    if (b.status === "shown") numbers.push(...b.buckets.map((x) => x.count), b.other?.count ?? 0, b.total);
  return numbers;
}

describe("the insights page", () => {
  it("answers a member who does not keep the listing with the owners' 404, and a signed-out visitor goes to sign in", async () => {
    const answer = await thrown(load(stranger));
    expect(answer).toMatchObject({ status: 404 });
    const redirect = (await thrown(load(null))) as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toContain("/sign-in");
    expect(await thrown(post(stranger, { summaryEmails: "off" }))).toMatchObject({ status: 404 });
  });

  it("sends no count of 1 to 4: quiet weeks say only that they were under 5, and the premium members are folded", async () => {
    const data = await load(owner);
    for (const n of viewNumbers(data)) expect(n === 0 || n >= 5, `a count of ${n} was sent`).toBe(true);
    expect(data.insights.weeks.some((w) => !w.views.shown)).toBe(true);
    expect(JSON.stringify(data.insights.weeks)).not.toMatch(/"count":[1-4]\b/);
    const { byPlan, byType } = data.insights.breakdowns;
    expect(byPlan.status).toBe("shown");
    if (byPlan.status !== "shown" || byType.status !== "shown") return;
    expect(byPlan.buckets.map((b) => b.key)).not.toContain("premium");
    expect(byType.buckets.map((b) => b.key)).not.toContain("investor");
  });

  it("the subtraction attack: the month's total minus the buckets shown is 0 or at least 5, and matches the weeks shown", async () => {
    const { breakdowns } = (await load(owner)).insights;
    for (const b of [breakdowns.byPlan, breakdowns.byType, breakdowns.byIndustry]) {
      if (b.status !== "shown") continue;
      const left = b.total - b.buckets.reduce((n, x) => n + x.count, 0);
      expect(left === 0 || left >= 5).toBe(true);
      // The total is the month's weeks of 5 or more only: a quiet week is in no figure to subtract it from.
      expect(b.total).toBe(breakdowns.views);
      expect(b.total % 8).toBe(0);
    }
  });

  it("renders no count under 5 and no folded group's name into the HTML", async () => {
    const data = await load(owner);
    const Stub = createRoutesStub([{ path: "/insights", Component: () => createElement(InsightsPage, { ...data }) }]);
    const html = renderToStaticMarkup(createElement(Stub, { initialEntries: ["/insights"] }));
    expect(html).toContain("Fewer than 5");
    expect(html).not.toContain("Premium members");
    expect(html).not.toContain("Investors");
    // The weeks table and the breakdowns: every number in a cell is 0 or at least 5.
    const cells = [...html.matchAll(/<td[^>]*>(?:<span[^>]*>)?(\d+)</g)].map((m) => Number(m[1]));
    const viewCells = cells.filter((n) => n > 0);
    expect(viewCells.length).toBeGreaterThan(0);
    const weeksTable = html.slice(
      html.indexOf('data-testid="weeks-table"'),
      html.indexOf("</table>", html.indexOf('data-testid="weeks-table"')),
    );
    for (const m of weeksTable.matchAll(/<span class="">(\d+)<\/span>/g)) expect(Number(m[1]) === 0 || Number(m[1]) >= 5).toBe(true);
  });

  it("turns the monthly e-mail off and on, and refuses anything else with a 400 and a message", async () => {
    expect(await summaryEmailsOn(database, owner.id)).toBe(true);
    await post(owner, { summaryEmails: "off" });
    expect(await summaryEmailsOn(database, owner.id)).toBe(false);
    await post(owner, { summaryEmails: "on" });
    expect(await summaryEmailsOn(database, owner.id)).toBe(true);
    const refused = (await post(owner, { summaryEmails: "maybe" })) as unknown as { init: { status: number }; data: { message: string } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.message).toMatch(/on or off/);
  });
});
