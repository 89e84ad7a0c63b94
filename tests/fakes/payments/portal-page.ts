/**
 * The billing portal a portal session's `url` opens: the customer's plan and its state, the card on file with a form
 * to replace it (which also retries a past-due invoice, as Stripe's portal does), cancelling at the period's end and
 * taking that back, the invoices with their PDFs, and the way back to return_url.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Billing } from "./billing.ts";
import { formatAmount, formatDate } from "./billing-periods.ts";
import { readForm } from "./checkout-pages.ts";
import { TEST_CARD_HINT, cardFields, escape, page, redirect, sendHtml } from "./page-layout.ts";
import type { StripeObject } from "./store.ts";
import type { SubscriptionLifecycle } from "./subscription-lifecycle.ts";
import { checkCard } from "./test-cards.ts";

const NOTICES: Record<string, string> = {
  card: "Your payment method was updated.",
  canceled: "Your plan will be canceled at the end of the billing period.",
  renewed: "Your plan will renew.",
};

function planSection(billing: Billing, lifecycle: SubscriptionLifecycle, session: StripeObject, sub: StripeObject): string {
  const item = lifecycle.item(sub);
  const product = billing.store.get(String(item.price.product), "product");
  const interval = (item.price.recurring as { interval: string }).interval;
  const state =
    sub.status === "past_due"
      ? `<p class="error">Past due: the last payment failed. Update your payment method to pay it.</p>`
      : sub.status === "unpaid"
        ? `<p class="error">Unpaid: the payments failed.</p>`
        : sub.cancel_at_period_end
          ? `<p>Your plan will be canceled on ${escape(formatDate(item.current_period_end))}.</p>`
          : `<p>Renews on ${escape(formatDate(item.current_period_end))}.</p>`;
  const action = sub.cancel_at_period_end
    ? `<form method="post" action="/p/session/${escape(session.id)}/renew"><input type="hidden" name="subscription" value="${escape(sub.id)}"><button type="submit">Renew plan</button></form>`
    : `<form method="post" action="/p/session/${escape(session.id)}/cancel"><input type="hidden" name="subscription" value="${escape(sub.id)}"><button type="submit" class="secondary">Cancel plan</button></form>`;
  return `<section class="card" aria-labelledby="plan-${escape(sub.id)}">
<h2 id="plan-${escape(sub.id)}">Current plan</h2>
<p><strong>${escape(product?.name)}</strong> · ${escape(formatAmount(Number(item.price.unit_amount), String(item.price.currency)))}${product?.unit_label ? ` per ${escape(product.unit_label)}` : ""} per ${escape(interval)}${product?.unit_label ? ` · ${escape(item.quantity)} ${escape(product.unit_label)}${item.quantity === 1 ? "" : "s"}` : ""}</p>
${state}
${action}
</section>`;
}

function portalPage(
  billing: Billing,
  lifecycle: SubscriptionLifecycle,
  session: StripeObject,
  notice?: string,
  problem?: { field: string; message: string },
): string {
  const customer = billing.store.get(String(session.customer), "customer")!;
  const subs = billing.store.all("subscription").filter((s) => s.customer === customer.id && s.status !== "canceled");
  const pmId =
    (subs[0]?.default_payment_method as string | null) ??
    (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
  const card = pmId
    ? (billing.store.get(pmId, "payment_method")?.card as { brand: string; last4: string; exp_month: number; exp_year: number } | undefined)
    : undefined;
  const invoices = billing.store
    .all("invoice")
    .filter((i) => i.customer === customer.id)
    .sort((a, b) => Number(b.created) - Number(a.created) || (a.id < b.id ? 1 : -1));
  const rows = invoices
    .map(
      (i) =>
        `<tr><td>${escape(formatDate(Number(i.created)))}</td><td>${escape(formatAmount(Number(i.total), String(i.currency)))}</td><td>${escape(i.status)}</td><td><a href="${escape(i.invoice_pdf)}">PDF</a></td></tr>`,
    )
    .join("\n");
  const general = problem?.field === "card" ? `<p class="error" role="alert">${escape(problem.message)}</p>` : "";
  return page(
    "Billing (test mode)",
    `<div class="card">
<h1>Introbase billing</h1>
<p class="muted">${escape(customer.email ?? customer.id)}</p>
${notice ? `<p class="notice" role="status">${escape(notice)}</p>` : ""}
${session.return_url ? `<p><a href="${escape(session.return_url)}">Return to Introbase</a></p>` : ""}
</div>
${subs.length ? subs.map((s) => planSection(billing, lifecycle, session, s)).join("\n") : `<div class="card"><h2>Current plan</h2><p>No active plan.</p></div>`}
<section class="card" aria-labelledby="payment-method">
<h2 id="payment-method">Payment method</h2>
<p>${card ? `${escape(card.brand)} ending in ${escape(card.last4)}, expires ${escape(String(card.exp_month).padStart(2, "0"))}/${escape(card.exp_year)}` : "No card on file."}</p>
<form method="post" action="/p/session/${escape(session.id)}/payment-method">
${general}
${cardFields({}, problem)}
<button type="submit">Update payment method</button>
${TEST_CARD_HINT}
</form>
</section>
<section class="card" aria-labelledby="invoices">
<h2 id="invoices">Invoice history</h2>
${rows ? `<table><thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Document</th></tr></thead><tbody>${rows}</tbody></table>` : "<p>No invoices yet.</p>"}
</section>`,
  );
}

/** GET /p/session/{id} and its three forms; false when the path is not a portal page. */
export async function answerPortalPage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  billing: Billing,
  lifecycle: SubscriptionLifecycle,
): Promise<boolean> {
  const match = /^\/p\/session\/([^/]+)(?:\/(payment-method|cancel|renew))?$/.exec(url.pathname);
  if (!match) return false;
  const session = billing.store.get(decodeURIComponent(match[1]!), "billing_portal.session");
  const customer = session ? billing.store.get(String(session.customer), "customer") : undefined;
  if (!session || !customer || customer.__deleted) {
    sendHtml(
      res,
      404,
      page("Not found", `<div class="card"><h1>This link has expired</h1><p>Open the billing portal again from Introbase.</p></div>`),
    );
    return true;
  }
  const action = match[2];
  if (!action || req.method !== "POST") {
    if (action) return (redirect(res, `/p/session/${session.id}`), true);
    sendHtml(res, 200, portalPage(billing, lifecycle, session, NOTICES[url.searchParams.get("done") ?? ""]));
    return true;
  }
  const form = await readForm(req);
  if (action === "payment-method") {
    const check = checkCard(
      { number: form.get("number") ?? "", expiry: form.get("expiry") ?? "", cvc: form.get("cvc") ?? "" },
      billing.store.now(),
    );
    if (!check.ok) {
      sendHtml(res, 400, portalPage(billing, lifecycle, session, undefined, check));
      return true;
    }
    if (check.behaviour.kind === "declines") {
      sendHtml(res, 402, portalPage(billing, lifecycle, session, undefined, { field: "card", message: check.behaviour.message }));
      return true;
    }
    const name = (form.get("name") ?? "").trim() || null;
    const pm = billing.attachCard(customer.id, check.card, check.behaviour, { name, email: customer.email as string | null });
    billing.webhooks.emit("payment_method.attached", pm);
    const previous = { invoice_settings: JSON.parse(JSON.stringify(customer.invoice_settings)) as unknown };
    customer.invoice_settings = { ...(customer.invoice_settings as object), default_payment_method: pm.id };
    billing.webhooks.emit("customer.updated", customer, { previous });
    for (const sub of billing.store.all("subscription").filter((s) => s.customer === customer.id && s.status !== "canceled")) {
      const before = { default_payment_method: sub.default_payment_method };
      sub.default_payment_method = pm.id;
      billing.webhooks.emit("customer.subscription.updated", sub, { previous: before });
    }
    lifecycle.retryOpenInvoices(customer.id);
    redirect(res, `/p/session/${session.id}?done=card`);
    return true;
  }
  const sub = billing.store.get(form.get("subscription") ?? "", "subscription");
  if (!sub || sub.customer !== customer.id || sub.status === "canceled") {
    sendHtml(res, 400, portalPage(billing, lifecycle, session, undefined, { field: "card", message: "That plan cannot be changed here." }));
    return true;
  }
  lifecycle.setCancelAtPeriodEnd(sub, action === "cancel");
  redirect(res, `/p/session/${session.id}?done=${action === "cancel" ? "canceled" : "renewed"}`);
  return true;
}
