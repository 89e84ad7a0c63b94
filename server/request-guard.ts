/**
 * The first thing the application does with a request (DESIGN D12, D16; decision 0032): refuse a malformed
 * request target (400) and a body declared larger than its kind's limit (413) before any route runs; count the
 * bytes of any other body as a route reads them (requestBodyStream) and fail the read past the limit (413); and
 * leave every connection in a known state after the answer, whether or not the route read the body.
 *
 * Why the last part: Node parses the next request on a keep-alive connection only after the previous body has
 * been read to its end. A route that answers without reading (404, 405, 429, 401, the CSRF 403) left the rest of
 * the body in the socket, paused, and the next request on that connection never got an answer.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { requestTargetProblem } from "~/lib/body-decode.ts";
import { BODY_LIMITS, bodyKindOf, connectionAfterAnswer, declaredLength, tooLargeMessage, type BodyKind } from "~/lib/body-limits.ts";
import { AppError } from "~/lib/errors.ts";
import { canonicalTarget } from "~/lib/request-path.ts";
import { IMPLEMENTED_METHODS } from "./route-table.ts";

/** After a refused body: how long, and about how much, the server keeps reading and dropping before it closes. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 1024 * 1024;

interface BodyState {
  kind: BodyKind;
  limit: number;
  declared: number | null;
  received: number;
  overflowed: boolean;
  /** Detaches the route's reader (requestBodyStream) from the request, if it has one. */
  release: () => void;
}

const bodies = new WeakMap<IncomingMessage, BodyState>();

/** True when a body passed its limit while it was being read: whatever the route answered, the answer is a 413. */
export function bodyOverflowed(req: IncomingMessage): boolean {
  return bodies.get(req)?.overflowed ?? false;
}

const TITLES: Record<number, string> = { 400: "Bad request", 404: "Page not found", 405: "Method not allowed", 413: "Too large" };

/** The answer's body for the guard's own refusals: a short page for a browser, `{ error }` for everything else. */
export function refusal(req: IncomingMessage, status: number, message: string): { contentType: string; body: string } {
  const path = req.url ?? "/";
  const wantsPage = !path.startsWith("/api/") && (req.headers.accept ?? "").includes("text/html");
  if (!wantsPage) return { contentType: "application/json; charset=utf-8", body: JSON.stringify({ error: message }) };
  const title = TITLES[status] ?? "Bad request";
  const escaped = message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return {
    contentType: "text/html; charset=utf-8",
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${status} ${title} · Introbase</title><style>body{font-family:system-ui,sans-serif;margin:0;color:#111827;background:#fff}main{max-width:36rem;margin:6rem auto;padding:0 1rem;text-align:center}p.status{font-size:3rem;font-weight:700;color:#2563eb;margin:0}a{color:#2563eb}@media (prefers-color-scheme:dark){body{background:#0b0f17;color:#e5e7eb}}</style></head><body><main><p class="status">${status}</p><h1>${title}</h1><p>${escaped}</p><p><a href="/">Return to Home</a></p></main></body></html>`,
  };
}

/** Answers a request no route will see (refusal's body), with `headers` such as Allow beside the defaults. */
export function refuse(
  req: IncomingMessage,
  res: ExpressResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const { contentType, body } = refusal(req, status, message);
  res
    .status(status)
    .set({ ...headers, "Content-Type": contentType, "Cache-Control": "no-store" })
    .send(body);
}

/**
 * Half-closes instead of closing when Node ends a `Connection: close` answer: closing a socket that still has
 * unread bytes makes the kernel reset the connection, and a client still sending its body then loses the answer
 * it has not read yet (measured: fetch saw EPIPE instead of the 413 in 13 uploads out of 20). So the answer and
 * our FIN go out, what the client still sends is read and dropped for up to LINGER_MS and about LINGER_BYTES,
 * and the socket is closed when the body ends, the client closes, or either bound is reached.
 */
function lingerOnClose(req: IncomingMessage, state: BodyState): void {
  const socket: Socket = req.socket;
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    state.release();
    this.end();
    const startedAt = this.bytesRead;
    const stop = () => {
      clearTimeout(deadline);
      clearInterval(watch);
      this.destroy();
    };
    const deadline = setTimeout(stop, LINGER_MS).unref();
    // Polled: Node's parser reads a dumped body itself and emits nothing for it. Over loopback a body arrives at
    // about 600 MB/s, so a poll every 50 ms let 37 MB in; every 5 ms keeps it to a few MB, for at most LINGER_MS.
    const watch = setInterval(() => this.bytesRead - startedAt > LINGER_BYTES && stop(), 5).unref();
    this.once("close", () => {
      clearTimeout(deadline);
      clearInterval(watch);
    });
    if (req.readableEnded) return stop();
    req.once("end", stop);
    req.resume();
  };
}

