/**
 * Express to React Router: the Node request becomes a Fetch Request, React Router answers it, and the answer is
 * written back. We do this ourselves rather than through @react-router/express because that adapter hands the
 * route a body stream that starts reading the socket at once and pauses it when nobody reads: a route answering
 * without reading its body then stalled the connection (see server/request-guard.ts), and the adapter counts
 * nothing. Here the body stream is requestBodyStream: pulled only as the route reads, and limited.
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { tooLargeMessage, bodyKindOf } from "~/lib/body-limits.ts";
import { bodyOverflowed, refusal, requestBodyStream } from "./request-guard.ts";

export interface ReactRouterHandlerOptions {
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>);
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => Promise<RouterContextProvider>;
}

/**
 * The request's URL as the routes see it. The host comes from the Host header (X-Forwarded-Host behind a trusted
 * proxy, Express's req.host), parsed so that a crafted header can change only the origin, never the path. The route a
 * request goes to is decided on this same URL's path (server/route-rules.ts), so the two can never disagree.
 */
export function requestUrl(req: ExpressRequest): URL {
  let origin: string;
  try {
    origin = new URL(`${req.protocol}://${req.host || "localhost"}`).origin;
  } catch {
    origin = `${req.protocol}://localhost`;
  }
  return new URL(`${origin}${req.originalUrl}`);
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // The route's work stops when the client goes away before the answer is complete.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = requestBodyStream(req);
    init.duplex = "half";
  }
  return new Request(requestUrl(req), init);
}

async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    // The client went away mid-answer: nothing left to tell it.
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

type RequestHandler = ReturnType<typeof createRequestHandler>;

/**
 * React Router's handler for the build in hand. Given the build as a function, React Router would prepare its route
 * table and static handler again on every request (about 3 % of a /listings request's CPU, issue 33): here it is
 * prepared once per build, and a new build (development's rebuilds) gets its own.
 */
function handlerPerBuild(
  build: ReactRouterHandlerOptions["build"],
): (request: Request, context: RouterContextProvider) => Promise<Response> {
  const mode = process.env.NODE_ENV;
  if (typeof build !== "function") return createRequestHandler(build, mode);
  const handlers = new WeakMap<ServerBuild, RequestHandler>();
  return async (request, context) => {
    const current = await build();
    let handle = handlers.get(current);
    if (!handle) handlers.set(current, (handle = createRequestHandler(current, mode)));
    return handle(request, context);
  };
}

export function createReactRouterHandler({ build, getLoadContext }: ReactRouterHandlerOptions) {
  const handle = handlerPerBuild(build);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const request = toFetchRequest(req, res);
      let response = await handle(request, await getLoadContext(req, res));
      if (bodyOverflowed(req) && response.status !== 413) {
        // The body passed its limit while a route read it, and the route answered something else (a reader of
        // its own, such as Better Auth's): the client is told what happened.
        await response.body?.cancel();
        const { contentType, body } = refusal(req, 413, tooLargeMessage(bodyKindOf(req.headers["content-type"])));
        response = new Response(body, { status: 413, headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
      }
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
