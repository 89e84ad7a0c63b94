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
import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { getEnv } from "./env.server.ts";
import { classifyAddress, isLocalhostName, parseIpLiteral } from "./network-address.ts";
import { normaliseOrigin } from "./parse-origin.ts";

export type OutboundErrorCode = "bad_url" | "forbidden_address" | "dns" | "too_many_redirects" | "too_large" | "bad_response";

export class OutboundError extends Error {
  readonly code: OutboundErrorCode;
  constructor(code: OutboundErrorCode, message: string) {
    super(message);
    this.name = "OutboundError";
    this.code = code;
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}
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

export const OUTBOUND_DEFAULTS = { maxRedirects: 5, maxBytes: 16 * 1024 * 1024, timeoutMs: 60_000 } as const;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** The request headers that may follow a redirect to another origin: none of them is a credential. */
const CROSS_ORIGIN_HEADERS = new Set(["accept", "accept-language", "user-agent"]);
const USER_AGENT = "Introbase (+server)";

const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, order: "verbatim" });
const systemTimer: StartTimer = (ms, onTimeout) => {
  const timer = setTimeout(onTimeout, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

interface Outgoing {
  url: URL;
  method: string;
  headers: Headers;
  body: Buffer | null;
}

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

/** A url without query or fragment: signed urls carry a credential there, and it stays out of messages. */
const shown = (url: URL) => `${url.origin}${url.pathname === "/" ? "" : url.pathname}`;

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
    };

    try {
      let request = first;
      for (let hop = 0; ; hop++) {
        controller.signal.throwIfAborted();
        const target = await withAbort(checkedAddresses(request.url), controller.signal);
        const response = await send(request, target, controller.signal);
        const location = response.headers.location;
        if (redirectMode === "manual" || !REDIRECTS.has(response.statusCode ?? 0) || !location) {
          return toResponse(response, request.url, hop > 0, { maxBytes, signal: controller.signal, abort, finish });
        }
        response.destroy();
        if (redirectMode === "error") throw new TypeError(`Redirected from ${shown(request.url)}, and redirects were refused`);
        if (hop >= maxRedirects)
          throw new OutboundError("too_many_redirects", `More than ${maxRedirects} redirects from ${shown(first.url)}`);
        request = redirected(request, response.statusCode!, location);
      }
    } catch (error) {
      finish();
      throw controller.signal.aborted ? controller.signal.reason : error;
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

/** One request to the checked addresses; resolves with the answer's head, its body still unread. */
function send(request: Outgoing, targets: ResolvedAddress[], signal: AbortSignal): Promise<IncomingMessage> {
  // Whatever name the socket asks about, it gets the addresses that were checked (all of them when it tries each
  // family in turn, as Node's connect does by default), never a fresh DNS answer.
  const pinned = ((_hostname, lookupOptions, callback) => {
    if (lookupOptions.all)
      callback(
        null,
        targets.map(({ address, family }) => ({ address, family })),
      );
    else callback(null, targets[0]!.address, targets[0]!.family);
  }) as LookupFunction;
  const headers: Record<string, string> = { "user-agent": USER_AGENT, "accept-encoding": "identity" };
  request.headers.forEach((value, name) => (headers[name] = value));
  if (request.body) headers["content-length"] = String(request.body.byteLength);
  const client = request.url.protocol === "https:" ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    // agent: false: a pooled socket could belong to another request's checks; each request makes its own.
    const outgoing = client.request(request.url, { method: request.method, headers, lookup: pinned, agent: false }, resolve);
    const onAbort = () => outgoing.destroy(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
    signal.addEventListener("abort", onAbort, { once: true });
    outgoing.on("close", () => signal.removeEventListener("abort", onAbort));
    // As fetch does: a connection that fails is "fetch failed", with the socket's own error as its cause.
    outgoing.on("error", (error) => reject(signal.aborted ? signal.reason : new TypeError("fetch failed", { cause: error })));
    outgoing.end(request.body ?? undefined);
  });
}

const NULL_BODY = new Set([101, 103, 204, 205, 304]);

interface BodyControl {
  maxBytes: number;
  signal: AbortSignal;
  abort: (reason: unknown) => void;
  finish: () => void;
}

/** The answer as a fetch Response whose body streams from the socket, counted against the size limit. */
function toResponse(incoming: IncomingMessage, url: URL, redirected: boolean, control: BodyControl): Response {
  const { maxBytes, signal, abort, finish } = control;
  const status = incoming.statusCode ?? 0;
  const tooLarge = () => new OutboundError("too_large", `The answer from ${shown(url)} is larger than ${Math.round(maxBytes / 1024)} KB`);
  if (status < 200 || status > 599) {
    incoming.destroy();
    finish();
    throw new OutboundError("bad_response", `${shown(url)} answered with status ${status}`);
  }
  const declared = Number(incoming.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    incoming.destroy();
    finish();
    throw tooLarge();
  }
  const headers = new Headers();
  for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) {
    try {
      headers.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
    } catch {
      // A header value fetch's Headers refuses is left out, as fetch would fail the whole answer over it.
    }
  }

  let body: ReadableStream<Uint8Array> | null = null;
  if (NULL_BODY.has(status)) {
    incoming.destroy();
    finish();
  } else {
    let size = 0;
    let settled = false;
    body = new ReadableStream<Uint8Array>({
      start(stream) {
        const fail = (error: unknown) => {
          if (settled) return;
          settled = true;
          incoming.destroy();
          finish();
          stream.error(error);
        };
        signal.addEventListener("abort", () => fail(signal.reason), { once: true });
        incoming.on("data", (chunk: Buffer) => {
          if (settled) return;
          size += chunk.byteLength;
          if (size > maxBytes) {
            // Cut the connection now: the rest of the body is never read.
            abort(tooLarge());
            return;
          }
          stream.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((stream.desiredSize ?? 1) <= 0) incoming.pause();
        });
        incoming.on("end", () => {
          if (settled) return;
          settled = true;
          finish();
          stream.close();
        });
        incoming.on("error", (error) => fail(signal.aborted ? signal.reason : error));
        incoming.on("close", () => {
          if (!incoming.complete)
            fail(signal.aborted ? signal.reason : new TypeError("The connection closed before the answer was complete"));
        });
      },
      pull() {
        incoming.resume();
      },
      cancel() {
        settled = true;
        incoming.destroy();
        finish();
      },
    });
    incoming.pause();
  }
  const response = new Response(body, { status, statusText: incoming.statusMessage ?? "", headers });
  Object.defineProperty(response, "url", { value: url.href });
  Object.defineProperty(response, "redirected", { value: redirected });
  return response;
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
