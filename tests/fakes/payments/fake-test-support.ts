/**
 * What the payment fake's tests share: the fake on a free port with a fixed clock, the official client pointed at
 * it, a webhook receiver that keeps every delivery as received (raw body and headers) and answers as told, and
 * the hosted Checkout page driven by plain form posts, as a browser without JavaScript would.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { startFakePayments, type FakePayments, type FakePaymentsOptions } from "../payment-provider.ts";

/** 15 January 2027, 12:00 UTC: the fake's clock in these tests (moved only by advance). */
const START_MS = Date.UTC(2027, 0, 15, 12, 0, 0);
export const START = START_MS / 1000;

export interface Received {
  body: string;
  headers: IncomingMessage["headers"];
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status of each next answer, then 200; a function may hold an answer (return a promise). */
  answers: Array<number | ((r: Received) => Promise<number>)>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers: Receiver["answers"] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      const entry = { body, headers: req.headers };
      received.push(entry);
      const next = answers.shift() ?? 200;
      void Promise.resolve(typeof next === "number" ? next : next(entry)).then((status) => {
        res.writeHead(status, { "Content-Type": "text/plain" });
        res.end(status === 200 ? "ok" : "no");
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    received,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Fixture {
  fake: FakePayments;
  stripe: Stripe;
  receiver: Receiver;
  /** Verifies a delivery as the app will, with the fake's clock as the receiving time. */
  verify(r: Received, secret?: string): Stripe.Event;
  /** The types of the events delivered so far (first attempts, in order). */
  types(): string[];
  close(): Promise<void>;
}

export async function startFixture(options: FakePaymentsOptions = {}): Promise<Fixture> {
  const receiver = await startReceiver();
  const fake = await startFakePayments({
    now: () => START_MS,
    webhookUrls: [receiver.url],
    retryDelaysMs: [1],
    maxAttempts: 3,
    ...options,
  });
  const stripe = new Stripe(fake.apiKey, { host: fake.host, port: fake.port, protocol: fake.protocol, maxNetworkRetries: 0 });
  return {
    fake,
    stripe,
    receiver,
    verify: (r, secret = fake.webhookSecret) =>
      stripe.webhooks.constructEvent(r.body, String(r.headers["stripe-signature"]), secret, undefined, undefined, START_MS),
    types: () => receiver.received.map((r) => (JSON.parse(r.body) as { type: string }).type),
    close: async () => {
      await fake.close();
      await receiver.close();
    },
  };
}

export const CARDS = {
  pays: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  authenticates: "4000 0025 0000 3155",
  failsLater: "4000 0000 0000 0341",
} as const;

/** Posts the hosted Checkout form; answers the status, the Location and the page. */
export async function payCheckout(url: string, card: string, extra: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: "POST",
    body: new URLSearchParams({ number: card, expiry: "12 / 30", cvc: "123", name: "Ada Lovelace", ...extra }),
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

/** A subscriber of the monthly subscriber price, paid with `card`, with its webhooks delivered. */
export async function subscribe(f: Fixture, lookupKey = "introbase_subscriber_monthly", card: string = CARDS.pays) {
  const [price] = (await f.stripe.prices.list({ lookup_keys: [lookupKey] })).data;
  const customer = await f.stripe.customers.create({ email: "ada@example.com", metadata: { user_id: "user-1" } });
  const session = await f.stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    line_items: [{ price: price!.id, quantity: 1 }],
    success_url: "http://app.test/billing/success?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/billing",
  });
  const paid = await payCheckout(session.url!, card);
  await f.fake.settled();
  const done = await f.stripe.checkout.sessions.retrieve(session.id);
  const subscription = await f.stripe.subscriptions.retrieve(String(done.subscription));
  return { price: price!, customer, session: done, subscription, paid };
}
