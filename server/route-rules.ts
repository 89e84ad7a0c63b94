/**
 * HTTP as RFC 9110 has it, in one place before any route runs (issue 29 findings 4 and 9, decision 0069). The request
 * is resolved to its route once (server/route-table.ts), and then:
 *
 * - another letter case of a real route's path is sent there (308, reads) or is no route (404): routes match in the
 *   route table's spelling only, so no guard has to compare paths in any case;
 * - an /api/* path that is no endpoint is a JSON 404, answered before an API key is looked at or counted;
 * - OPTIONS is answered here, 204 with Allow, and runs no handler; for the JSON API it is also the CORS preflight:
 *   any origin may call it with a key (an Authorization header a page must set itself), never with cookies;
 * - a method the route does not take is a 405 with Allow (TRACE among them: the Fetch Request a route would get
 *   cannot even carry it), never a handler's guess or a 500;
 * - HEAD runs as GET (React Router drops the body) inside withoutSpending: it counts no view and no API call.
 *
 * Every answer, whoever writes it, leaves with the headers the route's facts call for (answerHeaders).
 */
import type { NextFunction, Request, Response } from "express";
import type { ServerBuild } from "react-router";
import { withoutSpending } from "~/lib/read-only-request.server.ts";
import { refuse } from "./request-guard.ts";
import { requestUrl } from "./react-router-handler.ts";
import { IMPLEMENTED_METHODS, routeTable, type RouteFacts } from "./route-table.ts";

/** The route this request resolved to (null: no route of ours, e.g. the demo OpenID provider's own paths). */
export function routeOf(res: Response): RouteFacts | null {
  return (res.locals.route as RouteFacts | undefined) ?? null;
}

/** The challenge of a 401 (RFC 9110 §11.6.1): a key where keys count, else the session a sign-in makes. */
function challengeFor(route: RouteFacts | null): string {
  return route?.keyed ? 'Bearer realm="Introbase API"' : 'Cookie realm="Introbase", form-action="/sign-in"';
}

/** What a page running in another origin may read of a keyed answer (the body and these). */
const EXPOSED = "RateLimit, RateLimit-Policy, Retry-After, WWW-Authenticate, X-Request-Id";
const IMPLEMENTED: readonly string[] = IMPLEMENTED_METHODS;
const NO_ROUTE_METHODS = ["GET", "HEAD", "OPTIONS"];

/**
 * Headers every answer gets as its head is written, whatever wrote it (a route, Better Auth, a guard): the challenge
 * on a 401, Allow on a 405, Vary on an answer that depends on the credentials, CORS on the keyed JSON API.
 */
function answerHeaders(res: Response, route: RouteFacts | null): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    const status = typeof args[0] === "number" ? args[0] : this.statusCode;
    if (status === 401 && !this.hasHeader("WWW-Authenticate")) this.setHeader("WWW-Authenticate", challengeFor(route));
    if (status === 405 && !this.hasHeader("Allow")) this.setHeader("Allow", (route?.methods ?? NO_ROUTE_METHODS).join(", "));
    // Made for whoever asked (the session cookie or the key decides what it shows): a cache must not hand it to
    // someone else, nor the browser show the signed-out copy after sign-in. A route that says `public` made it the
    // same for everyone; `no-store` keeps nothing to choose between.
    const cacheControl = String(this.getHeader("Cache-Control") ?? "");
    if (!/\b(public|no-store)\b/.test(cacheControl)) this.vary("Cookie").vary("Authorization");
    if (route?.keyed) this.set({ "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": EXPOSED });
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

function answerOptions(req: Request, res: Response, route: RouteFacts | null, allow: string): void {
  res.status(204).set({ Allow: allow, "Cache-Control": "no-store" });
  // A CORS preflight for the keyed JSON API: the methods and the headers a page may send (the key, a JSON body).
  if (route?.keyed && req.get("origin") && req.get("access-control-request-method")) {
    res.set({
      "Access-Control-Allow-Methods": allow,
      "Access-Control-Allow-Headers": "Authorization, Content-Type",
      "Access-Control-Max-Age": "600",
    });
  }
  res.end();
}

export function routeRules(loadBuild: () => Promise<ServerBuild>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const { pathname, search } = requestUrl(req);
      const { route, respelt } = routeTable(await loadBuild()).resolve(pathname);
      res.locals.route = route;
      answerHeaders(res, route);
      const method = req.method;
      const reading = method === "GET" || method === "HEAD";
      if (respelt && reading) return void res.redirect(308, respelt + search);
      const allow = (route?.methods ?? NO_ROUTE_METHODS).join(", ");
      if (!IMPLEMENTED.includes(method))
        return refuse(req, res, 405, `${method} is not allowed here. Allowed: ${allow}.`, { Allow: allow });
      const noRoute = !route || route.catchAll;
      const shown = pathname.slice(0, 200);
      if (pathname.startsWith("/api/") && (noRoute || !route.resource))
        return refuse(req, res, 404, `There is no endpoint ${method} ${shown}. The API is described at /api/openapi.json.`);
      if (method === "OPTIONS") return answerOptions(req, res, route, allow);
      if (noRoute && !reading) return refuse(req, res, 404, `There is nothing at ${shown}.`);
      if (route && !route.methods.includes(method))
        return refuse(req, res, 405, `${method} is not allowed here. Allowed: ${allow}.`, { Allow: allow });
      if (method === "HEAD") return withoutSpending(next);
      next();
    } catch (error) {
      next(error);
    }
  };
}
