/**
 * React Router's server instrumentation (decision 0105): the request's server span (server/tracing.ts) learns the
 * route pattern that answered (http.route, and the name "GET /listings/:slug"), and every loader and action runs in
 * a span of its own named by its route id, so the database queries it makes nest under it. Installed only while
 * tracing is on (app/entry.server.tsx).
 */
import { trace } from "@opentelemetry/api";
import type { ServerInstrumentation } from "react-router";
import { recordFailure, tracer } from "./spans.server.ts";

type RouteHandlerResult = { status: "success"; error: undefined } | { status: "error"; error: Error };

function routeHandlerSpan(kind: "loader" | "action", routeId: string, pattern: string | undefined) {
  return async (handler: () => Promise<RouteHandlerResult>) => {
    await tracer.startActiveSpan(
      `${kind} ${routeId}`,
      { attributes: { "react_router.route.id": routeId, ...(pattern !== undefined ? { "react_router.route.path": pattern } : {}) } },
      async (span) => {
        const result = await handler();
        // A thrown Response (a redirect, a 404) is how routes answer, not a failure: only an Error counts.
        if (result.status === "error" && result.error instanceof Error) recordFailure(span, result.error);
        span.end();
      },
    );
  };
}

export const routeSpans: ServerInstrumentation = {
  handler(handler) {
    handler.instrument({
      async request(handle, { request }) {
        const span = trace.getActiveSpan();
        const result = await handle();
        // React Router's pattern has no leading slash ("listings/:type/:slug"); the HTTP conventions' route has.
        const pattern = result.meta ? `/${result.meta.pattern.replace(/^\/+/, "")}` : undefined;
        if (span && pattern) {
          span.setAttribute("http.route", pattern);
          span.updateName(`${request.method} ${pattern}`);
        }
      },
    });
  },
  route(route) {
    route.instrument({
      loader: routeHandlerSpan("loader", route.id, route.path),
      action: routeHandlerSpan("action", route.id, route.path),
    });
  },
};
