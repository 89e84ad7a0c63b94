/**
 * Buying and keeping a plan with Stripe billing (decision 0079), against a provider held in memory: checkout asks for
 * the catalogue's price of each plan and interval and refuses a provider price that differs; a plan changes, cancels
 * and resumes as the provider answers; the 14-day money-back guarantee, judged by an injected clock.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { billingCustomers } from "#db/schema/billing.ts";
import { seedReferenceData } from "#demo/seed-database.ts";
import { planCatalogue } from "~/features/access/plan-catalogue.ts";
import { LEGACY_TIERS } from "~/features/access/tier-definitions.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { startCheckout } from "./checkout.server.ts";
import { moneyBackGuarantee, MONEY_BACK_DAYS } from "./money-back.ts";
import { cancelPlan, changePlan, endPaidPlans, refundFirstPayment, resumePlan } from "./subscription-actions.server.ts";
import { storeSubscription } from "./sync-subscription.server.ts";
import { MemoryProvider } from "./test-support.ts";

const NOW = new Date("2031-05-10T12:00:00Z");
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
const catalogue = planCatalogue({ tiers: LEGACY_TIERS });

let database: Database;
let provider: MemoryProvider;
let sequence = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database);
});

afterAll(async () => {
  await database?.close();
});

beforeEach(() => {
  provider = new MemoryProvider();
});

async function member() {
  const id = `buyer-${++sequence}`;
  await database.db.insert(users).values({ id, name: `Buyer ${sequence}`, email: `${id}@billing.test`, emailVerified: true });
  return { id, name: `Buyer ${sequence}`, email: `${id}@billing.test` };
}

async function tierOf(userId: string) {
  return (await database.db.select({ tier: users.tier }).from(users).where(eq(users.id, userId)))[0]!.tier;
}

const plan = (tier: "subscriber" | "premium", interval: "monthly" | "annual") => ({
  tier,
  interval,
  name: catalogue[tier].name,
  dollars: interval === "monthly" ? catalogue[tier].monthlyPrice : catalogue[tier].annualPrice,
});

/** A member who paid a checkout of `lookupKey` on `paidAt`: their subscription and first payment, as the webhooks leave them. */
async function paying(lookupKey: string, paidAt = NOW) {
  const buyer = await member();
  const customerId = `cus_${buyer.id}`;
  await database.db.insert(billingCustomers).values({ userId: buyer.id, providerCustomerId: customerId, firstPaymentAt: paidAt });
  const sub = provider.subscribe(customerId, lookupKey, { currentPeriodEnd: days(30) });
  provider.invoice({ customerId, subscriptionId: sub.id, paidAt, amountPaid: sub.price!.unitAmount! });
  await storeSubscription(database, buyer.id, sub, { observedAt: paidAt, now: paidAt });
  return { buyer, sub, customerId };
}

async function refused(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).message;
}

describe("checkout", () => {
  it.each([
    ["subscriber", "monthly", "introbase_subscriber_monthly", 2900],
    ["subscriber", "annual", "introbase_subscriber_annual", 29000],
    ["premium", "monthly", "introbase_premium_monthly", 9900],
    ["premium", "annual", "introbase_premium_annual", 99000],
  ] as const)(
    "of %s paid %s asks the provider for the price %s (%i cents), for the member's own customer",
    async (tier, interval, key, cents) => {
      const buyer = await member();
      const { url } = await startCheckout(database, provider, buyer, plan(tier, interval), "https://introbase.example");
      const session = [...provider.sessions.values()].at(-1)!;
      expect(url).toBe(`https://checkout.example/${session.id}`);
      expect(session).toMatchObject({ priceId: `price_${key}`, userId: buyer.id, customerId: `cus_${buyer.id}` });
      expect(provider.prices.get(key)!.unitAmount).toBe(cents);
      expect(await tierOf(buyer.id)).toBe("public");
    },
  );

  it("is refused, with nothing charged, when the provider's price is not the one shown", async () => {
    const buyer = await member();
    provider.prices.set("introbase_premium_annual", { ...provider.prices.get("introbase_premium_annual")!, unitAmount: 89000 });
    expect(await refused(startCheckout(database, provider, buyer, plan("premium", "annual"), "https://introbase.example"))).toBe(
      "Premium at $990 per year cannot be bought right now: the payment provider's price is not the one shown. Nothing was charged.",
    );
    provider.prices.delete("introbase_subscriber_monthly");
    expect(await refused(startCheckout(database, provider, buyer, plan("subscriber", "monthly"), "https://introbase.example"))).toMatch(
      /cannot be bought right now/,
    );
    expect(provider.calls).not.toContain("createCheckoutSession");
  });

  it("is refused to a member who has a subscription: they change it instead", async () => {
    const { buyer } = await paying("introbase_subscriber_monthly");
    expect(await refused(startCheckout(database, provider, buyer, plan("premium", "monthly"), "https://introbase.example"))).toBe(
      "You have a subscription already: change your plan in Settings, Billing.",
    );
  });
});

