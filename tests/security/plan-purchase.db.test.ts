/**
 * Buying a plan (issue 15 §4, docs/decisions/0037-plan-catalogue.md). The attacker is a signed-in member posting to
 * /api/billing/choose-plan by hand: a lower price than the tier record's, the old request shape whose "premium"
 * meant the cheaper plan, a tier that is not for sale, fields that try to reach further (a role, another user),
 * and prices that only look like whole dollars. Each must buy nothing and change no one.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { subscriptionChanges } from "#db/schema/usage.ts";
import { seedReferenceData } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import * as choosePlan from "~/routes/api.billing.choose-plan.ts";

let database: Database;
const mallory: SessionUser = { ...testUser("public"), id: "mallory", email: "mallory@attack.introbase.test" };
const victim: SessionUser = { ...testUser("public"), id: "victim", email: "victim@attack.introbase.test" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database);
  for (const u of [mallory, victim]) await database.db.insert(users).values({ id: u.id, name: u.name, email: u.email, tier: u.tier });
});

afterAll(async () => {
  await database?.close();
});

async function post(body: string, contentType = "application/json"): Promise<Response> {
  const init = { method: "POST", headers: { "content-type": contentType }, body };
  try {
    return (await choosePlan.action(loaderArgs(database, "/api/billing/choose-plan", {}, { user: mallory, init }) as never)) as Response;
  } catch (thrown) {
    // A body that cannot be read at all (broken JSON) is thrown as its 400 answer, which React Router sends as is.
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function nothingBought() {
  const rows = await database.db.select({ id: users.id, tier: users.tier, role: users.role }).from(users);
  expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
    { id: "mallory", tier: "public", role: "user" },
    { id: "victim", tier: "public", role: "user" },
  ]);
  expect(await database.rows(sql`SELECT 1 FROM subscription_changes`)).toEqual([]);
}

describe("choosing a plan by hand", () => {
  it("at a price below the tier record's: refused with the real price, nothing bought", async () => {
    for (const price of [0, 29, 98]) {
      const response = await post(JSON.stringify({ tier: "premium", monthlyPrice: price }));
      expect(response.status).toBe(409);
      expect((await response.json()).error).toMatch(/^Premium now costs \$99 per month, not \$\d+ per month\. Nothing was bought/);
    }
    for (const price of [0, 99, 989]) {
      const response = await post(JSON.stringify({ tier: "premium", interval: "annual", price }));
      expect(response.status).toBe(409);
      expect((await response.json()).error).toMatch(/^Premium now costs \$990 per year, not \$\d+ per year\. Nothing was bought/);
    }
    await nothingBought();
  });

  it("in the old shape, whose plan 'premium' was the $29 plan: refused rather than read as the premium tier", async () => {
    for (const body of [{ plan: "premium" }, { plan: "enterprise" }, { plan: "premium", monthlyPrice: 29 }]) {
      const response = await post(JSON.stringify(body));
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe("tier must be one of subscriber, premium.");
    }
    await nothingBought();
  });

  it("for a tier not for sale, or with a price that only looks like whole dollars: a 400 that says why", async () => {
    const tierError = "tier must be one of subscriber, premium.";
    const priceError = "price must be the plan's price for the interval in whole dollars, as shown.";
    const intervalError = "interval must be one of monthly, annual.";
    const cases: Array<[unknown, string]> = [
      [{ tier: "public", monthlyPrice: 0 }, tierError],
      [{ tier: "admin", monthlyPrice: 0 }, tierError],
      [{ tier: "Premium", monthlyPrice: 99 }, tierError],
      [{ tier: ["premium"], monthlyPrice: 99 }, tierError],
      [{ tier: "premium" }, priceError],
      [{ tier: "premium", monthlyPrice: null }, priceError],
      [{ tier: "premium", monthlyPrice: 99.5 }, priceError],
      [{ tier: "premium", monthlyPrice: -99 }, priceError],
      [{ tier: "premium", monthlyPrice: "99.0" }, priceError],
      [{ tier: "premium", monthlyPrice: "1e2" }, priceError],
      [{ tier: "premium", monthlyPrice: " 99" }, priceError],
      [{ tier: "premium", monthlyPrice: "0x63" }, priceError],
      [{ tier: "premium", monthlyPrice: "9999999999" }, priceError],
      [{ tier: "premium", monthlyPrice: [99] }, priceError],
      [{ tier: "premium", monthlyPrice: { valueOf: 99 } }, priceError],
      // A monthly price does not stand for an annual one.
      [{ tier: "premium", interval: "annual", monthlyPrice: 99 }, priceError],
      [{ tier: "premium", interval: "weekly", price: 99 }, intervalError],
      [{ tier: "premium", interval: ["annual"], price: 990 }, intervalError],
    ];
    for (const [body, error] of cases) {
      const response = await post(JSON.stringify(body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error, JSON.stringify(body)).toBe(error);
    }
    expect((await post("tier=premium&monthlyPrice=99abc", "application/x-www-form-urlencoded")).status).toBe(400);
    expect((await post("[1,2]")).status).toBe(400);
    expect((await post("{not json")).status).toBe(400);
    await nothingBought();
  });

  it("with fields that reach further: only the buyer's own tier changes, never a role or another account", async () => {
    const response = await post(
      JSON.stringify({ tier: "premium", monthlyPrice: 99, role: "admin", userId: victim.id, id: victim.id, tier_override: "premium" }),
    );
    expect(response.status).toBe(200);
    const rows = await database.db.select({ id: users.id, tier: users.tier, role: users.role }).from(users);
    expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: "mallory", tier: "premium", role: "user" },
      { id: "victim", tier: "public", role: "user" },
    ]);
    expect(await database.db.select().from(subscriptionChanges)).toEqual([
      expect.objectContaining({ userId: "mallory", tier: "premium", plan: "Premium", monthlyPrice: 99, status: "granted" }),
    ]);
  });
});
