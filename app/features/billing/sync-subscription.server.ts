/**
 * Writes a subscription as the provider reports it, and the tier that follows (decision 0079). Always from the
 * provider's own current answer, read at the moment it is applied: so an event that arrives late, twice or before the
 * one that should precede it applies today's state, which is the same whichever order they come in.
 */
import { and, eq, notExists, sql } from "drizzle-orm";
import { accountErasures } from "#db/schema/account-erasures.ts";
import { users } from "#db/schema/accounts.ts";
import { billingCustomers, billingSubscriptions } from "#db/schema/billing.ts";
import { refreshMemberTierIn, type MemberTier } from "~/features/access/member-tier.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { PaymentGateway, ProviderInvoice, ProviderSubscription } from "./payment-gateway.server.ts";
import { planOfLookupKey } from "./plan-prices.ts";
import { pastDueSinceOnUpdate, subscriptionValues } from "./subscription-row.server.ts";
import { endSecondTeamPlan, storeTeamSubscription, teamOfSubscription } from "./team-subscription-sync.server.ts";

/** The member `userId` if they still have an account: one being deleted (decision 0077) is nobody's to pay for. */
async function liveMember(database: Database, userId: string): Promise<string | null> {
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        notExists(
          database.db
            .select({ one: sql`1` })
            .from(accountErasures)
            .where(eq(accountErasures.userId, users.id)),
        ),
      ),
    );
  return user?.id ?? null;
}

/** The member whose customer at the provider this is, unless they deleted their account. */
export async function customerOwner(database: Database, customerId: string): Promise<string | null> {
  const [known] = await database.db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.providerCustomerId, customerId));
  return known ? liveMember(database, known.userId) : null;
}

/**
 * The member a subscription belongs to: the one whose customer it is, else (a customer we did not record) the member the
 * checkout named. A deleted member's is nobody's: a webhook after the deletion brings nothing back.
 */
async function memberOf(database: Database, subscription: ProviderSubscription): Promise<string | null> {
  const [known] = await database.db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.providerCustomerId, subscription.customerId));
  const candidate = known?.userId ?? subscription.metadataUserId;
  return candidate ? liveMember(database, candidate) : null;
}

export interface SyncTimes {
  /** When the provider said it (the event's time; now for a member's own action): a grace period counts from it. */
  observedAt: Date;
  now: Date;
}

/**
 * Stores the provider's subscription for the member and decides their tier, in one transaction. A first failed payment
 * starts the grace period at `observedAt` (the earliest report wins, so a late event cannot push it back); a paid
 * subscription clears it.
 */
export async function storeSubscription(
  database: Database,
  userId: string,
  subscription: ProviderSubscription,
  times: SyncTimes,
  extra: { refundedAt?: Date } = {},
): Promise<MemberTier> {
  const plan = planOfLookupKey(subscription.price?.lookupKey);
  const pastDue = subscription.status === "past_due";
  return database.db.transaction(async (tx) => {
    // The customer is the member's from now on, even when only the checkout's metadata named them.
    await tx.insert(billingCustomers).values({ userId, providerCustomerId: subscription.customerId }).onConflictDoNothing();
    const values = {
      userId,
      ...subscriptionValues(subscription, plan, times.now),
      ...(extra.refundedAt ? { refundedAt: extra.refundedAt } : {}),
    };
    await tx
      .insert(billingSubscriptions)
      .values({ id: subscription.id, ...values, pastDueSince: pastDue ? times.observedAt : null })
      .onConflictDoUpdate({
        target: billingSubscriptions.id,
        set: { ...values, pastDueSince: pastDueSinceOnUpdate(billingSubscriptions.pastDueSince, subscription, times.observedAt) },
      });
    return refreshMemberTierIn(tx, userId, times.now);
  });
}

/** Reads the subscription from the provider and stores it; what it did, in a few words (the event's outcome). */
export async function syncSubscription(
  database: Database,
  gateway: PaymentGateway,
  subscriptionId: string,
  times: SyncTimes,
): Promise<string> {
  const subscription = await gateway.retrieveSubscription(subscriptionId);
  // A team's seats (decision 0119): stored for the team, every seat holder's tier decided again.
  const teamId = await teamOfSubscription(database, subscription);
  if (teamId) {
    if (await endSecondTeamPlan(database, gateway, teamId, subscription)) return "team subscription ended: the team pays through another";
    await storeTeamSubscription(database, teamId, subscription, times);
    return `team subscription ${subscription.status}: ${subscription.quantity} seat${subscription.quantity === 1 ? "" : "s"}`;
  }
  // A team's Checkout paid after the team was deleted: nobody keeps those seats, so nobody is charged for them again.
  if (subscription.metadataTeamId && ["active", "trialing", "past_due", "incomplete", "unpaid", "paused"].includes(subscription.status)) {
    await gateway.cancelNow(subscription.id);
    return "team subscription ended: its team no longer exists";
  }
  const userId = await memberOf(database, subscription);
  // Outcomes name no provider id: the event's row holds it while it is a member's, and loses it with their account.
  if (!userId) return "ignored: subscription belongs to no member";
  const { tier } = await storeSubscription(database, userId, subscription, times);
  return `subscription ${subscription.status}: tier ${tier}`;
}

/**
 * Remembers a paid invoice if it is the member's first payment: the 14-day money-back guarantee runs from it. Order
 * does not matter: the earliest paid invoice wins whenever its event comes.
 */
export async function recordPayment(database: Database, invoice: ProviderInvoice): Promise<void> {
  if (invoice.status !== "paid" || invoice.amountPaid <= 0 || !invoice.paidAt || !invoice.customerId) return;
  await database.db
    .update(billingCustomers)
    .set({ firstPaymentAt: invoice.paidAt, firstPaymentInvoiceId: invoice.id })
    .where(
      sql`${billingCustomers.providerCustomerId} = ${invoice.customerId} AND (${billingCustomers.firstPaymentAt} IS NULL OR ${billingCustomers.firstPaymentAt} > ${invoice.paidAt.toISOString()}::timestamptz)`,
    );
}
