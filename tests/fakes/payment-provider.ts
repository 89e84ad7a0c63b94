/**
 * A local fake of the payment provider, Stripe (DESIGN D9, D17; decision 0078): the part of its API the app calls,
 * spoken exactly as the official `stripe` client speaks it (form-encoded parameters, Bearer secret key, expand,
 * Idempotency-Key, list objects, Stripe's error bodies and statuses), hosted Checkout and billing portal pages that
 * take Stripe's test cards, invoices with real PDFs, signed webhooks with retries, and a clock tests move on.
 * Tests start it on a free port with `startFakePayments`; offline development runs it:
 *   npm run fake:payments   (PORT, default 4050; STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_FAKE_WEBHOOK_URLS
 *                            comma-separated, STRIPE_FAKE_CONTROL_TOKEN, STRIPE_FAKE_PRICES a prices file)
 * and points the official client at it: new Stripe(key, { host: "127.0.0.1", port: 4050, protocol: "http" }).
 * Controls (JSON, Bearer control token): POST /__control/clock/advance {"seconds"}, /webhooks/{delay,release,
 * duplicate,reorder,corrupt}, PUT /webhooks/endpoints, POST /events/{id}/deliver, POST|DELETE /faults, POST /reset,
 * POST /payment-methods/{id}/card, GET /deliveries, /requests, /state, /webhooks/settled (control-api.ts).
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { answerApi, type ApiFault, type ApiLogEntry } from "./payments/api-server.ts";
import { Billing } from "./payments/billing.ts";
import { answerCheckoutPage } from "./payments/checkout-pages.ts";
import { answerControl } from "./payments/control-api.ts";
import { answerInvoiceDocument } from "./payments/invoice-documents.ts";
import { STRIPE_API_VERSION, priceObject, productObject } from "./payments/objects.ts";
import { answerPortalPage } from "./payments/portal-page.ts";
import { billingRoutes } from "./payments/routes-billing.ts";
import { coreRoutes } from "./payments/routes-core.ts";
import { FakeStore } from "./payments/store.ts";
import { SubscriptionLifecycle, type DunningOptions } from "./payments/subscription-lifecycle.ts";
import { WebhookDispatcher, type DeliveryRecord } from "./payments/webhooks.ts";

export const DEMO_STRIPE_SECRET_KEY = "sk_test_local_fake_introbase_0123456789";
export const DEMO_STRIPE_WEBHOOK_SECRET = "whsec_local_fake_introbase_0123456789";
export const DEMO_CONTROL_TOKEN = "fake-payments-control";
/** The prices the app sells, by lookup key: the fake seeds its catalogue from this file and the app reads it too. */
export const PRICES_FILE = fileURLToPath(new URL("../../app/features/billing/stripe-prices.json", import.meta.url));

const PriceConfig = z.object({
  currency: z.string().regex(/^[a-z]{3}$/),
  products: z.array(
    z.object({
      id: z.string().startsWith("prod_"),
      name: z.string().min(1),
      tier: z.string().min(1),
      /** Sold per unit ("seat"): its prices may be bought in quantities (the team plan). */
      unit_label: z.string().min(1).optional(),
      prices: z.array(
        z.object({ lookup_key: z.string().min(1), unit_amount: z.number().int().positive(), interval: z.enum(["month", "year"]) }),
      ),
    }),
  ),
});
export type PriceConfig = z.infer<typeof PriceConfig>;

export function readPriceConfig(file = PRICES_FILE): PriceConfig {
  return PriceConfig.parse(JSON.parse(readFileSync(file, "utf8")));
}

export interface FakePaymentsOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  apiKey?: string;
  webhookSecret?: string;
  /** Where events are POSTed (several: every app server); changeable later with setWebhookUrls. */
  webhookUrls?: string[];
  controlToken?: string;
  /** The clock in milliseconds (Date.now by default); the fake's time is this plus what advance() added. */
  now?: () => number;
  prices?: PriceConfig;
  /** Attempts per event and endpoint, the first included (5); waits between them in ms (the last repeats). */
  maxAttempts?: number;
  retryDelaysMs?: number[];
  /** How long an endpoint has to answer a delivery (10 s). */
  deliveryTimeoutMs?: number;
  dunning?: Partial<DunningOptions>;
}

export interface FakePayments {
  /** http://127.0.0.1:{port}: also the origin of the hosted pages. */
  url: string;
  host: string;
  port: number;
  protocol: "http";
  apiKey: string;
  webhookSecret: string;
  controlToken: string;
  store: FakeStore;
  webhooks: WebhookDispatcher;
  deliveries: DeliveryRecord[];
  faults: ApiFault[];
  /** Every API call answered, in order. */
  requests: ApiLogEntry[];
  setWebhookUrls(urls: string[]): void;
  /** Moves the clock on, running renewals, retries, period ends and expiries on the way. */
  advance(seconds: number): void;
  /** Resolves once every webhook delivery and retry scheduled so far is done. */
  settled(): Promise<void>;
  reset(): void;
  close(): Promise<void>;
}

