/**
 * One member for /admin/members/:id (decision 0081): the facts of the list, their complimentary plan, their sessions,
 * the payments an operator may refund (asked of the provider each time, with Stripe billing only) and their history.
 */
import { and, count, eq, gt, max } from "drizzle-orm";
import { sessions, users } from "#db/schema/accounts.ts";
import { tierGrants } from "#db/schema/billing.ts";
import { refundableInvoices } from "~/features/billing/operator-refund.server.ts";
import type { PaymentGateway } from "~/features/billing/payment-gateway.server.ts";
import { seatSourcesOf } from "~/features/billing/team-seat-source.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { formatMoney } from "./member-facts.ts";
import { memberColumns, summarizeMembers, type MemberSummary } from "./member-facts.server.ts";
import { memberHistory, type HistoryItem } from "./member-history.server.ts";

export interface MemberPageData {
  member: MemberSummary;
  complimentary: { tier: string; endsAt: string | null; note: string | null; grantedBy: string | null } | null;
  sessions: { active: number; lastSeenAt: string | null };
  /** Null in demo or request billing: no payment is taken there, so none can be refunded. */
  payments: {
    invoices: Array<{ id: string; number: string | null; paidAt: string; amount: string; refundedAt: string | null }>;
    providerUnavailable: boolean;
  } | null;
  history: HistoryItem[];
  /** The server's now, for "last sign-in 5 minutes ago" (the same words in the server's HTML and after hydration). */
  now: string;
}

/** The member's page, or null for an id that is no member's. */
export async function getMemberPage(
  database: Database,
  gateway: PaymentGateway | null,
  memberId: string,
  now: Date,
): Promise<MemberPageData | null> {
  const [row] = await database.db.select(memberColumns).from(users).where(eq(users.id, memberId));
  if (!row) return null;
  const granter = users;
  const [[member], [grant], [live], history] = await Promise.all([
    seatSourcesOf(database, memberId, now).then((seats) => summarizeMembers(database, [row], now, new Map([[memberId, seats]]))),
    database.db
      .select({ tier: tierGrants.tier, endsAt: tierGrants.endsAt, note: tierGrants.note, grantedBy: granter.name })
      .from(tierGrants)
      .leftJoin(granter, eq(granter.id, tierGrants.grantedBy))
      .where(and(eq(tierGrants.userId, memberId), eq(tierGrants.source, "complimentary"))),
    database.db
      .select({ active: count(), lastSeenAt: max(sessions.updatedAt) })
      .from(sessions)
      .where(and(eq(sessions.userId, memberId), gt(sessions.expiresAt, now))),
    memberHistory(database, row),
  ]);
  return {
    member: member!,
    complimentary: grant
      ? { tier: grant.tier, endsAt: grant.endsAt?.toISOString() ?? null, note: grant.note, grantedBy: grant.grantedBy ?? null }
      : null,
    sessions: { active: live?.active ?? 0, lastSeenAt: live?.lastSeenAt ? new Date(live.lastSeenAt).toISOString() : null },
    payments: gateway ? await paymentsOf(database, gateway, memberId) : null,
    history,
    now: now.toISOString(),
  };
}

async function paymentsOf(database: Database, gateway: PaymentGateway, memberId: string): Promise<NonNullable<MemberPageData["payments"]>> {
  try {
    const invoices = await refundableInvoices(database, gateway, memberId);
    return {
      invoices: invoices.map((i) => ({
        id: i.id,
        number: i.number,
        paidAt: (i.paidAt ?? i.created).toISOString(),
        amount: formatMoney(i.amountPaid, i.currency),
        refundedAt: i.refundedAt?.toISOString() ?? null,
      })),
      providerUnavailable: false,
    };
  } catch (error) {
    logger.warn({ err: error, userId: memberId }, "the payment provider did not list a member's invoices");
    return { invoices: [], providerUnavailable: true };
  }
}
