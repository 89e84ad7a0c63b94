/**
 * Which route of app/routes.ts a request goes to, decided once, before any middleware acts on the request, by the
 * matching React Router itself does on the same path (decision 0069). The API-key check, the methods and the
 * answer's headers read this instead of looking at the path as sent: a check that reads the path and a router that
 * reads it another way was how an API key reached the settings page.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { isKeyedApiPath } from "~/features/api-keys/api-key-auth.server.ts";

/** The methods the site implements; any other is refused at the door (server/route-rules.ts). */
export const IMPLEMENTED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export interface RouteFacts {
  id: string;
  /** The route table's spelling of the route's path: "/api/listings/:type/:slug". */
  pattern: string;
  /** No page component: the route answers JSON, a file, a feed. */
  resource: boolean;
  /** The catch-all page (spec 01 §2's 404): no route of ours has this path. */
  catchAll: boolean;
  /** An API key stands for its owner here (decision 0061). */
  keyed: boolean;
  /** What the route answers, for Allow: GET and HEAD with a loader, POST with an action, or its own `methods`; OPTIONS. */
  methods: readonly string[];
}

export interface Resolution {
  route: RouteFacts | null;
  /** Another letter case of a real route's path: the path as the route table spells it, parameters as sent. */
  respelt?: string;
}

type Module = ServerBuild["routes"][string] extends infer R ? (R extends { module: infer M } ? M : never) : never;

/** A route module's methods: its own `export const methods`, else what its loader and action imply. */
function methodsOf(module: Module): string[] {
  const declared = (module as { methods?: unknown }).methods;
  const own = Array.isArray(declared)
    ? declared.map((method) => String(method).toUpperCase())
    : [...(module.loader || module.default ? ["GET"] : []), ...(module.action ? ["POST"] : [])];
  const all = new Set([...own, ...(own.includes("GET") ? ["HEAD"] : []), "OPTIONS"]);
  return IMPLEMENTED_METHODS.filter((method) => all.has(method));
}

function patternOf(build: ServerBuild, id: string): string {
  const parts: string[] = [];
  for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined)
    if (route.path) parts.unshift(route.path);
  return `/${parts.join("/")}`;
}

function treeOf(build: ServerBuild, parentId: string | undefined, caseSensitive: (route: { caseSensitive?: boolean }) => boolean) {
  const children: RouteObject[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route || route.parentId !== parentId) continue;
    const node = { id: route.id, path: route.path, caseSensitive: caseSensitive(route), children: treeOf(build, route.id, caseSensitive) };
    children.push(route.index ? { id: route.id, path: route.path, index: true, caseSensitive: node.caseSensitive } : node);
  }
  return children;
}

/** React Router's own reading of a single-fetch path (`/x.data`, `/_.data` for the root). */
function withoutDataSuffix(pathname: string): { path: string; suffix: string } {
  if (pathname.endsWith("/_.data")) return { path: pathname.slice(0, -"_.data".length), suffix: "_.data" };
  if (pathname.endsWith(".data")) return { path: pathname.slice(0, -".data".length), suffix: ".data" };
  return { path: pathname, suffix: "" };
}

/** The request's segments with each static segment of `pattern` in the pattern's spelling. */
function respell(path: string, pattern: string): string {
  const given = path.split("/");
  const wanted = pattern.split("/");
  return given
    .map((segment, i) => {
      const model = wanted[i];
      return model === undefined || model.startsWith(":") || model === "*" || wanted.slice(0, i).includes("*") ? segment : model;
    })
    .join("/");
}

export interface RouteTable {
  resolve(pathname: string): Resolution;
  facts(id: string): RouteFacts;
}

const tables = new WeakMap<ServerBuild, RouteTable>();

/**
 * Paths whose resolution is kept: React Router's matchRoutes flattens and ranks the whole table on every call (about
 * 2 % of a /listings request's CPU, issue 33), and most requests go to a few paths. Bounded, as paths are the client's.
 */
export const RESOLVED_PATHS_KEPT = 500;

/** `match` is React Router's own unless a test counts the calls (a table made with one is not kept for the build). */
export function routeTable(build: ServerBuild, match: typeof matchRoutes = matchRoutes): RouteTable {
  const known = match === matchRoutes ? tables.get(build) : undefined;
  if (known) return known;
  const facts = new Map<string, RouteFacts>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const pattern = patternOf(build, route.id);
    const resource = !route.module.default;
    facts.set(route.id, {
      id: route.id,
      pattern,
      resource,
      catchAll: !resource && pattern.endsWith("*"),
      keyed: resource && isKeyedApiPath(pattern),
      methods: methodsOf(route.module),
    });
  }
  const exact = treeOf(build, undefined, (route) => Boolean(route.caseSensitive));
  const anyCase = treeOf(build, undefined, () => false);
  const leaf = (tree: RouteObject[], path: string) => {
    const matches = match(tree, path);
    const id = matches?.at(-1)?.route.id;
    return id ? facts.get(id)! : null;
  };
  const resolveAnew = (pathname: string): Resolution => {
    const { path, suffix } = withoutDataSuffix(pathname);
    const route = leaf(exact, path);
    if (route && !route.catchAll) return { route };
    const other = leaf(anyCase, path);
    if (!other || other.catchAll) return { route };
    const respelt = respell(path, other.pattern) + suffix;
    return respelt === pathname ? { route } : { route, respelt };
  };
  const resolved = new Map<string, Resolution>();
  const table: RouteTable = {
    resolve(pathname) {
      const known = resolved.get(pathname);
      if (known) return known;
      const resolution = resolveAnew(pathname);
      // The oldest path goes first (a Map keeps insertion order).
      if (resolved.size >= RESOLVED_PATHS_KEPT) resolved.delete(resolved.keys().next().value!);
      resolved.set(pathname, resolution);
      return resolution;
    },
    facts: (id) => facts.get(id)!,
  };
  if (match === matchRoutes) tables.set(build, table);
  return table;
}
