/**
 * What a member does with a paid plan on /settings/billing (decision 0079): change it (prorated), cancel it at the
 * period's end, resume it, use the 14-day money-back guarantee, or manage the card at the provider's portal. Each
 * change is made at the provider and then stored from the provider's answer, as a webhook would store it.
 */
import { and, eq, isNull } from "drizzle-orm";
import { billingCustomers } from "#db/schema/billing.ts";
import { billingRefunds } from "#db/schema/billing-refunds.ts";
import { formatIntervalPrice, type BillingInterval, type SoldTier } from "~/features/access/plan-catalogue.ts";
import { TIER_RANK } from "~/features/access/tiers.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { formatDate } from "~/lib/format-date.ts";
import { checkedPrice, liveSubscriptionOf, type PlanToBuy } from "./checkout.server.ts";
import { moneyBackGuarantee } from "./money-back.ts";
import type { PaymentGateway } from "./payment-gateway.server.ts";
import { storeSubscription } from "./sync-subscription.server.ts";

async function requireLive(database: Database, userId: string) {
  const live = await liveSubscriptionOf(database, userId);
  if (!live) throw new AppError("conflict", "You have no paid plan to change: choose one with Upgrade plan.");
  return live;
}

/** Upgrading is moving to a dearer tier, or paying a year at once: charged now, the rest credited. */
function isUpgrade(from: { tier: SoldTier | null; interval: BillingInterval | null }, to: { tier: SoldTier; interval: BillingInterval }) {
  if (!from.tier) return true;
  if (TIER_RANK[to.tier] !== TIER_RANK[from.tier]) return TIER_RANK[to.tier] > TIER_RANK[from.tier];
  return from.interval === "monthly" && to.interval === "annual";
}

export async function changePlan(database: Database, gateway: PaymentGateway, userId: string, to: PlanToBuy, now: Date): Promise<string> {
  const live = await requireLive(database, userId);
  if (live.tier === to.tier && live.interval === to.interval)
    throw new AppError("conflict", `${to.name}, paid ${to.interval === "annual" ? "yearly" : "monthly"}, is your plan already.`);
  const price = await checkedPrice(gateway, to);
  const current = await gateway.retrieveSubscription(live.id);
  if (!current.itemId) throw new AppError("conflict", "This subscription cannot be changed here: manage it in the billing portal.");
  const upgrade = isUpgrade(live, to);
  const updated = await gateway.changePrice({ id: current.id, itemId: current.itemId }, price.id, upgrade);
  await storeSubscription(database, userId, updated, { observedAt: now, now });
  const shown = `${to.name} at ${formatIntervalPrice(to.dollars, to.interval)}`;
  if (updated.price?.id !== price.id)
    return `Your card is being charged the prorated difference: your plan becomes ${shown} once it is paid.`;
  return upgrade
    ? `Your plan is now ${shown}. The prorated difference was charged today.`
    : `Your plan is now ${shown}. What you paid for the rest of the period is credited to your next invoice.`;
}

export async function cancelPlan(database: Database, gateway: PaymentGateway, userId: string, now: Date): Promise<string> {
  const live = await requireLive(database, userId);
  const updated = await gateway.setCancelAtPeriodEnd(live.id, true);
  await storeSubscription(database, userId, updated, { observedAt: now, now });
  const end = updated.currentPeriodEnd ? ` on ${formatDate(updated.currentPeriodEnd)}` : " at the end of the period";
  return `Your plan is cancelled: it stays until the period you paid for ends${end}, and nothing more is charged.`;
}

export async function resumePlan(database: Database, gateway: PaymentGateway, userId: string, now: Date): Promise<string> {
  const live = await requireLive(database, userId);
  const updated = await gateway.setCancelAtPeriodEnd(live.id, false);
  await storeSubscription(database, userId, updated, { observedAt: now, now });
  return "Your plan continues: it renews as before.";
}

