/**
 * The /v1 API as Stripe serves it: the secret key as Bearer (or Basic) auth, form-encoded parameters, `expand[]`,
 * `Idempotency-Key` on POSTs (the first answer replayed for the same parameters, 400 idempotency_error for others),
 * `Request-Id` on every answer, list objects with cursor paging, and Stripe's errors. Faults a test switched on
 * answer before the request runs, so a retry of a faulted request finds nothing saved under its key.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Params, StripeFakeError, badRequest, noSuch } from "./api-errors.ts";
import { canonical, parseForm } from "./form-body.ts";
import { STRIPE_API_VERSION, list } from "./objects.ts";
import type { FakeStore, ListObject, StripeObject } from "./store.ts";

export interface RouteContext {
  params: Params;
  /** The ids captured from the path. */
  ids: string[];
  request: { id: string; idempotencyKey: string | null };
  origin: string;
}

export type RouteAnswer = StripeObject | ListObject<StripeObject>;
export type Route = [method: "GET" | "POST" | "DELETE", pattern: RegExp, handler: (ctx: RouteContext) => RouteAnswer];

export interface ApiFault {
  /** A path prefix (`/v1/checkout/sessions`) and optionally the method; the next `times` matching calls fail. */
  path: string;
  method?: string;
  status: number;
  times: number;
  /** Seconds, sent as Retry-After (429). */
  retryAfter?: number;
  /** Sent as Stripe-Should-Retry, which the official client obeys. */
  shouldRetry?: boolean;
}

export interface ApiLogEntry {
  method: string;
  path: string;
  status: number;
  idempotencyKey: string | null;
  replayed: boolean;
}

const UNKNOWN_KEY_MESSAGE = (key: string) =>
  `Invalid API Key provided: ${key.length <= 12 ? key : `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}`}`;

function faultBody(status: number): StripeFakeError {
  if (status === 429)
    return new StripeFakeError(429, {
      type: "invalid_request_error",
      code: "rate_limit",
      message: "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.",
    });
  if (status === 402)
    return new StripeFakeError(402, {
      type: "card_error",
      code: "card_declined",
      decline_code: "generic_decline",
      message: "Your card was declined.",
    });
  if (status === 409)
    return new StripeFakeError(409, {
      type: "invalid_request_error",
      code: "lock_timeout",
      message: "This object cannot be accessed right now because another API request or Stripe process is currently accessing it.",
    });
  if (status === 401) return new StripeFakeError(401, { type: "invalid_request_error", message: "Invalid API Key provided." });
  if (status < 500)
    return new StripeFakeError(status, {
      type: "invalid_request_error",
      message: "The request was refused (a fault switched on in the payment fake).",
    });
  return new StripeFakeError(status, {
    type: "api_error",
    message: "An unknown error occurred (a fault switched on in the payment fake).",
  });
}

/** Paging of a list as Stripe does it: newest first, `limit` 1-100 (10), `starting_after` / `ending_before` ids. */
export function page(items: StripeObject[], params: Params, url: string): ListObject<StripeObject> {
  const limit = params.int("limit", { min: 1, max: 100 }) ?? 10;
  const sorted = [...items].sort((a, b) => Number(b.created) - Number(a.created) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const after = params.string("starting_after");
  const before = params.string("ending_before");
  if (after) {
    const at = sorted.findIndex((o) => o.id === after);
    if (at === -1) throw noSuch("object", after, "starting_after");
    const rest = sorted.slice(at + 1);
    return list(rest.slice(0, limit), url, rest.length > limit);
  }
  if (before) {
    const at = sorted.findIndex((o) => o.id === before);
    if (at === -1) throw noSuch("object", before, "ending_before");
    const rest = sorted.slice(0, at);
    return list(rest.slice(Math.max(0, rest.length - limit)), url, rest.length > limit);
  }
  return list(sorted.slice(0, limit), url, sorted.length > limit);
}

const INCLUDABLE: Record<string, string> = { "checkout.session:line_items": "__line_items", "invoice:payments": "__payments" };

/** Replaces ids along `path` with their objects (copies), as `expand[]` asks; refuses a path that names no reference. */
function expandPath(store: FakeStore, value: Record<string, unknown>, segments: string[], full: string): void {
  const [head, ...rest] = segments;
  if (head === undefined) return;
  if (value.object === "list" && head === "data") {
    for (const item of value.data as Array<Record<string, unknown>>) expandPath(store, item, rest, full);
    return;
  }
  if (value.object === "customer" && head === "subscriptions" && value.subscriptions === undefined) {
    const subs = store.all("subscription").filter((s) => s.customer === value.id && s.status !== "canceled");
    value.subscriptions = list(JSON.parse(JSON.stringify(subs)) as StripeObject[], `/v1/customers/${String(value.id)}/subscriptions`);
  }
  const hidden = INCLUDABLE[`${String(value.object)}:${head}`];
  if (hidden && Array.isArray(value[hidden])) {
    const ids = value[hidden] as Array<string | StripeObject>;
    const objects = ids.map((x) => (typeof x === "string" ? (JSON.parse(JSON.stringify(store.get(x))) as StripeObject) : x));
    value[head] = list(objects, `/v1/${head}`);
  }
  const field = value[head];
  if (typeof field === "string" && store.get(field)) {
    const copy = JSON.parse(JSON.stringify(store.get(field))) as Record<string, unknown>;
    value[head] = copy;
    expandPath(store, copy, rest, full);
  } else if (field && typeof field === "object" && !Array.isArray(field)) expandPath(store, field as Record<string, unknown>, rest, full);
  else if (field !== null) throw badRequest(`This property cannot be expanded (${full}).`, { param: "expand" });
}

/** The JSON served: a copy with the expansions made and the fake's hidden fields (`__…`) left out. */
function serialize(store: FakeStore, answer: RouteAnswer, expand: string[]): string {
  const copy = JSON.parse(JSON.stringify(answer)) as Record<string, unknown>;
  for (const path of expand) {
    if (path.split(".").length > 4)
      throw badRequest(`You cannot expand more than 4 levels of a property. Property: ${path}`, { param: "expand" });
    expandPath(store, copy, path.split("."), path);
  }
  return JSON.stringify(copy, (key, v: unknown) => (key.startsWith("__") ? undefined : v), 2);
}

export interface ApiServerOptions {
  store: FakeStore;
  apiKey: string;
  routes: Route[];
  faults: ApiFault[];
  log: ApiLogEntry[];
  origin: () => string;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      raw += chunk;
      if (raw.length > 1_000_000) reject(badRequest("The request body is too large."));
    });
    req.on("end", () => resolve(raw));
    req.on("error", reject);
  });
}

