/**
 * Stripe billing end to end over HTTP (DESIGN D17, decision 0079): the whole application in BILLING_MODE=stripe, the
 * official client reaching the local fake of Stripe (tests/fakes/payment-provider.ts) through the app's outbound
 * fetch, the fake's hosted Checkout page paid with a test card, and its signed webhooks delivered to the app's
 * webhook route, late, twice and at once. What a member would notice: the price they pay, the plan they get, and
 * that nothing is applied twice or from a forged delivery.
 */
import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, locationOf, type Target } from "../../../tests/multi-server/support/browser.ts";
import { signIn, type DemoUserId } from "../../../tests/multi-server/support/sign-in.ts";
import { startAppOverHttp, type AppOverHttp } from "../../../tests/support/app-over-http.ts";
import { rawRequest } from "../../../tests/support/raw-request.ts";
import { startFakePayments, type FakePayments } from "../../../tests/fakes/payment-provider.ts";
import { CARDS, payCheckout } from "../../../tests/fakes/payments/fake-test-support.ts";

let fake: FakePayments;
let app: AppOverHttp;
let server: Target;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakePayments({ retryDelaysMs: [20], maxAttempts: 3 });
  app = await startAppOverHttp({
    env: {
      BILLING_MODE: "stripe",
      STRIPE_SECRET_KEY: fake.apiKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_URL: fake.url,
      // The fake is on this machine: the app's outbound rules reach it only because it is listed (DESIGN D16).
      OUTBOUND_ALLOWED_PRIVATE_ORIGINS: fake.url,
    },
  });
  server = { url: app.base, name: "app" };
  fake.setWebhookUrls([`${app.base}/api/billing/webhook`]);
  stripe = new Stripe(fake.apiKey, { host: fake.host, port: fake.port, protocol: fake.protocol, maxNetworkRetries: 0 });
});

afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const rows = <T>(query: ReturnType<typeof sql>) => app.database.rows<T>(query);
const tierOf = async (id: string) => (await rows<{ tier: string }>(sql`SELECT tier FROM users WHERE id = ${id}`))[0]!.tier;