describe("a paid plan", () => {
  it("changes to another plan with proration, as the provider answers", async () => {
    const { buyer } = await paying("introbase_subscriber_monthly");
    expect(await tierOf(buyer.id)).toBe("subscriber");
    expect(await changePlan(database, provider, buyer.id, plan("premium", "annual"), NOW)).toBe(
      "Your plan is now Premium at $990 per year. The prorated difference was charged today.",
    );
    expect(await tierOf(buyer.id)).toBe("premium");
    expect(await changePlan(database, provider, buyer.id, plan("subscriber", "annual"), NOW)).toMatch(/credited to your next invoice/);
    expect(await tierOf(buyer.id)).toBe("subscriber");
  });

  it("cancelled, stays until the period's end; resumed, renews", async () => {
    const { buyer } = await paying("introbase_premium_monthly");
    expect(await cancelPlan(database, provider, buyer.id, NOW)).toMatch(/stays until the period you paid for ends on 9 Jun 2031/);
    expect(await tierOf(buyer.id)).toBe("premium");
    expect(await resumePlan(database, provider, buyer.id, NOW)).toBe("Your plan continues: it renews as before.");
    const [row] = await database.rows<{ cancel_at_period_end: boolean }>(
      sql`SELECT cancel_at_period_end FROM billing_subscriptions WHERE user_id = ${buyer.id}`,
    );
    expect(row!.cancel_at_period_end).toBe(false);
  });
});

describe("an account being deleted", () => {
  it("has every subscription ended at the provider at once, nothing refunded, and no plan left", async () => {
    const { buyer, sub } = await paying("introbase_premium_monthly");
    expect(await endPaidPlans(database, provider, buyer.id, NOW)).toBe(1);
    expect(provider.subscriptions.get(sub.id)!.status).toBe("canceled");
    expect(provider.refunded).toEqual([]);
    expect(await tierOf(buyer.id)).toBe("public");
    expect(await endPaidPlans(database, provider, buyer.id, NOW)).toBe(0);
  });
});

describe(`the ${MONEY_BACK_DAYS}-day money-back guarantee`, () => {
  it("covers a first payment for 14 days, once", () => {
    const paid = { firstPaymentAt: NOW, guaranteeUsedAt: null };
    expect(moneyBackGuarantee(paid, days(13.99))).toEqual({ eligible: true, until: days(14) });
    expect(moneyBackGuarantee(paid, days(14))).toEqual({
      eligible: false,
      reason: "The money-back guarantee covered 14 days from your first payment; it ended on 24 May 2031.",
    });
    expect(moneyBackGuarantee({ ...paid, guaranteeUsedAt: days(1) }, days(2)).eligible).toBe(false);
    expect(moneyBackGuarantee(null, NOW).eligible).toBe(false);
  });

  it("within 14 days: every payment refunded, the plan ended at once, and never a second time", async () => {
    const { buyer, sub } = await paying("introbase_premium_annual");
    expect(await refundFirstPayment(database, provider, buyer.id, days(13))).toBe(
      "Refunded $990.00: your plan has ended and you are on the free plan.",
    );
    expect(provider.refunded).toHaveLength(1);
    expect(provider.subscriptions.get(sub.id)!.status).toBe("canceled");
    expect(await tierOf(buyer.id)).toBe("public");
    expect(await refused(refundFirstPayment(database, provider, buyer.id, days(13)))).toMatch(/used already/);
    expect(provider.refunded).toHaveLength(1);
  });

  it("after 14 days: refused, nothing refunded, the plan kept", async () => {
    const { buyer } = await paying("introbase_subscriber_monthly");
    expect(await refused(refundFirstPayment(database, provider, buyer.id, days(14)))).toMatch(/covered 14 days from your first payment/);
    expect(provider.refunded).toEqual([]);
    expect(await tierOf(buyer.id)).toBe("subscriber");
  });

  it("when the provider fails, nothing is spent: the guarantee can be used again", async () => {
    const { buyer } = await paying("introbase_subscriber_monthly");
    const down = Object.assign(Object.create(provider) as MemoryProvider, {
      refundInvoice: () => Promise.reject(new Error("provider down")),
    });
    await expect(refundFirstPayment(database, down, buyer.id, days(1))).rejects.toThrow("provider down");
    expect(await refundFirstPayment(database, provider, buyer.id, days(1))).toMatch(/^Refunded/);
  });
});