function seed(store: FakeStore, prices: PriceConfig): void {
  const created = store.now();
  for (const p of prices.products) {
    store.put(productObject(store, { id: p.id, name: p.name, tier: p.tier, created, unitLabel: p.unit_label }));
    for (const price of p.prices)
      store.put(
        priceObject(store, {
          product: p.id,
          lookupKey: price.lookup_key,
          unitAmount: price.unit_amount,
          interval: price.interval,
          currency: prices.currency,
          tier: p.tier,
          created,
        }),
      );
  }
}

export async function startFakePayments(options: FakePaymentsOptions = {}): Promise<FakePayments> {
  const apiKey = options.apiKey ?? DEMO_STRIPE_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? DEMO_STRIPE_WEBHOOK_SECRET;
  const controlToken = options.controlToken ?? DEMO_CONTROL_TOKEN;
  const prices = options.prices ?? readPriceConfig();
  const store = new FakeStore(options.now ?? Date.now);
  const webhooks = new WebhookDispatcher(store, {
    endpoints: (options.webhookUrls ?? []).map((url) => ({ url, secret: webhookSecret })),
    maxAttempts: options.maxAttempts ?? 5,
    retryDelaysMs: options.retryDelaysMs ?? [2_000, 10_000, 60_000, 300_000],
    timeoutMs: options.deliveryTimeoutMs ?? 10_000,
  });
  let origin = "";
  const billing = new Billing(store, webhooks, () => origin);
  const lifecycle = new SubscriptionLifecycle(billing, {
    retryDays: options.dunning?.retryDays ?? [3, 5, 7],
    afterRetries: options.dunning?.afterRetries ?? "cancel",
  });
  const routes = [...coreRoutes(billing), ...billingRoutes(billing, lifecycle)];
  const faults: ApiFault[] = [];
  const requests: ApiLogEntry[] = [];
  const reset = () => {
    webhooks.reset();
    store.reset();
    faults.length = 0;
    requests.length = 0;
    seed(store, prices);
  };
  seed(store, prices);

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const handle = async () => {
      if (url.pathname === "/healthz") {
        res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
        return res.end(JSON.stringify({ ok: true }));
      }
      if (url.pathname.startsWith("/__control/"))
        return answerControl(req, res, url, { token: controlToken, billing, lifecycle, webhooks, faults, log: requests, reset });
      if (url.pathname.startsWith("/v1/"))
        return answerApi(req, res, url, { store, apiKey, routes, faults, log: requests, origin: () => origin });
      if (await answerCheckoutPage(req, res, url, billing, lifecycle)) return;
      if (await answerPortalPage(req, res, url, billing, lifecycle)) return;
      if (answerInvoiceDocument(res, url, billing)) return;
      res.writeHead(404, { "Content-Type": "application/json; charset=utf-8" });
      res.end(
        JSON.stringify({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } }),
      );
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(`The payment fake failed: ${String(error)}`);
    });
  });
  // An idle kept-alive connection outlives any pause of a busy test run: a client never reuses one the fake is closing.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: origin,
    host: "127.0.0.1",
    port,
    protocol: "http",
    apiKey,
    webhookSecret,
    controlToken,
    store,
    webhooks,
    deliveries: webhooks.deliveries,
    faults,
    requests,
    setWebhookUrls: (urls) => webhooks.options.endpoints.splice(0, Infinity, ...urls.map((url) => ({ url, secret: webhookSecret }))),
    advance: (seconds) => lifecycle.advanceTo(store.now() + seconds),
    settled: () => webhooks.settled(),
    reset,
    close: () =>
      new Promise<void>((resolve, reject) => {
        webhooks.close();
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const env = process.env;
  const fake = await startFakePayments({
    port: Number(env.PORT ?? 4050),
    apiKey: env.STRIPE_SECRET_KEY || undefined,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    webhookUrls: (env.STRIPE_FAKE_WEBHOOK_URLS ?? "")
      .split(",")
      .map((u) => u.trim())
      .filter(Boolean),
    controlToken: env.STRIPE_FAKE_CONTROL_TOKEN || undefined,
    prices: env.STRIPE_FAKE_PRICES ? readPriceConfig(env.STRIPE_FAKE_PRICES) : undefined,
  });
  console.log(
    `payment provider fake (Stripe API ${STRIPE_API_VERSION}): ${fake.url} STRIPE_SECRET_KEY=${fake.apiKey} STRIPE_WEBHOOK_SECRET=${fake.webhookSecret} ` +
      `webhooks to: ${fake.webhooks.options.endpoints.map((e) => e.url).join(", ") || "none (STRIPE_FAKE_WEBHOOK_URLS)"} (controls: ${fake.url}/__control/…, token ${fake.controlToken})`,
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void fake.close().then(() => process.exit(0)));
}
