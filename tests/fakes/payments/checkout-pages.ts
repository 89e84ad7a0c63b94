/**
 * The hosted Checkout page a session's `url` opens: what is bought, an e-mail field when the session has no
 * customer or address, and the card form. Posting it checks the card as Stripe's form does, then pays: a good card
 * completes the session and redirects to success_url; a declined one shows the bank's message and leaves the session
 * open; one that needs 3D Secure goes to a page where the customer completes or fails the authentication.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Billing } from "./billing.ts";
import { formatAmount } from "./billing-periods.ts";
import { TEST_CARD_HINT, cardFields, escape, page, redirect, sendHtml } from "./page-layout.ts";
import type { StripeObject } from "./store.ts";
import type { SubscriptionLifecycle } from "./subscription-lifecycle.ts";
import { checkCard } from "./test-cards.ts";

const AUTH_FAILED = "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

interface FormValues {
  email?: string;
  number?: string;
  expiry?: string;
  name?: string;
}

function summary(billing: Billing, session: StripeObject): string {
  const item = (session.__line_items as StripeObject[])[0]!;
  const price = item.price as StripeObject;
  const interval = (price.recurring as { interval: string }).interval;
  const quantity = Number(item.quantity);
  const unitLabel = billing.store.get(String(price.product), "product")?.unit_label;
  const what =
    quantity > 1 || unitLabel ? `${item.description} × ${quantity} ${unitLabel ?? ""}${quantity > 1 ? "s" : ""}` : item.description;
  return `<p class="muted">Subscribe to ${escape(what)}</p>
<p class="amount">${escape(formatAmount(Number(session.amount_total), String(session.currency)))} <span class="muted">per ${escape(interval)}</span></p>`;
}

function checkoutPage(
  billing: Billing,
  session: StripeObject,
  values: FormValues = {},
  problem?: { field: string; message: string },
): string {
  const needsEmail = !session.customer && !session.customer_email;
  const customer = session.customer ? billing.store.get(String(session.customer), "customer") : null;
  const email = (session.customer_email as string | null) ?? (customer?.email as string | null) ?? null;
  const general = problem && problem.field === "card" ? `<p class="error" role="alert">${escape(problem.message)}</p>` : "";
  return page(
    "Checkout (test mode)",
    `<div class="card">
<h1>Introbase</h1>
${summary(billing, session)}
${session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Back</a></p>` : ""}
</div>
<form class="card" method="post" action="/c/pay/${escape(session.id)}">
<h2>Pay with card</h2>
${general}
${needsEmail ? `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${escape(values.email)}"${problem?.field === "email" ? ' aria-invalid="true" aria-describedby="email-error"' : ""}>${problem?.field === "email" ? `<p class="error" id="email-error">${escape(problem.message)}</p>` : ""}` : `<p class="muted">Email: ${escape(email)}</p>`}
${cardFields(values, problem)}
<button type="submit" class="full">Subscribe</button>
${TEST_CARD_HINT}
</form>`,
  );
}

function closedPage(session: StripeObject): [number, string] {
  if (session.status === "complete")
    return [
      200,
      page(
        "Checkout complete",
        `<div class="card"><h1>Payment complete</h1><p>This Checkout Session is complete.</p>${session.success_url ? `<p><a href="${escape(String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", session.id))}">Continue</a></p>` : ""}</div>`,
      ),
    ];
  return [
    410,
    page(
      "Checkout expired",
      `<div class="card"><h1>This Checkout Session has expired</h1><p>Go back and start again.</p>${session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Back</a></p>` : ""}</div>`,
    ),
  ];
}

function authenticatePage(session: StripeObject): string {
  return page(
    "Authenticate your payment (test mode)",
    `<div class="card">
<h1>3D Secure 2 test page</h1>
<p>Your bank asks you to confirm this payment of ${escape(formatAmount(Number(session.amount_total), String(session.currency)))}.</p>
<form method="post" action="/c/pay/${escape(session.id)}/authenticate">
<button type="submit" name="action" value="complete">Complete</button>
<button type="submit" name="action" value="fail" class="secondary">Fail</button>
</form>
<p class="test">Test mode: choose the outcome of the authentication.</p>
</div>`,
  );
}

export function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw = (raw + chunk).slice(0, 100_000)));
    req.on("end", () => resolve(new URLSearchParams(raw)));
    req.on("error", reject);
  });
}

/** GET and POST of /c/pay/{session}[/authenticate]; false when the path is not a Checkout page. */
export async function answerCheckoutPage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  billing: Billing,
  lifecycle: SubscriptionLifecycle,
): Promise<boolean> {
  const match = /^\/c\/pay\/([^/]+)(\/authenticate)?$/.exec(url.pathname);
  if (!match) return false;
  const session = billing.store.get(decodeURIComponent(match[1]!), "checkout.session");
  if (!session) {
    sendHtml(
      res,
      404,
      page("Not found", `<div class="card"><h1>Something went wrong</h1><p>This Checkout Session does not exist.</p></div>`),
    );
    return true;
  }
  if (session.status === "open" && Number(session.expires_at) <= billing.store.now()) lifecycle.expireSession(session);
  if (session.status !== "open") {
    const [status, html] = closedPage(session);
    sendHtml(res, req.method === "POST" && status === 200 ? 409 : status, html);
    return true;
  }
  const state = billing.store.checkoutState.get(session.id)!;
  if (match[2]) {
    if (!state.authentication) {
      redirect(res, `/c/pay/${session.id}`);
      return true;
    }
    if (req.method !== "POST") {
      sendHtml(res, 200, authenticatePage(session));
      return true;
    }
    const action = (await readForm(req)).get("action");
    const pending = state.authentication;
    state.authentication = undefined;
    if (action === "complete") {
      state.authenticated = true;
      redirect(res, billing.completeCheckout(session, pending.paymentMethod, { email: pending.email, name: pending.name }));
    } else
      sendHtml(
        res,
        402,
        checkoutPage(billing, session, { email: pending.email ?? "", name: pending.name ?? "" }, { field: "card", message: AUTH_FAILED }),
      );
    return true;
  }
  if (req.method !== "POST") {
    sendHtml(res, 200, checkoutPage(billing, session));
    return true;
  }
  const form = await readForm(req);
  const values = {
    email: form.get("email") ?? "",
    number: form.get("number") ?? "",
    expiry: form.get("expiry") ?? "",
    name: form.get("name") ?? "",
  };
  const needsEmail = !session.customer && !session.customer_email;
  if (needsEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) {
    sendHtml(res, 400, checkoutPage(billing, session, values, { field: "email", message: "Your email address is incomplete." }));
    return true;
  }
  const check = checkCard({ number: values.number, expiry: values.expiry, cvc: form.get("cvc") ?? "" }, billing.store.now());
  if (!check.ok) {
    sendHtml(res, 400, checkoutPage(billing, session, values, check));
    return true;
  }
  const email = needsEmail ? values.email : null;
  const name = values.name.trim() || null;
  const pm = billing.attachCard(null, check.card, check.behaviour, { name, email: email ?? (session.customer_email as string | null) });
  const outcome = billing.cardOutcome(pm.id, true);
  if (outcome.status === "declined") {
    sendHtml(res, 402, checkoutPage(billing, session, values, { field: "card", message: outcome.message }));
    return true;
  }
  if (outcome.status === "requires_action") {
    state.authentication = { paymentMethod: pm.id, email, name };
    redirect(res, `/c/pay/${session.id}/authenticate`);
    return true;
  }
  redirect(res, billing.completeCheckout(session, pm.id, { email, name }));
  return true;
}
