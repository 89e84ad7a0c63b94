/**
 * The one way the server makes HTTP requests (DESIGN D16, decision 0033): a `fetch` for addresses that come from
 * outside (imported logo urls, a provider base url an admin typed, a spreadsheet API's answers), so it may reach
 * only the public internet.
 *
 * - http: and https: only; no credentials in the url.
 * - The host is resolved (every address) and each address classified (network-address.ts); then the connection is
 *   made to the address that was checked, through a lookup that answers with it, so a second DNS answer (DNS
 *   rebinding) is never asked for.
 * - Redirects are followed here, a bounded number of times, each hop checked again; a hop to another origin carries
 *   no credentials (only Accept, Accept-Language and User-Agent survive it).
 * - A time limit covers the whole exchange, body included; the body is counted as it streams and the connection is
 *   cut as soon as it passes the size limit.
 *
 * Private addresses are reachable only through origins listed by configuration (OUTBOUND_ALLOWED_PRIVATE_ORIGINS,
 * for local fakes and offline development) or given to `createOutboundFetch` by code with a narrow reason (the
 * SEO crawler test requesting our own listener).
 */
import { SpanKind } from "@opentelemetry/api";
import { lookup as dnsLookup } from "node:dns/promises";
import { getEnv } from "./env.server.ts";
import { classifyAddress, isLocalhostName, parseIpLiteral } from "./network-address.ts";
import { OutboundError, send, shown, toResponse, type Outgoing, type ResolvedAddress } from "./outbound-request.server.ts";
import { redactUrl } from "./log-redaction.ts";
import { normaliseOrigin } from "./parse-origin.ts";
import { recordFailure, tracer } from "./spans.server.ts";

export { OutboundError, type OutboundErrorCode, type ResolvedAddress } from "./outbound-request.server.ts";

/** Every address of a host name, as the system resolver gives them. */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;
/** Starts the time limit: calls `onTimeout` after `ms` unless the returned function is called first. */
export type StartTimer = (ms: number, onTimeout: () => void) => () => void;

export interface OutboundOptions {
  /** Origins (http://127.0.0.1:4010) that may resolve to non-public addresses. Anything else must be public. */
  privateOrigins?: readonly string[];
  maxRedirects?: number;
  /** The largest body read; the connection is cut past it. */
  maxBytes?: number;
  /** The whole exchange, every redirect and the body included. A caller's own `signal` may end it sooner. */
  timeoutMs?: number;
  /** Test seams. */
  lookup?: LookupAll;
  startTimer?: StartTimer;
}

const OUTBOUND_DEFAULTS = { maxRedirects: 5, maxBytes: 16 * 1024 * 1024, timeoutMs: 60_000 } as const;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** The request headers that may follow a redirect to another origin: none of them is a credential. */
const CROSS_ORIGIN_HEADERS = new Set(["accept", "accept-language", "user-agent"]);

