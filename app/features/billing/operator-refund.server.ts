/**
 * A refund an operator makes from /admin/members (decision 0081): one paid invoice of the member's, given back in full
 * through the payment gateway, and the plan it paid for ended at once or at the end of its period. The invoice is
 * claimed in billing_refunds before the provider is asked, so a second click, a second operator or a second server
 * refunds nothing twice; if the provider fails, the claim is given back. A payment the money-back guarantee already
 * refunded is refused too.
 */
import { and, eq } from "drizzle-orm";
import { billingCustomers, billingSubscriptions } from "#db/schema/billing.ts";
import { billingRefunds } from "#db/schema/billing-refunds.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { formatDate } from "~/lib/format-date.ts";
import type { PaymentGateway, ProviderInvoice } from "./payment-gateway.server.ts";
import { storeSubscription } from "./sync-subscription.server.ts";

export type PlanEnding = "now" | "period_end";

export interface RefundedInvoice {
  invoiceId: string;
  number: string | null;
  /** The provider's figure: minor units of `currency`. */
  amount: number;
  currency: string;
  /** What became of the plan: ended now, ends at the period's end (and when), or nothing ran on this invoice any more. */
  plan: { ended: "now" } | { ended: "period_end"; at: Date | null } | { ended: "already" };
}

/** The member's paid invoices, newest first, each with the refund already made of it, if any. */
export async function refundableInvoices(
  database: Database,
  gateway: PaymentGateway,
  userId: string,
): Promise<Array<ProviderInvoice & { refundedAt: Date | null }>> {
  const [customer] = await database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  if (!customer) return [];
  const [invoices, refunds] = await Promise.all([
    gateway.listInvoices(customer.providerCustomerId),
    database.db.select().from(billingRefunds).where(eq(billingRefunds.userId, userId)),
  ]);
  const refundedOf = new Map(refunds.map((r) => [r.invoiceId, r.createdAt]));
  return invoices
    .filter((i) => i.customerId === customer.providerCustomerId && i.status === "paid" && i.amountPaid > 0)
    .sort((a, b) => (b.paidAt ?? b.created).getTime() - (a.paidAt ?? a.created).getTime())
    .map((i) => ({ ...i, refundedAt: refundedOf.get(i.id) ?? guaranteeRefund(customer, i) }));
}

/** When the money-back guarantee refunded this invoice (it refunds every payment made before it was used). */
function guaranteeRefund(customer: { guaranteeUsedAt: Date | null }, invoice: ProviderInvoice): Date | null {
  const paid = invoice.paidAt ?? invoice.created;
  return customer.guaranteeUsedAt && paid.getTime() <= customer.guaranteeUsedAt.getTime() ? customer.guaranteeUsedAt : null;
}

export async function refundInvoiceForMember(
  database: Database,
  gateway: PaymentGateway,
  input: { userId: string; invoiceId: string; ending: PlanEnding; refundedBy: string },
  now: Date,
): Promise<RefundedInvoice> {
  const { userId, invoiceId, ending } = input;
  const [customer] = await database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  if (!customer) throw new AppError("conflict", "This member has never paid: there is nothing to refund.");
  // Only a payment the page offered: one of the member's own paid invoices at the provider.
  const invoice = (await refundableInvoices(database, gateway, userId)).find((i) => i.id === invoiceId);
  if (!invoice) notFound("This member has no such payment: choose one of their paid invoices.");
  if (invoice.refundedAt && !(await claimOf(database, invoiceId)))
    throw new AppError(
      "conflict",
      `This payment was refunded already, under the money-back guarantee on ${formatDate(invoice.refundedAt)}.`,
    );

  const claimed = await database.db
    .insert(billingRefunds)
    .values({
      invoiceId,
      userId,
      amount: invoice.amountPaid,
      currency: invoice.currency,
      planEnding: ending,
      refundedBy: input.refundedBy,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ invoiceId: billingRefunds.invoiceId });
  if (!claimed.length) {
    const earlier = await claimOf(database, invoiceId);
    throw new AppError(
      "conflict",
      `This payment was refunded already${earlier ? `, on ${formatDate(earlier.createdAt)}` : ""}: a payment is refunded once.`,
    );
  }
  try {
    await gateway.refundInvoice(invoiceId);
  } catch (error) {
    await database.db.delete(billingRefunds).where(eq(billingRefunds.invoiceId, invoiceId));
    throw error;
  }
  return {
    invoiceId,
    number: invoice.number,
    amount: invoice.amountPaid,
    currency: invoice.currency,
    plan: await endPlanOf(database, gateway, userId, invoice, ending, now),
  };
}

async function claimOf(database: Database, invoiceId: string) {
  const [claim] = await database.db.select().from(billingRefunds).where(eq(billingRefunds.invoiceId, invoiceId));
  return claim ?? null;
}

/** Ends the subscription the invoice paid for, if it still runs: at once (marked refunded), or at its period's end. */
async function endPlanOf(
  database: Database,
  gateway: PaymentGateway,
  userId: string,
  invoice: ProviderInvoice,
  ending: PlanEnding,
  now: Date,
): Promise<RefundedInvoice["plan"]> {
  if (!invoice.subscriptionId) return { ended: "already" };
  const [stored] = await database.db
    .select()
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.id, invoice.subscriptionId), eq(billingSubscriptions.userId, userId)));
  const current = await gateway.retrieveSubscription(invoice.subscriptionId);
  if (current.status === "canceled" || current.endedAt || stored?.refundedAt) return { ended: "already" };
  if (ending === "now") {
    const ended = await gateway.cancelNow(current.id);
    await storeSubscription(database, userId, ended, { observedAt: now, now }, { refundedAt: now });
    return { ended: "now" };
  }
  const cancelling = current.cancelAtPeriodEnd ? current : await gateway.setCancelAtPeriodEnd(current.id, true);
  await storeSubscription(database, userId, cancelling, { observedAt: now, now });
  return { ended: "period_end", at: cancelling.currentPeriodEnd };
}
