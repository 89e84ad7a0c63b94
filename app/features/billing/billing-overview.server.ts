/**
 * What /settings/billing shows a member (decision 0079): their plan and where it comes from, the subscription as the
 * provider last reported it, the next invoice, the invoices with their PDFs, the plans they may change to, and whether
 * the money-back guarantee still covers them. The provider is asked for the invoices each time; if it does not
 * answer, the page says so and shows what we hold.
 */
import { and, desc, eq } from "drizzle-orm";
import { billingCustomers, billingSubscriptions, tierGrants } from "#db/schema/billing.ts";
import {
  BILLING_INTERVALS,
  intervalPrice,
  SOLD_TIERS,
  type BillingInterval,
  type PlanCatalogue,
  type SoldTier,
} from "~/features/access/plan-catalogue.ts";
import { PAST_DUE_GRACE_DAYS } from "~/features/access/tier-in-force.ts";
import type { AccessLevel } from "~/features/access/tiers.ts";
import type { Database } from "~/lib/db.server.ts";
import type { BillingMode } from "~/features/access/use-plan-catalogue.ts";
import { logger } from "~/lib/logger.server.ts";
import { liveSubscriptionOf } from "./checkout.server.ts";
import { moneyBackGuarantee } from "./money-back.ts";
import { seatSourcesOf } from "./team-seat-source.server.ts";
import type { PaymentGateway } from "./payment-gateway.server.ts";

export interface BillingOverview {
  mode: BillingMode;
  tier: AccessLevel;
  /** Why the member has their tier: a subscription, a demo choice, a complimentary grant, a team's seat, or nothing (free). */
  source: "subscription" | "demo" | "complimentary" | "team" | "free";
  /** The team whose seat gives the tier (source "team", decision 0119). */
  seatTeam: { id: string; name: string } | null;
  complimentaryUntil: string | null;
  subscription: {
    tier: SoldTier | null;
    interval: BillingInterval | null;
    status: string;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    graceEndsAt: string | null;
  } | null;
  nextInvoice: { amount: number; currency: string; date: string | null } | null;
  invoices: Array<{
    id: string;
    number: string | null;
    date: string;
    amount: number;
    currency: string;
    status: string | null;
    hostedUrl: string | null;
    pdfUrl: string | null;
  }>;
  moneyBack: { eligible: true; until: string } | { eligible: false; reason: string };
  /** The paid plans and intervals on sale, the member's own marked. */
  choices: Array<{ tier: SoldTier; interval: BillingInterval; name: string; price: number; current: boolean }>;
  /** The provider did not answer: invoices and the next invoice are missing. */
  providerUnavailable: boolean;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export async function getBillingOverview(
  database: Database,
  gateway: PaymentGateway | null,
  member: { id: string; tier: AccessLevel },
  catalogue: PlanCatalogue,
  mode: BillingMode,
  now: Date,
): Promise<BillingOverview> {
  const [live, [latest], [customer], grants, seats] = await Promise.all([
    liveSubscriptionOf(database, member.id),
    database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, member.id))
      .orderBy(desc(billingSubscriptions.createdAt))
      .limit(1),
    database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, member.id)),
    database.db
      .select()
      .from(tierGrants)
      .where(and(eq(tierGrants.userId, member.id))),
    seatSourcesOf(database, member.id, now),
  ]);
  const seat = seats.find((s) => s.tier === member.tier);
  const subscription = live ?? latest ?? null;
  const complimentary = grants.find((g) => g.source === "complimentary" && g.tier === member.tier);
  const demo = grants.find((g) => g.source === "demo" && g.tier === member.tier);
  const source =
    member.tier === "public"
      ? "free"
      : live?.tier === member.tier
        ? "subscription"
        : complimentary
          ? "complimentary"
          : demo
            ? "demo"
            : seat
              ? "team"
              : "subscription";

  let invoices: BillingOverview["invoices"] = [];
  let nextInvoice: BillingOverview["nextInvoice"] = null;
  let providerUnavailable = false;
  if (gateway && customer) {
    try {
      const [listed, next] = await Promise.all([
        gateway.listInvoices(customer.providerCustomerId),
        live && !live.cancelAtPeriodEnd ? gateway.upcomingInvoice(customer.providerCustomerId, live.id) : Promise.resolve(null),
      ]);
      invoices = listed
        .filter((i) => i.status !== "draft")
        .map((i) => ({
          id: i.id,
          number: i.number,
          date: (i.paidAt ?? i.created).toISOString(),
          amount: i.status === "paid" ? i.amountPaid : i.amountDue,
          currency: i.currency,
          status: i.status,
          hostedUrl: i.hostedUrl,
          pdfUrl: i.pdfUrl,
        }));
      nextInvoice = next ? { amount: next.amountDue, currency: next.currency, date: iso(next.date ?? live?.currentPeriodEnd) } : null;
    } catch (error) {
      logger.warn({ err: error, userId: member.id }, "the payment provider did not list the invoices");
      providerUnavailable = true;
    }
  }

  const guarantee = moneyBackGuarantee(customer ?? null, now);
  return {
    mode,
    tier: member.tier,
    source,
    seatTeam: source === "team" && seat ? { id: seat.teamId, name: seat.teamName } : null,
    complimentaryUntil: iso(complimentary?.endsAt),
    subscription: subscription
      ? {
          tier: subscription.tier,
          interval: subscription.interval,
          status: subscription.refundedAt ? "refunded" : subscription.status,
          currentPeriodEnd: iso(subscription.currentPeriodEnd),
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          graceEndsAt:
            subscription.status === "past_due" && subscription.pastDueSince
              ? new Date(subscription.pastDueSince.getTime() + PAST_DUE_GRACE_DAYS * 86_400_000).toISOString()
              : null,
        }
      : null,
    nextInvoice,
    invoices,
    moneyBack: guarantee.eligible ? { eligible: true, until: guarantee.until.toISOString() } : guarantee,
    choices: SOLD_TIERS.flatMap((tier) =>
      BILLING_INTERVALS.flatMap((interval) => {
        const price = intervalPrice(catalogue[tier], interval);
        return price === null
          ? []
          : [{ tier, interval, name: catalogue[tier].name, price, current: live?.tier === tier && live.interval === interval }];
      }),
    ),
    providerUnavailable,
  };
}
