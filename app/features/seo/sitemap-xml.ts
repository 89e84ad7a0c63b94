/** The sitemaps protocol (sitemaps.org): at most 50,000 URLs per file, and an index naming the files. */
export const MAX_URLS_PER_SITEMAP = 50_000;
export const SITEMAP_CONTENT_TYPE = "application/xml; charset=utf-8";
const XMLNS = "http://www.sitemaps.org/schemas/sitemap/0.9";

export interface SitemapEntry {
  loc: string;
  /** When what the page shows last changed (a profile: visitor-last-change.ts). */
  lastmod?: Date | null;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function xmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

function entryXml(tag: "url" | "sitemap", entry: SitemapEntry): string {
  const lastmod = entry.lastmod && !Number.isNaN(entry.lastmod.getTime()) ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : "";
  return `<${tag}><loc>${xmlEscape(entry.loc)}</loc>${lastmod}</${tag}>`;
}

/** A urlset of at most 50,000 URLs; more is a programming error, caught here rather than by a search engine. */
export function urlsetXml(entries: readonly SitemapEntry[]): string {
  if (entries.length > MAX_URLS_PER_SITEMAP) throw new RangeError(`A sitemap holds at most ${MAX_URLS_PER_SITEMAP} URLs.`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n${entries.map((e) => entryXml("url", e)).join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(entries: readonly SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${entries.map((e) => entryXml("sitemap", e)).join("\n")}\n</sitemapindex>\n`;
}

/** The files under /sitemaps/: "pages.xml" for the fixed pages, "listings-1.xml" onwards for the profiles. */
export type SitemapFile = { kind: "pages" } | { kind: "listings"; index: number };

export function sitemapFileName(file: SitemapFile): string {
  return file.kind === "pages" ? "pages.xml" : `listings-${file.index}.xml`;
}

/** The file a /sitemaps/:name address names, or null (404) for anything else. */
export function parseSitemapFileName(name: string): SitemapFile | null {
  if (name === "pages.xml") return { kind: "pages" };
  const match = /^listings-([1-9]\d{0,5})\.xml$/.exec(name);
  return match ? { kind: "listings", index: Number(match[1]) } : null;
}
