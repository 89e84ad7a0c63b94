/**
 * What the account erasure job asks of billing (decisions 0077 and 0079) for a member who deleted their account: at the
 * payment provider, every subscription ends at once, a payment the provider took after the deletion is refunded, and
 * the customer is deleted (its saved cards with it; its invoices stay with the provider, which keeps them for
 * accounting); here, the member's webhook events lose the provider's ids and keep the ledger (type, amount, currency,
 * dates). Both run while the member's billing rows still say whose customer is whose, before the user row is deleted
 * (its foreign keys then delete those rows). Each is idempotent: a step that failed runs again from the start.
 */
import { eq, sql } from "drizzle-orm";
import { billingSubscriptions } from "#db/schema/billing.ts";
import { textArray, type Database } from "~/lib/db.server.ts";
import { customersOf } from "./member-invoices.server.ts";
import type { PaymentGateway } from "./payment-gateway.server.ts";
import { endPaidPlans } from "./subscription-actions.server.ts";

/**
 * Ends the deleted member's payments at the provider. A member who never reached the provider costs no call (a site in
 * demo billing needs no Stripe settings to delete accounts). A provider that does not answer fails the step, and the
 * erasure with it: the sweep runs it again until the provider answers, and the member's rows wait for it.
 * Returns how many things it changed at the provider.
 */
export async function endPaymentsAtProvider(
  database: Database,
  gateway: PaymentGateway,
  userId: string,
  { deletedAt, now }: { deletedAt: Date; now: Date },
): Promise<number> {
  const customers = await customersOf(database, userId);
  if (!customers.length) return 0;
  let changed = await endPaidPlans(database, gateway, userId, now);
  for (const customerId of customers) {
    // A renewal the provider charged before the cancellation reached it (it was down, or slow): nobody pays for an
    // account that is gone. What was paid before the deletion is the member's purchase, and stays.
    const invoices = await gateway.listInvoices(customerId, { all: true });
    for (const invoice of invoices) {
      if (invoice.status !== "paid" || invoice.amountPaid <= 0 || !invoice.paidAt || invoice.paidAt <= deletedAt) continue;
      await gateway.refundInvoice(invoice.id);
      changed++;
    }
    await gateway.deleteCustomer(customerId);
    changed++;
  }
  return changed;
}

/**
 * The deleted member's webhook events keep what an accountant reads beside the provider's invoices (the type, the
 * amount and currency, when it happened and was applied) and lose the ids that lead back to the person at the
 * provider: the customer, and the object (subscription, invoice, checkout) the event was about.
 */
export async function forgetPaymentIds(database: Database, userId: string): Promise<number> {
  const customers = await customersOf(database, userId);
  const subscriptions = await database.db
    .select({ id: billingSubscriptions.id })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, userId));
  const ids = [...customers, ...subscriptions.map((s) => s.id)];
  if (!ids.length) return 0;
  const list = textArray(ids);
  const rows = await database.rows<{ id: string }>(sql`
    UPDATE billing_events SET object_id = NULL, provider_customer_id = NULL
    WHERE provider_customer_id = ANY(${list}) OR object_id = ANY(${list}) RETURNING id`);
  return rows.length;
}
