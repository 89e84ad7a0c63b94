/**
 * A member's invoices as the payment provider holds them (decision 0079), for "Download my data" (decision 0077): every
 * one, with its amounts, dates and the links to its page and PDF, read from the provider when the file is made, since
 * the provider is where invoices live. Only what the member's own invoices show: no card, no payment's inner objects.
 */
import { eq } from "drizzle-orm";
import { billingCustomers, billingSubscriptions } from "#db/schema/billing.ts";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import type { PaymentGateway } from "./payment-gateway.server.ts";

export interface ExportedInvoice {
  id: string;
  number: string | null;
  status: string | null;
  /** In the currency's smallest unit (cents). */
  amountDue: number;
  amountPaid: number;
  currency: string;
  createdAt: string;
  paidAt: string | null;
  subscriptionId: string | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
}

export interface MemberInvoices {
  invoices: ExportedInvoice[];
  /** Why the invoices are missing, in words for the member; null when they were read (or there are none). */
  unavailable: string | null;
}

const INVOICES_UNREACHABLE =
  "Your invoices could not be read from our payment provider just now. Download your data again in a few minutes to include them.";
const INVOICES_NOT_CONNECTED =
  "Your invoices could not be read: this site is not connected to its payment provider at the moment. Download your data again later to include them.";

/** The member's customers at the provider: the one made for them, and any their subscriptions name. */
export async function customersOf(database: Database, userId: string): Promise<string[]> {
  const [made, named] = await Promise.all([
    database.db.select({ id: billingCustomers.providerCustomerId }).from(billingCustomers).where(eq(billingCustomers.userId, userId)),
    database.db
      .selectDistinct({ id: billingSubscriptions.providerCustomerId })
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.userId, userId)),
  ]);
  return [...new Set([...made, ...named].map((c) => c.id))];
}

/**
 * Every invoice of the member's, newest first. A member who never reached the provider costs no call. When the
 * provider does not answer (or the site has no gateway to it), the answer says so rather than failing: the rest of the
 * member's data is ours to give whatever the provider does.
 */
export async function memberInvoices(database: Database, gateway: PaymentGateway | null, userId: string): Promise<MemberInvoices> {
  const customers = await customersOf(database, userId);
  if (!customers.length) return { invoices: [], unavailable: null };
  if (!gateway) return { invoices: [], unavailable: INVOICES_NOT_CONNECTED };
  try {
    const lists = await Promise.all(customers.map((id) => gateway.listInvoices(id, { all: true })));
    const invoices = lists
      .flat()
      .filter((i) => i.status !== "draft")
      .sort((a, b) => b.created.getTime() - a.created.getTime())
      .map((i) => ({
        id: i.id,
        number: i.number,
        status: i.status,
        amountDue: i.amountDue,
        amountPaid: i.amountPaid,
        currency: i.currency,
        createdAt: i.created.toISOString(),
        paidAt: i.paidAt?.toISOString() ?? null,
        subscriptionId: i.subscriptionId,
        hostedUrl: i.hostedUrl,
        pdfUrl: i.pdfUrl,
      }));
    return { invoices, unavailable: null };
  } catch (error) {
    logger.warn({ err: error, userId }, "the payment provider did not list the invoices for a data download");
    return { invoices: [], unavailable: INVOICES_UNREACHABLE };
  }
}
