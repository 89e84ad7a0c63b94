/**
 * What the fuzz pass knows about the application, derived from its sources so that a route, a parameter or a field
 * added later is fuzzed without anyone touching the test: the routes of app/routes.ts (with whether each module
 * has an action and whether that action reads its body), the query parameters the code reads, and the field names
 * its forms and schemas use.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import routes from "../../../app/routes.ts";

const APP = path.resolve(import.meta.dirname, "../../../app");

export interface FuzzRoute {
  /** The path pattern, e.g. "profile/:type/:slug" ("" for the home page, "*" for the catch-all). */
  pattern: string;
  file: string;
  hasAction: boolean;
  /** The action reads its body through a reader; false for one that acts on its URL alone. */
  actionReadsBody: boolean;
}

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

const BODY_READERS = /\b(readBody|readForm|readJsonBody|readRequestBody|leadsApi|handleDebuggerAction)\(|\.handler\(request\)/;

function walk(entries: RouteEntry[], prefix: string): Array<{ pattern: string; file: string }> {
  return entries.flatMap((entry) => {
    const pattern = entry.path === undefined ? prefix : [prefix, entry.path].filter(Boolean).join("/");
    const own = entry.path !== undefined || entry.index ? [{ pattern, file: entry.file }] : [];
    return [...own, ...walk(entry.children ?? [], pattern)];
  });
}

export function routeTable(): FuzzRoute[] {
  return walk(routes as RouteEntry[], "").map(({ pattern, file }) => {
    const source = readFileSync(path.join(APP, file), "utf8");
    const hasAction = /export (async )?function action\b|export const action\b/.test(source);
    return { pattern, file, hasAction, actionReadsBody: hasAction && BODY_READERS.test(source) };
  });
}

function sources(dir = APP): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [readFileSync(full, "utf8")] : [];
  });
}

function matches(texts: string[], pattern: RegExp): string[] {
  return texts.flatMap((text) => [...text.matchAll(pattern)].map((m) => m[1]!));
}

/** Query parameter names the code reads (searchParams.get("x"), params.getAll("x"), the directory's named lists). */
export function queryParameterNames(): string[] {
  const all = sources();
  const read = matches(all, /(?:searchParams|params|query)\.(?:get|getAll|has)\(\s*"([\w[\]]+)"/g);
  // The directory reads its parameters by name from two lists (directory-filters.ts): the list filters and the scalars.
  const lists = matches(all, /(?:LIST_FILTERS|SCALARS) = \[([^\]]+)\]/g).flatMap((block) =>
    [...block.matchAll(/"(\w+)"/g)].map((m) => m[1]!),
  );
  return [...new Set([...read, ...lists])].sort();
}

/** Field names forms and JSON bodies use: form.get("x") and the keys of zod objects. */
export function fieldNames(): string[] {
  const all = sources();
  const formFields = matches(all, /\.get\(\s*"([a-zA-Z_]\w*)"\s*\)/g);
  const schemaKeys = matches(all, /^\s{2,}([a-zA-Z_]\w*): z\./gm);
  return [...new Set([...formFields, ...schemaKeys])].sort();
}