function keyOf(req: IncomingMessage): string | null {
  const header = req.headers.authorization ?? "";
  if (header.startsWith("Bearer ")) return header.slice(7).trim();
  if (header.startsWith("Basic ")) return Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0] ?? "";
  return null;
}

export async function answerApi(req: IncomingMessage, res: ServerResponse, url: URL, o: ApiServerOptions): Promise<void> {
  const method = req.method ?? "GET";
  const requestId = o.store.id("req");
  const idempotencyKey = method === "POST" ? ((req.headers["idempotency-key"] as string | undefined) ?? null) : null;
  const entry: ApiLogEntry = { method, path: url.pathname, status: 0, idempotencyKey, replayed: false };
  o.log.push(entry);
  const send = (status: number, body: string, headers: Record<string, string> = {}) => {
    entry.status = status;
    res.writeHead(status, {
      "Content-Type": "application/json",
      "Request-Id": requestId,
      "Stripe-Version": (req.headers["stripe-version"] as string | undefined) ?? STRIPE_API_VERSION,
      ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
      ...headers,
    });
    res.end(body);
  };
  const fail = (error: StripeFakeError) =>
    send(
      error.status,
      JSON.stringify({ error: { ...error.body, request_log_url: `${o.origin()}/logs/${requestId}` } }, null, 2),
      error.headers,
    );
  try {
    const key = keyOf(req);
    if (!key)
      throw new StripeFakeError(401, {
        type: "invalid_request_error",
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      });
    if (key !== o.apiKey)
      throw new StripeFakeError(401, { type: "invalid_request_error", code: "api_key_invalid", message: UNKNOWN_KEY_MESSAGE(key) });
    const fault = o.faults.find((f) => f.times > 0 && url.pathname.startsWith(f.path) && (!f.method || f.method.toUpperCase() === method));
    if (fault) {
      fault.times -= 1;
      if (fault.times <= 0) o.faults.splice(o.faults.indexOf(fault), 1);
      const error = faultBody(fault.status);
      if (fault.retryAfter !== undefined) error.headers["Retry-After"] = String(fault.retryAfter);
      if (fault.shouldRetry !== undefined) error.headers["Stripe-Should-Retry"] = String(fault.shouldRetry);
      return fail(error);
    }
    const route = o.routes.map(([m, pattern, handler]) => ({ m, match: pattern.exec(url.pathname), handler })).filter((r) => r.match);
    const chosen = route.find((r) => r.m === method);
    if (!chosen)
      throw new StripeFakeError(404, {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      });
    // The official client sends a GET's and a DELETE's parameters in the query string, a POST's in the body.
    const source = method === "POST" ? new URLSearchParams(await readBody(req)) : url.searchParams;
    const parsed = parseForm(source);
    if (!parsed.ok) throw badRequest(`Invalid parameter name: ${parsed.key}`, { param: parsed.key });
    const fingerprint = `${method} ${url.pathname} ${canonical(parsed.value)}`;
    if (idempotencyKey) {
      const saved = o.store.idempotency.get(idempotencyKey);
      if (saved && saved.fingerprint !== fingerprint)
        throw new StripeFakeError(400, {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
      if (saved) {
        entry.replayed = true;
        return send(saved.status, saved.body, { "Idempotent-Replayed": "true" });
      }
    }
    const params = new Params(parsed.value);
    const expand = params.strings("expand");
    let status = 200;
    let body: string;
    try {
      const answer = chosen.handler({
        params,
        ids: chosen.match!.slice(1).map(decodeURIComponent),
        request: { id: requestId, idempotencyKey },
        origin: o.origin(),
      });
      body = serialize(o.store, answer, expand);
    } catch (error) {
      if (!(error instanceof StripeFakeError)) throw error;
      // Stripe saves the answer of a request that began executing; a refusal of its parameters is not saved.
      const validation = error.status === 400 && /^parameter_/.test(error.body.code ?? "");
      if (!idempotencyKey || validation) throw error;
      status = error.status;
      body = JSON.stringify({ error: error.body }, null, 2);
    }
    if (idempotencyKey) o.store.idempotency.set(idempotencyKey, { fingerprint, status, body });
    send(status, body);
  } catch (error) {
    if (error instanceof StripeFakeError) return fail(error);
    send(500, JSON.stringify({ error: { type: "api_error", message: `The payment fake failed: ${String(error)}` } }));
  }
}
