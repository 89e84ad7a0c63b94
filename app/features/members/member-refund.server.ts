/**
 * An operator's refund of one of a member's payments (decision 0081): made by billing through the payment gateway
 * (operator-refund.server.ts), then written to the audit log with the operator and their reason. Demo and request
 * billing take no payment, so they refuse with a message that says so.
 */
import { eq } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { refundInvoiceForMember, type PlanEnding } from "~/features/billing/operator-refund.server.ts";
import type { PaymentGateway } from "~/features/billing/payment-gateway.server.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { formatDate } from "~/lib/format-date.ts";
import { MEMBER_AUDIT_OPERATION } from "./member-actions.server.ts";
import { formatMoney } from "./member-facts.ts";

export const NO_PAYMENTS_TO_REFUND =
  "Refunds go through the payment provider, and this site takes no payments (demo billing): nothing was charged, so there is nothing to refund.";

export async function refundMemberPayment(
  database: Database,
  gateway: PaymentGateway | null,
  operator: { id: string },
  memberId: string,
  refund: { invoice: string; ending: PlanEnding; reason: string },
  now: Date,
): Promise<string> {
  if (!gateway) throw new AppError("conflict", NO_PAYMENTS_TO_REFUND);
  const [member] = await database.db.select({ id: users.id }).from(users).where(eq(users.id, memberId));
  if (!member) notFound("No such member: they may have deleted their account.");
  const done = await refundInvoiceForMember(
    database,
    gateway,
    { userId: memberId, invoiceId: refund.invoice, ending: refund.ending, refundedBy: operator.id },
    now,
  );
  await recordAudit(database.db, {
    operation: MEMBER_AUDIT_OPERATION,
    source: "admin",
    action: "refunded",
    recordId: memberId,
    actorId: operator.id,
    details: {
      invoiceId: done.invoiceId,
      invoiceNumber: done.number,
      amount: done.amount,
      currency: done.currency,
      planEnding: refund.ending,
      planOutcome: done.plan.ended,
      reason: refund.reason,
    },
  });
  const amount = formatMoney(done.amount, done.currency);
  const plan =
    done.plan.ended === "now"
      ? "The plan it paid for has ended."
      : done.plan.ended === "period_end"
        ? `The plan it paid for ends at the end of its period${done.plan.at ? `, on ${formatDate(done.plan.at)}` : ""}, and does not renew.`
        : "The plan it paid for had ended already.";
  return `Refunded ${amount} (invoice ${done.number ?? done.invoiceId}). ${plan}`;
}
