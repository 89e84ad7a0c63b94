/**
 * What a crawler reads from one of our pages: the head tags that matter for search, and the JSON-LD blocks.
 * A small reader for the markup React writes (quoted attributes, escaped text), not a general HTML parser.
 */

export interface PageSeo {
  title: string | null;
  /** meta name=… and meta property=… values, by lowercased name; the first occurrence wins. */
  meta: Record<string, string>;
  canonical: string | null;
  /** Every application/ld+json block, parsed; a block that is not JSON is reported as `{ invalid: text }`. */
  jsonLd: unknown[];
  /** Values of every class attribute, for checking that a paywall selector matches something. */
  classNames: Set<string>;
  /** href values of <a> elements. */
  links: string[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n = code[1] === "x" || code[1] === "X" ? Number.parseInt(code.slice(2), 16) : Number.parseInt(code.slice(1), 10);
      return Number.isFinite(n) ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** The attributes of one start tag's source ("<meta name=\"x\" content=\"y\"/>"), names lowercased. */
export function parseAttributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const body = tag.replace(/^<[a-z0-9-]+/i, "").replace(/\/?>$/, "");
  for (const m of body.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = m[1]!.toLowerCase();
    if (name in attrs) continue;
    attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

function startTags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b(?:"[^"]*"|'[^']*'|[^'">])*>`, "gi"))].map((m) => parseAttributes(m[0]));
}

export function readPageSeo(html: string): PageSeo {
  const title = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  const meta: Record<string, string> = {};
  for (const attrs of startTags(html, "meta")) {
    const key = (attrs.name ?? attrs.property)?.toLowerCase();
    if (key && attrs.content !== undefined && !(key in meta)) meta[key] = attrs.content;
  }
  const canonical = startTags(html, "link").find((attrs) => attrs.rel?.toLowerCase().split(/\s+/).includes("canonical"));
  const jsonLd: unknown[] = [];
  for (const m of html.matchAll(/<script\b((?:"[^"]*"|'[^']*'|[^'">])*)>([\s\S]*?)<\/script>/gi)) {
    if (parseAttributes(`<script${m[1]}>`).type?.toLowerCase() !== "application/ld+json") continue;
    try {
      jsonLd.push(JSON.parse(m[2]!));
    } catch {
      jsonLd.push({ invalid: m[2]! });
    }
  }
  const classNames = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of m[1]!.split(/\s+/)) if (name) classNames.add(decodeEntities(name));
  const links = startTags(html, "a")
    .map((attrs) => attrs.href)
    .filter((href): href is string => typeof href === "string");
  return { title: title ? decodeEntities(title[1]!).trim() : null, meta, canonical: canonical?.href ?? null, jsonLd, classNames, links };
}

/** The JSON-LD nodes of a page, flattened: arrays and @graph containers opened, so each node can be checked on its own. */
export function jsonLdNodes(blocks: readonly unknown[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== "object") return;
    const node = value as Record<string, unknown>;
    // A graph's nodes share its context: each gets it, so it can be checked on its own.
    if (Array.isArray(node["@graph"]))
      return (node["@graph"] as unknown[]).forEach((child) =>
        visit(child && typeof child === "object" && !Array.isArray(child) ? { "@context": node["@context"], ...child } : child),
      );
    out.push(node);
  };
  blocks.forEach(visit);
  return out;
}
