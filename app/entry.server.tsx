import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { getAppContext } from "~/lib/app-context.ts";
import { inLargerChunks, withoutModulePreloads } from "~/lib/html-stream.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { routeSpans } from "~/lib/route-spans.server.ts";
import { tracingEnabled } from "~/lib/tracing-settings.ts";

export const streamTimeout = 5_000;

/** Spans for the route that answers and its loaders and actions, while tracing is on (decision 0105). */
export const instrumentations = tracingEnabled(process.env) ? [routeSpans] : [];

/**
 * What React Router would print to the console (an error it caught outside our pipeline), logged instead: the
 * structured log is the only output (decision 0071). A request the client gave up on is not a failure.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // An internal error response (405, 404 of React Router's own) carries the error it stands for.
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  logger.error({ err: cause ?? error }, "React Router could not answer");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // HEAD is GET without the body (RFC 9110 §9.3.2): the same headers, the page's type among them, and nothing rendered.
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The nonce lets React Router's inline scripts run under our Content-Security-Policy.
  const nonce = getAppContext(loadContext).cspNonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the complete document in one piece.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        const page = body.pipe(withoutModulePreloads()).pipe(inLargerChunks());
        resolve(new Response(createReadableStreamFromReadable(page), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logger.error({ err: error }, "page rendering failed");
      },
    });
  });
}