const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, order: "verbatim" });
const systemTimer: StartTimer = (ms, onTimeout) => {
  const timer = setTimeout(onTimeout, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

function readInput(input: RequestInfo | URL, init: RequestInit | undefined): Outgoing {
  if (input instanceof Request && input.body) throw new TypeError("outbound fetch: pass a Request body in init.body");
  const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw new OutboundError("bad_url", "Not a valid url");
  }
  const headers = new Headers(input instanceof Request ? input.headers : undefined);
  new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  return { url, method, headers, body: bodyBytes(init?.body) };
}

function bodyBytes(body: RequestInit["body"]): Buffer | null {
  if (body === undefined || body === null) return null;
  if (typeof body === "string" || body instanceof URLSearchParams) return Buffer.from(String(body));
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError("outbound fetch: only string, URLSearchParams and byte bodies are supported");
}

export function createOutboundFetch(options: OutboundOptions = {}): typeof fetch {
  const privateOrigins = new Set((options.privateOrigins ?? []).map(normaliseOrigin));
  const maxRedirects = options.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects;
  const maxBytes = options.maxBytes ?? OUTBOUND_DEFAULTS.maxBytes;
  const timeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const lookup = options.lookup ?? systemLookup;
  const startTimer = options.startTimer ?? systemTimer;

  /** Where a url may be fetched from: the checked addresses to connect to, or an error saying why not. */
  async function checkedAddresses(url: URL): Promise<ResolvedAddress[]> {
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new OutboundError("bad_url", `Only http and https urls are fetched, not ${url.protocol}`);
    if (url.username || url.password) throw new OutboundError("bad_url", "A url with a user name or password is not fetched");
    const host = url.hostname.replace(/^\[|\]$/g, "");
    const allowed = privateOrigins.has(url.origin);
    const refuse = (range: string) =>
      new OutboundError(
        "forbidden_address",
        `${shown(url)} is not fetched: it points at a ${range} address, not a public one` +
          " (a local service may be allowed by listing its origin in OUTBOUND_ALLOWED_PRIVATE_ORIGINS)",
      );
    const literal = parseIpLiteral(host);
    if (literal) {
      if (!literal.verdict.allowed && !allowed) throw refuse(literal.verdict.range);
      return [{ address: host, family: literal.family }];
    }
    if (isLocalhostName(host) && !allowed) throw refuse("loopback");
    let addresses: ResolvedAddress[];
    try {
      addresses = await lookup(host);
    } catch {
      throw new OutboundError("dns", `${url.host} could not be resolved`);
    }
    if (addresses.length === 0) throw new OutboundError("dns", `${url.host} could not be resolved`);
    // Every address must pass: a name with one public and one private address would otherwise be a coin toss.
    for (const { address } of addresses) {
      const verdict = classifyAddress(address);
      if (!verdict.allowed && !allowed) throw refuse(verdict.range);
    }
    return addresses;
  }

  return async function outboundFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const first = readInput(input, init);
    // A client span per fetch, redirects included, ended when the body is read or the fetch fails (decision 0105).
    const span = tracer.startSpan(first.method, {
      kind: SpanKind.CLIENT,
      attributes: {
        "http.request.method": first.method,
        "server.address": first.url.hostname,
        "server.port": Number(first.url.port) || (first.url.protocol === "https:" ? 443 : 80),
        // Without the query, and any secret in the path redacted (decision 0071): spans leave the process.
        "url.full": redactUrl(shown(first.url)),
      },
    });
    const redirectMode = init?.redirect ?? "follow";
    // One abort for everything: the caller's signal, our time limit, the size limit.
    const controller = new AbortController();
    const abort = (reason: unknown) => controller.abort(reason);
    const stopTimer = startTimer(timeoutMs, () =>
      abort(new DOMException(`No complete answer within ${timeoutMs / 1000} s`, "TimeoutError")),
    );
    const callerSignal = init?.signal;
    const onCallerAbort = () => abort(callerSignal!.reason);
    if (callerSignal?.aborted) onCallerAbort();
    else callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
    const finish = () => {
      stopTimer();
      callerSignal?.removeEventListener("abort", onCallerAbort);
      span.end();
    };

    try {
      let request = first;
      for (let hop = 0; ; hop++) {
        controller.signal.throwIfAborted();
        const target = await withAbort(checkedAddresses(request.url), controller.signal);
        const response = await send(request, target, controller.signal);
        const location = response.headers.location;
        if (redirectMode === "manual" || !REDIRECTS.has(response.statusCode ?? 0) || !location) {
          span.setAttribute("http.response.status_code", response.statusCode ?? 0);
          if ((response.statusCode ?? 0) >= 400) span.setAttributes({ "error.type": String(response.statusCode) });
          return toResponse(response, request.url, hop > 0, { maxBytes, signal: controller.signal, abort, finish });
        }
        response.destroy();
        if (redirectMode === "error") throw new TypeError(`Redirected from ${shown(request.url)}, and redirects were refused`);
        if (hop >= maxRedirects)
          throw new OutboundError("too_many_redirects", `More than ${maxRedirects} redirects from ${shown(first.url)}`);
        request = redirected(request, response.statusCode!, location);
      }
    } catch (error) {
      const thrown = controller.signal.aborted ? controller.signal.reason : error;
      recordFailure(span, thrown);
      finish();
      throw thrown;
    }
  } as typeof fetch;
}

/** The request a redirect asks for: fetch's rules for the method, and no credentials to another origin. */
function redirected(request: Outgoing, status: number, location: string): Outgoing {
  let url: URL;
  try {
    url = new URL(location, request.url);
  } catch {
    throw new OutboundError("bad_url", `A redirect from ${shown(request.url)} to an invalid url`);
  }
  const headers = new Headers(request.headers);
  if (url.origin !== request.url.origin) {
    for (const name of [...headers.keys()]) if (!CROSS_ORIGIN_HEADERS.has(name)) headers.delete(name);
  }
  const toGet = status === 303 ? request.method !== "HEAD" : (status === 301 || status === 302) && request.method === "POST";
  if (!toGet) return { url, method: request.method, headers, body: request.body };
  for (const name of ["content-type", "content-length", "content-encoding", "content-language", "content-location"]) headers.delete(name);
  return { url, method: "GET", headers, body: null };
}

function withAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

let fromEnv: typeof fetch | undefined;

/**
 * The production default of every client that takes a `fetch`: public addresses only, plus the origins listed in
 * OUTBOUND_ALLOWED_PRIVATE_ORIGINS.
 */
export const outboundFetch: typeof fetch = (input, init) => {
  fromEnv ??= createOutboundFetch({ privateOrigins: getEnv().OUTBOUND_ALLOWED_PRIVATE_ORIGINS });
  return fromEnv(input, init);
};