/**
 * Decides, as the answer's head is written, what the connection does next (connectionAfterAnswer): nothing;
 * drain the rest of a body of declared, allowed length after the answer and serve the next request; or close.
 */
function settleConnection(req: IncomingMessage, res: ServerResponse, state: BodyState): void {
  let decision: ReturnType<typeof connectionAfterAnswer> = "keep";
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    decision = connectionAfterAnswer({
      complete: req.complete,
      declaredLength: state.declared,
      limit: state.limit,
      overflowed: state.overflowed,
    });
    if (decision === "close") {
      this.setHeader("Connection", "close");
      lingerOnClose(req, state);
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
  res.once("finish", () => {
    if (decision !== "drain") return;
    // Read to the end and drop: the parser can then read the next request on this connection.
    state.release();
    req.resume();
  });
}

export function requestGuard(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  const contentType = req.headers["content-type"];
  const kind = bodyKindOf(contentType);
  const state: BodyState = {
    kind,
    limit: BODY_LIMITS[kind],
    declared: declaredLength(req.headers["content-length"]),
    received: 0,
    overflowed: false,
    release: () => {},
  };
  bodies.set(req, state);
  settleConnection(req, res, state);
  const target = req.originalUrl || req.url || "";
  // "OPTIONS *" asks about the server as a whole (RFC 9110 §9.3.7): the methods it implements.
  if (target === "*" && req.method === "OPTIONS")
    return void res
      .status(204)
      .set({ Allow: IMPLEMENTED_METHODS.join(", "), "Cache-Control": "no-store" })
      .end();
  const problem = target.startsWith("/") ? requestTargetProblem(target) : "The request target must be a path.";
  if (problem) return refuse(req, res, 400, problem);
  // One spelling of the path for every decision after this one and for the router (app/lib/request-path.ts).
  const canonical = canonicalTarget(target);
  if (!canonical.ok) return refuse(req, res, 400, canonical.message);
  if (canonical.target !== target) req.url = req.originalUrl = canonical.target;
  // A body declared over its limit is never read, and no route runs: one that ignores its body (a button that starts
  // a job) would otherwise act on a request we refuse.
  if (state.declared !== null && !(state.declared <= state.limit)) {
    state.overflowed = true;
    return refuse(req, res, 413, tooLargeMessage(kind));
  }
  next();
}

/** The next chunk of the body (null at its end), waiting for it to arrive; pulls nothing more than it is asked for. */
interface ReaderSignal {
  detached: boolean;
  /** Re-checks a pending read: set while a read waits, so detaching ends the wait at once. */
  wake?: () => void;
}

function nextChunk(req: IncomingMessage, signal: ReaderSignal): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (signal.detached) return finish(() => reject(new Error("The body is no longer read: the answer was sent.")));
      if (req.readableEnded) return finish(() => resolve(null));
      const chunk = req.read() as Buffer | null;
      if (chunk !== null) return finish(() => resolve(chunk));
      if (req.destroyed) return finish(() => reject(new Error("The client closed the connection before its body arrived.")));
    };
    const onError = (error: Error) => finish(() => reject(error));
    const finish = (settle: () => void) => {
      signal.wake = undefined;
      req.off("readable", attempt);
      req.off("end", attempt);
      req.off("close", attempt);
      req.off("error", onError);
      settle();
    };
    req.on("readable", attempt);
    req.on("end", attempt);
    req.on("close", attempt);
    req.on("error", onError);
    signal.wake = attempt;
    attempt();
  });
}

/**
 * The request's body as a stream for the Fetch Request a route reads: pulled from the socket only as the route
 * reads, counted, and failed with a payload_too_large AppError as soon as more than the limit has arrived (the
 * bytes past it are never handed on). A route that never reads it leaves it to settleConnection.
 */
export function requestBodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  const state = bodies.get(req);
  const signal: ReaderSignal = { detached: false };
  const detach = () => {
    signal.detached = true;
    signal.wake?.();
  };
  if (state) state.release = detach;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await nextChunk(req, signal);
        if (chunk === null) return controller.close();
        if (state) {
          state.received += chunk.byteLength;
          if (state.received > state.limit) {
            state.overflowed = true;
            detach();
            return controller.error(new AppError("payload_too_large", tooLargeMessage(state.kind)));
          }
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      },
      cancel() {
        detach();
      },
    },
    { highWaterMark: 0 },
  );
}
