/**
 * The socket end of the outbound fetch (outbound-fetch.server.ts decides what may be fetched): one HTTP request to
 * addresses already checked, and its answer as a fetch Response whose body is counted as it streams.
 */
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";

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

export interface Outgoing {
  url: URL;
  method: string;
  headers: Headers;
  body: Buffer | null;
}

const USER_AGENT = "Introbase (+server)";

/** A url without query or fragment: signed urls carry a credential there, and it stays out of messages. */
export const shown = (url: URL) => `${url.origin}${url.pathname === "/" ? "" : url.pathname}`;

/** One request to the checked addresses; resolves with the answer's head, its body still unread. */
export function send(request: Outgoing, targets: ResolvedAddress[], signal: AbortSignal): Promise<IncomingMessage> {
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

export interface BodyControl {
  maxBytes: number;
  signal: AbortSignal;
  abort: (reason: unknown) => void;
  finish: () => void;
}

/** The answer as a fetch Response whose body streams from the socket, counted against the size limit. */
export function toResponse(incoming: IncomingMessage, url: URL, redirected: boolean, control: BodyControl): Response {
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
