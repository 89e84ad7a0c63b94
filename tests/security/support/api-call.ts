/**
 * A call to the JSON API as server/app.ts answers it, without a socket: a request with an Authorization header on a
 * keyed path goes through authenticateApiKey first (a refusal is answered there with its headers, as the server's
 * middleware answers it; a success makes the key's owner the user and adds the rate-limit headers to the route's
 * answer), then the route of app/routes.ts that matches the path runs its real loader or action, through the error
 * pipeline (answerOf). The clock and the per-minute limit of the key check are passed in, so no test reads the wall
 * clock or depends on how fast it runs.
 */
import { matchPath } from "react-router";
import { authenticateApiKey, isKeyedApiPath } from "~/features/api-keys/api-key-auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { RateLimit } from "~/lib/rate-limit.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { answerOf, loaderArgs } from "#test-support/test-route.ts";
import { routeTable } from "./route-table.ts";

export interface ApiCall {
  method: string;
  /** Path and query, e.g. "/api/listings?type=STARTUP". */
  url: string;
  /** A signed-in member (the session); ignored when `authorization` is sent on a keyed path, as the server does. */
  user?: SessionUser | null;
  /** The Authorization header, e.g. "Bearer ib_…". */
  authorization?: string;
  /** A JSON body (serialised here) or raw text with its own Content-Type. */
  json?: unknown;
  body?: string;
  contentType?: string;
}

export interface KeyCheck {
  now: Date;
  perMinute: RateLimit;
}

type Handler = (args: unknown) => Promise<Response> | Response;
type RouteModule = { loader?: Handler; action?: Handler };

const API_ROUTES = routeTable().filter((r) => r.pattern.startsWith("api/"));
const modules = new Map<string, Promise<RouteModule>>();

/** The route React Router picks for a path: of those that match, the one with the fewest dynamic segments. */
function routeFor(pathname: string): { file: string; params: Record<string, string> } {
  // React Router matches the decoded path, each segment on its own (an encoded "/" stays inside its segment).
  const decoded = pathname
    .split("/")
    .map((segment) => decodeURIComponent(segment).replaceAll("/", "%2F"))
    .join("/");
  const found = API_ROUTES.flatMap((route) => {
    const match = matchPath(`/${route.pattern}`, decoded);
    return match ? [{ file: route.file, params: match.params as Record<string, string>, dynamic: route.pattern.split(/[:*]/).length }] : [];
  }).sort((a, b) => a.dynamic - b.dynamic)[0];
  if (!found) throw new Error(`no route of app/routes.ts serves ${pathname}`);
  return found;
}

async function moduleOf(file: string): Promise<RouteModule> {
  let loaded = modules.get(file);
  if (!loaded) {
    loaded = import(/* @vite-ignore */ new URL(`../../../app/${file}`, import.meta.url).href) as Promise<RouteModule>;
    modules.set(file, loaded);
  }
  return loaded;
}

export async function callApi(database: Database, call: ApiCall, keyCheck: KeyCheck): Promise<Response> {
  const url = new URL(call.url, "http://localhost");
  let user = call.user ?? null;
  let keyHeaders: Record<string, string> = {};
  if (call.authorization !== undefined && isKeyedApiPath(url.pathname)) {
    const outcome = await authenticateApiKey(database, call.authorization, keyCheck);
    if (!outcome.ok)
      return Response.json(
        { error: outcome.message },
        { status: outcome.status, headers: { ...outcome.headers, "Cache-Control": "no-store" } },
      );
    user = outcome.user;
    keyHeaders = outcome.headers;
  }
  const { file, params } = routeFor(url.pathname);
  const module = await moduleOf(file);
  const handler = call.method === "GET" || call.method === "HEAD" ? module.loader : module.action;
  if (!handler) throw new Error(`${file} has no handler for ${call.method}`);
  const headers: Record<string, string> = {};
  if (call.authorization !== undefined) headers.Authorization = call.authorization;
  let body: string | undefined = call.body;
  if (call.json !== undefined) {
    body = JSON.stringify(call.json);
    headers["Content-Type"] = "application/json";
  }
  if (call.contentType) headers["Content-Type"] = call.contentType;
  const init: RequestInit = { method: call.method, headers, ...(body !== undefined ? { body } : {}) };
  const answer = await answerOf(handler(loaderArgs(database, `${url.pathname}${url.search}`, params, { user, init })));
  // Express sets the key's headers first; the route's own headers are written over them.
  const merged = new Headers(keyHeaders);
  for (const [name, value] of answer.headers) merged.set(name, value);
  return new Response(answer.body, { status: answer.status, headers: merged });
}
