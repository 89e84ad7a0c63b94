/**
 * The fake's own controls, under /__control (JSON, `Authorization: Bearer {control token}`, 401 without): move the
 * clock, shape webhook deliveries (delay, duplicate, reorder, corrupt), send one event to every endpoint at once,
 * fail API calls, switch a saved card's behaviour, list deliveries and API calls, reset. Never part of Stripe's API.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import type { ApiFault, ApiLogEntry } from "./api-server.ts";
import type { Billing } from "./billing.ts";
import type { SubscriptionLifecycle } from "./subscription-lifecycle.ts";
import { TEST_CARDS } from "./test-cards.ts";
import type { WebhookDispatcher } from "./webhooks.ts";

export interface ControlContext {
  token: string;
  billing: Billing;
  lifecycle: SubscriptionLifecycle;
  webhooks: WebhookDispatcher;
  faults: ApiFault[];
  log: ApiLogEntry[];
  reset: () => void;
}

const times = z.number().int().positive();
const BODIES = {
  advance: z.union([z.object({ seconds: z.number().int().nonnegative() }).strict(), z.object({ to: z.number().int() }).strict()]),
  delay: z.object({ ms: z.number().int().nonnegative().max(600_000), times: times.optional() }).strict(),
  duplicate: z.object({ times: times.default(1) }).strict(),
  reorder: z.object({ count: z.number().int().min(2).max(100) }).strict(),
  corrupt: z.object({ mode: z.enum(["signature", "payload", "timestamp", "header"]), times: times.default(1) }).strict(),
  endpoints: z.object({ urls: z.array(z.url({ protocol: /^https?$/ })).max(10) }).strict(),
  deliver: z.object({ copies: z.number().int().min(1).max(10).default(1) }).strict(),
  fault: z
    .object({
      path: z.string().startsWith("/v1/"),
      method: z.enum(["GET", "POST", "DELETE"]).optional(),
      status: z.number().int().min(400).max(599),
      times: times.default(1),
      retryAfter: z.number().int().nonnegative().optional(),
      shouldRetry: z.boolean().optional(),
    })
    .strict(),
  card: z.object({ number: z.string().regex(/^\d{16}$/) }).strict(),
};

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body, null, 2));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let raw = "";
  req.setEncoding("utf8");
  for await (const chunk of req) raw = (raw + String(chunk)).slice(0, 100_000);
  if (raw.trim() === "") return {};
  try {
    return JSON.parse(raw);
  } catch {
    return Symbol("malformed");
  }
}

export async function answerControl(req: IncomingMessage, res: ServerResponse, url: URL, c: ControlContext): Promise<void> {
  if (req.headers.authorization !== `Bearer ${c.token}`)
    return json(res, 401, { error: "The control API needs Authorization: Bearer {control token}." });
  const method = req.method ?? "GET";
  const route = `${method} ${url.pathname.replace(/^\/__control/, "")}`;
  const raw = method === "GET" ? {} : await readJson(req);
  const parse = <T>(schema: z.ZodType<T>): T | undefined => {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    json(res, 400, { error: typeof raw === "symbol" ? "The body is not JSON." : z.prettifyError(result.error) });
    return undefined;
  };
  const store = c.billing.store;
  const state = () => ({
    now: store.now(),
    offsetSeconds: store.offsetSeconds,
    webhooks: c.webhooks.controls,
    endpoints: c.webhooks.options.endpoints.map((e) => e.url),
    faults: c.faults,
  });
  const deliver = /^POST \/events\/([^/]+)\/deliver$/.exec(route);
  const card = /^POST \/payment-methods\/([^/]+)\/card$/.exec(route);
  if (route === "GET /state") return json(res, 200, state());
  if (route === "POST /reset") {
    c.reset();
    return json(res, 200, state());
  }
  if (route === "POST /clock/advance") {
    const body = parse(BODIES.advance);
    if (!body) return;
    const target = "seconds" in body ? store.now() + body.seconds : body.to;
    if (target < store.now()) return json(res, 400, { error: `The clock only moves forward: it is ${store.now()}.` });
    c.lifecycle.advanceTo(target);
    return json(res, 200, state());
  }
  if (route === "POST /webhooks/delay") {
    const body = parse(BODIES.delay);
    if (body) Object.assign(c.webhooks.controls, { delayMs: body.ms, delayTimes: body.times ?? null });
    return body && json(res, 200, state());
  }
  if (route === "POST /webhooks/release") {
    c.webhooks.release();
    return json(res, 200, state());
  }
  if (route === "POST /webhooks/duplicate") {
    const body = parse(BODIES.duplicate);
    if (body) c.webhooks.controls.duplicate = body.times;
    return body && json(res, 200, state());
  }
  if (route === "POST /webhooks/reorder") {
    const body = parse(BODIES.reorder);
    if (body) c.webhooks.controls.reorder = body.count;
    return body && json(res, 200, state());
  }
  if (route === "POST /webhooks/corrupt") {
    const body = parse(BODIES.corrupt);
    if (body) c.webhooks.controls.corrupt = { mode: body.mode, times: body.times };
    return body && json(res, 200, state());
  }
  if (route === "PUT /webhooks/endpoints") {
    const body = parse(BODIES.endpoints);
    if (!body) return;
    const secret = c.webhooks.options.endpoints[0]?.secret ?? "";
    c.webhooks.options.endpoints.splice(0, Infinity, ...body.urls.map((u) => ({ url: u, secret })));
    return json(res, 200, state());
  }
  if (route === "GET /webhooks/settled") {
    await c.webhooks.settled();
    return json(res, 200, { deliveries: c.webhooks.deliveries.length });
  }
  if (route === "GET /deliveries") return json(res, 200, { deliveries: c.webhooks.deliveries });
  if (route === "GET /requests") return json(res, 200, { requests: c.log });
  if (deliver) {
    const body = parse(BODIES.deliver);
    if (!body) return;
    const event = store.get(decodeURIComponent(deliver[1]!), "event");
    if (!event) return json(res, 404, { error: `No such event: ${deliver[1]}` });
    return json(res, 200, { deliveries: await c.webhooks.deliverNow(event, body.copies) });
  }
  if (route === "POST /faults") {
    const body = parse(BODIES.fault);
    if (body) c.faults.push(body);
    return body && json(res, 200, state());
  }
  if (route === "DELETE /faults") {
    c.faults.length = 0;
    return json(res, 200, state());
  }
  if (card) {
    const body = parse(BODIES.card);
    if (!body) return;
    const known = TEST_CARDS[body.number];
    if (!known) return json(res, 400, { error: `Not one of the fake's test cards: ${Object.keys(TEST_CARDS).join(", ")}` });
    if (!store.get(decodeURIComponent(card[1]!), "payment_method")) return json(res, 404, { error: `No such payment method: ${card[1]}` });
    store.cards.set(decodeURIComponent(card[1]!), known.behaviour);
    return json(res, 200, { paymentMethod: card[1], behaviour: known.behaviour });
  }
  json(res, 404, { error: `No control ${route}. See tests/fakes/payment-provider.ts.` });
}
