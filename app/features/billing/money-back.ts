/**
 * The 14-day money-back guarantee the upgrade dialog promises (spec 01 §9, decision 0079): a member may have their
 * money back within 14 days of their first payment, once; the plan then ends at once.
 */
import { formatDate } from "~/lib/format-date.ts";

export const MONEY_BACK_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export type MoneyBack = { eligible: true; until: Date } | { eligible: false; reason: string };

export function moneyBackGuarantee(customer: { firstPaymentAt: Date | null; guaranteeUsedAt: Date | null } | null, now: Date): MoneyBack {
  if (!customer?.firstPaymentAt) return { eligible: false, reason: "There is no payment to refund." };
  if (customer.guaranteeUsedAt)
    return { eligible: false, reason: "The money-back guarantee was used already: it covers a first payment once." };
  const until = new Date(customer.firstPaymentAt.getTime() + MONEY_BACK_DAYS * DAY_MS);
  if (now.getTime() >= until.getTime())
    return {
      eligible: false,
      reason: `The money-back guarantee covered ${MONEY_BACK_DAYS} days from your first payment; it ended on ${formatDate(until)}.`,
    };
  return { eligible: true, until };
}