/** Every delivery made, and every event the app recorded applied by its job. */
async function settled(): Promise<void> {
  await fake.settled();
  for (let i = 0; i < 400; i++) {
    const [row] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM billing_events WHERE processed_at IS NULL`);
    if (row!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("billing events were not applied");
}

async function member(user: DemoUserId): Promise<Browser> {
  const browser = new Browser();
  await signIn(browser, server, user);
  return browser;
}

/** Chooses a plan as the upgrade dialog does (JSON), and answers the Checkout page's address. */
async function choose(browser: Browser, tier: string, interval: string, price: number): Promise<string> {
  const response = await fetch(new URL("/api/billing/choose-plan", app.base), {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.base, cookie: [...browser.cookies].map(([n, v]) => `${n}=${v}`).join("; ") },
    body: JSON.stringify({ tier, interval, price }),
  });
  const body = (await response.json()) as { data?: { checkoutUrl?: string }; error?: string };
  if (!body.data?.checkoutUrl) throw new Error(`no checkout: ${response.status} ${JSON.stringify(body)}`);
  return body.data.checkoutUrl;
}

describe("checkout", () => {
  it.each([
    ["subscriber", "monthly", 29, "introbase_subscriber_monthly", 2900],
    ["subscriber", "annual", 290, "introbase_subscriber_annual", 29000],
    ["premium", "monthly", 99, "introbase_premium_monthly", 9900],
    ["premium", "annual", 990, "introbase_premium_annual", 99000],
  ] as const)("of %s paid %s opens Stripe's Checkout for the price the catalogue shows", async (tier, interval, dollars, key, cents) => {
    const pat = await member("demo-public");
    const url = await choose(pat, tier, interval, dollars);
    const session = await stripe.checkout.sessions.retrieve(url.split("/").at(-1)!, { expand: ["line_items"] });
    const price = session.line_items!.data[0]!.price!;
    expect([price.lookup_key, price.unit_amount, session.amount_total, session.client_reference_id]).toEqual([
      key,
      cents,
      cents,
      "demo-public",
    ]);
    expect(await tierOf("demo-public")).toBe("public");
  });
});

describe("paying with 4242", () => {
  it("gives the plan once the provider reports it: on the return from Checkout and by the webhooks, each event applied once", async () => {
    const pat = await member("demo-public");
    const url = await choose(pat, "premium", "monthly", 99);
    const paid = await payCheckout(url, CARDS.pays);
    const back = new URL(paid.location!);
    expect(back.origin + back.pathname).toBe(`${app.base}/settings/billing`);
    const returned = await pat.get(server, back.pathname + back.search);
    expect(locationOf(returned, app.base).search).toBe("?checkout=paid");
    expect(await tierOf("demo-public")).toBe("premium");

    await settled();
    const events = await rows<{ type: string; outcome: string }>(sql`SELECT type, outcome FROM billing_events ORDER BY received_at`);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]),
    );
    for (const event of events.filter((e) => e.type !== "invoice.payment_succeeded" || e.outcome))
      expect(event.outcome, event.type).not.toMatch(/^ignored: subscription/);
    const [first] = await rows<{ first_payment_at: Date | null }>(
      sql`SELECT first_payment_at FROM billing_customers WHERE user_id = 'demo-public'`,
    );
    expect(first!.first_payment_at).not.toBeNull();

    // The same event delivered again, twice at once: recorded once, applied once.
    const [paidEvent] = await rows<{ id: string }>(sql`SELECT id FROM billing_events WHERE type = 'invoice.paid' LIMIT 1`);
    const jobsBefore = (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE job_type = 'billing_event'`))[0]!.n;
    const control = await fetch(`${fake.url}/__control/events/${paidEvent!.id}/deliver`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.controlToken}`, "content-type": "application/json" },
      body: JSON.stringify({ copies: 2 }),
    });
    expect(control.status).toBe(200);
    await settled();
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE job_type = 'billing_event'`))[0]!.n).toBe(jobsBefore);

    // The billing page shows the plan, its invoice and its PDF.
    const page = await (await pat.get(server, "/settings/billing")).text();
    expect(page).toContain("Renews on");
    expect(page).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/i\/in_[A-Za-z0-9]+\/pdf"/);
    expect(page).toMatch(/14(<!-- -->)?-day money-back guarantee/);
  });
});

describe("the webhook route", () => {
  it("refuses over HTTP a delivery without a valid, recent signature on its raw body, and records nothing", async () => {
    const body = JSON.stringify({
      id: "evt_forged_1",
      object: "event",
      type: "customer.subscription.deleted",
      created: 1,
      data: { object: { id: "sub_x" } },
    });
    const headers = { "content-type": "application/json" };
    const forged = await rawRequest(app.base, {
      method: "POST",
      path: "/api/billing/webhook",
      headers: { ...headers, "stripe-signature": "t=1,v1=abc" },
      body,
    });
    expect([forged.status, JSON.parse(forged.body).error]).toEqual([
      400,
      "Refused: the Stripe-Signature header does not sign this body with this endpoint's secret.",
    ]);
    const unsigned = await rawRequest(app.base, { method: "POST", path: "/api/billing/webhook", headers, body });
    expect(unsigned.status).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: fake.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const old = await rawRequest(app.base, {
      method: "POST",
      path: "/api/billing/webhook",
      headers: { ...headers, "stripe-signature": stale },
      body,
    });
    expect([old.status, JSON.parse(old.body).error]).toEqual([
      400,
      "Refused: the Stripe-Signature timestamp is more than 5 minutes old (a replayed delivery).",
    ]);
    expect(await rows(sql`SELECT id FROM billing_events WHERE id = 'evt_forged_1'`)).toEqual([]);
  });

  it("takes a signed delivery whose body is re-encoded by nobody: the signature is checked on the bytes as sent", async () => {
    // Pretty-printed with odd spacing and a non-ASCII character: any re-serialisation would break the signature.
    const body = `{\n  "id": "evt_bytes_1",  "object": "event", "type": "customer.updated", "created": ${Math.floor(Date.now() / 1000)},\n  "data": { "object": { "id": "cus_x", "name": "Zoë" } }\n}`;
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: fake.webhookSecret });
    const answer = await rawRequest(app.base, {
      method: "POST",
      path: "/api/billing/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ received: true, id: "evt_bytes_1", duplicate: false });
  });
});