/**
 * The money-back guarantee: within 14 days of the first payment, once. Every payment so far is refunded, every
 * subscription ends at once, and the plan with it. The guarantee is claimed first, so a second click (or a second
 * server) refunds nothing twice; if the provider fails, the claim is given back.
 */
export async function refundFirstPayment(database: Database, gateway: PaymentGateway, userId: string, now: Date): Promise<string> {
  const [customer] = await database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  const guarantee = moneyBackGuarantee(customer ?? null, now);
  if (!guarantee.eligible || !customer)
    throw new AppError("conflict", guarantee.eligible ? "There is no payment to refund." : guarantee.reason);
  const claimed = await database.db
    .update(billingCustomers)
    .set({ guaranteeUsedAt: now })
    .where(and(eq(billingCustomers.userId, userId), isNull(billingCustomers.guaranteeUsedAt)))
    .returning({ userId: billingCustomers.userId });
  if (!claimed.length) throw new AppError("conflict", "The money-back guarantee was used already: it covers a first payment once.");
  try {
    const [invoices, refunded] = await Promise.all([
      gateway.listInvoices(customer.providerCustomerId),
      database.db.select({ id: billingRefunds.invoiceId }).from(billingRefunds).where(eq(billingRefunds.userId, userId)),
    ]);
    // A payment an operator refunded already (operator-refund.server.ts) is not refunded again.
    const done = new Set(refunded.map((r) => r.id));
    const paid = invoices.filter((i) => i.status === "paid" && i.amountPaid > 0 && !done.has(i.id));
    for (const invoice of paid) await gateway.refundInvoice(invoice.id);
    for (let live; (live = await liveSubscriptionOf(database, userId));) {
      const ended = await gateway.cancelNow(live.id);
      await storeSubscription(database, userId, ended, { observedAt: now, now }, { refundedAt: now });
    }
    const total = paid.reduce((sum, i) => sum + i.amountPaid, 0);
    return `Refunded ${formatCents(total, paid[0]?.currency ?? "usd")}: your plan has ended and you are on the free plan.`;
  } catch (error) {
    await database.db.update(billingCustomers).set({ guaranteeUsedAt: null }).where(eq(billingCustomers.userId, userId));
    throw error;
  }
}

/** The statuses the provider never leaves. */
const ENDED_AT_PROVIDER: ReadonlySet<string> = new Set(["canceled", "incomplete_expired"]);

/**
 * Ends every subscription the member still has, at the provider and at once, with nothing refunded: for an account being
 * deleted (D18), whose card must not be charged again. Returns how many were ended.
 */
export async function endPaidPlans(database: Database, gateway: PaymentGateway, userId: string, now: Date): Promise<number> {
  let ended = 0;
  for (let live; (live = await liveSubscriptionOf(database, userId)); ended++) {
    // Ended at the provider already (cancelled in its portal, or by an earlier try whose answer was lost): stored as it
    // is, since cancelling it again would be refused.
    const current = await gateway.retrieveSubscription(live.id);
    const subscription = ENDED_AT_PROVIDER.has(current.status) ? current : await gateway.cancelNow(live.id);
    // Stored as ended even if the provider still reports it otherwise, so this loop ends.
    await storeSubscription(
      database,
      userId,
      { ...subscription, status: "canceled", endedAt: subscription.endedAt ?? now },
      { observedAt: now, now },
    );
  }
  return ended;
}

/** The provider's billing portal, where the member changes their card; it returns to /settings/billing. */
export async function portalSession(database: Database, gateway: PaymentGateway, userId: string, returnUrl: string): Promise<string> {
  const [customer] = await database.db
    .select({ id: billingCustomers.providerCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  if (!customer) throw new AppError("conflict", "There is no payment method to manage: you have not paid for a plan yet.");
  return gateway.createPortalSession(customer.id, returnUrl);
}

/** "$29.00": an amount in cents, in its currency. */
function formatCents(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}
