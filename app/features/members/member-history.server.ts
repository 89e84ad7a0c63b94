/**
 * A member's history for /admin/members/:id (decision 0081), newest first: the audit entries about them (an operator's
 * grants, refunds, disabling), their plan choices, their subscriptions as the provider reported them, and the payment
 * events applied for their customer. Each source is read through an index on the member (or their customer) and cut
 * to the newest HISTORY_LIMIT.
 */
import { desc, eq } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { auditLog } from "#db/schema/audit.ts";
import { billingCustomers, billingEvents, billingSubscriptions } from "#db/schema/billing.ts";
import { subscriptionChanges } from "#db/schema/usage.ts";
import type { Database } from "~/lib/db.server.ts";
import { formatDate } from "~/lib/format-date.ts";
import { formatMoney } from "./member-facts.ts";

const HISTORY_LIMIT = 100;

export interface HistoryItem {
  at: string;
  /** What happened, in words. */
  text: string;
  /** Who did it, when a person did: the operator's name, "the member", or the payment provider. */
  by: string | null;
  kind: "operator" | "plan" | "subscription" | "payment" | "account";
}

const PLAN = (tier: unknown) => (tier === "premium" ? "Premium" : tier === "subscriber" ? "Subscriber" : String(tier));
const text = (value: unknown) => (typeof value === "string" && value ? value : null);
const withReason = (words: string, reason: unknown) => (text(reason) ? `${words}. Reason: ${text(reason)}` : words);
const day = (iso: unknown) => (typeof iso === "string" ? formatDate(new Date(new Date(iso).getTime() - 1)) : "");

/** An operator's entry about the member, in words; an entry of another kind is named by its operation and action. */
function describeOperatorEntry(operation: string, action: string, details: Record<string, unknown>): string {
  if (operation !== "member_account") return `${operation.replaceAll("_", " ")}: ${action.replaceAll("_", " ")}`;
  switch (action) {
    case "plan_granted":
      return withReason(`Complimentary ${PLAN(details.tier)} granted until ${day(details.endsAt)}`, details.reason);
    case "grant_revoked":
      return withReason(`Complimentary ${PLAN(details.tier)} taken back`, details.reason);
    case "refunded": {
      const amount =
        typeof details.amount === "number" && typeof details.currency === "string" ? formatMoney(details.amount, details.currency) : "";
      const ending = details.planEnding === "now" ? "plan ended at once" : "plan ends at the period's end";
      return withReason(
        `Refunded ${amount} (invoice ${text(details.invoiceNumber) ?? text(details.invoiceId) ?? "?"}), ${ending}`,
        details.reason,
      );
    }
    case "disabled":
      return withReason("Account disabled, every session ended", details.reason);
    case "enabled":
      return withReason("Account enabled again", details.reason);
    default:
      return action.replaceAll("_", " ");
  }
}

export async function memberHistory(database: Database, member: { id: string; createdAt: Date }): Promise<HistoryItem[]> {
  const { db } = database;
  const [audits, choices, subscriptions, [customer]] = await Promise.all([
    db
      .select({
        operation: auditLog.operation,
        action: auditLog.action,
        details: auditLog.details,
        at: auditLog.timestamp,
        actor: users.name,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(eq(auditLog.recordId, member.id))
      .orderBy(desc(auditLog.timestamp))
      .limit(HISTORY_LIMIT),
    db
      .select()
      .from(subscriptionChanges)
      .where(eq(subscriptionChanges.userId, member.id))
      .orderBy(desc(subscriptionChanges.createdAt))
      .limit(HISTORY_LIMIT),
    db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, member.id)),
    db.select({ id: billingCustomers.providerCustomerId }).from(billingCustomers).where(eq(billingCustomers.userId, member.id)),
  ]);
  const events = customer
    ? await db
        .select()
        .from(billingEvents)
        .where(eq(billingEvents.providerCustomerId, customer.id))
        .orderBy(desc(billingEvents.receivedAt))
        .limit(HISTORY_LIMIT)
    : [];

  const items: HistoryItem[] = [
    { at: member.createdAt.toISOString(), text: "Account created", by: null, kind: "account" },
    ...audits.map((a) => ({
      at: a.at.toISOString(),
      text: describeOperatorEntry(a.operation, a.action, a.details),
      by: a.actor ?? "a deleted operator",
      kind: "operator" as const,
    })),
    ...choices.map((c) => ({
      at: c.createdAt.toISOString(),
      text:
        c.status === "granted"
          ? `Chose ${c.plan} in demo billing`
          : c.status === "requested"
            ? `Asked for ${c.plan} (request billing)`
            : `${c.plan} ended with the account`,
      by: "the member",
      kind: "plan" as const,
    })),
    ...subscriptions.flatMap((s) => {
      const plan = `${s.tier ? PLAN(s.tier) : "a price that is not one of ours"}${s.interval ? ` (${s.interval})` : ""}`;
      const rows: HistoryItem[] = [
        { at: s.createdAt.toISOString(), text: `Subscription ${s.id} to ${plan} recorded`, by: null, kind: "subscription" },
      ];
      if (s.endedAt) rows.push({ at: s.endedAt.toISOString(), text: `Subscription ${s.id} ended`, by: null, kind: "subscription" });
      if (s.refundedAt)
        rows.push({ at: s.refundedAt.toISOString(), text: `Subscription ${s.id} refunded and ended`, by: null, kind: "subscription" });
      return rows;
    }),
    ...events.map((e) => ({
      at: e.receivedAt.toISOString(),
      text: `${e.type}: ${e.outcome ?? "not applied yet"}`,
      by: "the payment provider",
      kind: "payment" as const,
    })),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at)).slice(0, HISTORY_LIMIT);
}
