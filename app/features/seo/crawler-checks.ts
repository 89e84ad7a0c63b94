/**
 * The crawler page's SEO checklist: each item passes or fails on the responses our server really sent to an
 * anonymous crawler (no cookie, a crawler's user agent). Pure: the fetching is in crawler-fetch.server.ts.
 */
import { decodeEntities, jsonLdNodes, readPageSeo, type PageSeo } from "./html-head.ts";
import { DESCRIPTION_MAX } from "./meta-tags.ts";
import { robotsAllows } from "./robots-txt.ts";
import { checkJsonLd } from "./schema-check.ts";
import { plural } from "~/lib/wording.ts";

export interface FetchedPage {
  path: string;
  status: number;
  contentType: string;
  location: string | null;
  robotsHeader: string | null;
  body: string;
  /** Set when the request itself failed (refused, timed out). */
  error?: string;
}

export interface CrawlerCheck {
  id: string;
  label: string;
  pass: boolean;
  detail: string;
}

/** A sample profile as fetched, with what it should be. */
export interface ProfileProbe {
  name: string;
  canonical: string;
  indexable: boolean;
  /** Its directory card is a link (a locked teaser's card opens the sign-in dialog instead). */
  linkedFromDirectory: boolean;
  /** The page draws gated sections (or is a teaser): its JSON-LD must mark them as paywalled. */
  paywalled: boolean;
  /** Fragments of values the crawler may not see (ends of texts, team names): none may be in the page. */
  hiddenValues: string[];
  page: FetchedPage;
}

/** A listing that must stay out of the sitemap, and what its address must answer. */
export interface ExcludedProbe {
  reason: "noindex" | "archived" | "merged";
  url: string;
  page: FetchedPage;
}

export interface ChecklistInput {
  origin: string;
  robots: FetchedPage;
  sitemapIndex: FetchedPage;
  sitemapFiles: FetchedPage[];
  /** How many files the index names (more than were fetched, when it is long). */
  sitemapFileCount: number;
  home: FetchedPage;
  directory: FetchedPage;
  profiles: ProfileProbe[];
  excluded: ExcludedProbe[];
  noindexListings: number;
}

const seoCache = new WeakMap<FetchedPage, PageSeo>();
function seoOf(page: FetchedPage): PageSeo {
  let seo = seoCache.get(page);
  if (!seo) seoCache.set(page, (seo = readPageSeo(page.body)));
  return seo;
}

function reachable(page: FetchedPage): string | null {
  if (page.error) return `${page.path} could not be fetched (${page.error})`;
  if (page.status !== 200) return `${page.path} answered ${page.status}`;
  return null;
}

/** Title, description, canonical, Open Graph and Twitter tags of one page. */
export function headProblems(page: FetchedPage, canonical: string, indexable = true): string[] {
  const failed = reachable(page);
  if (failed) return [failed];
  const seo = seoOf(page);
  const problems: string[] = [];
  if (!seo.title) problems.push("no title");
  const description = seo.meta.description;
  if (!description) problems.push("no meta description");
  else if ([...description].length > DESCRIPTION_MAX) problems.push(`description longer than ${DESCRIPTION_MAX} characters`);
  if (seo.canonical !== canonical) problems.push(seo.canonical ? `canonical is ${seo.canonical}, not ${canonical}` : "no canonical link");
  for (const tag of ["og:title", "og:description", "og:url", "og:type", "og:site_name", "twitter:card"])
    if (!seo.meta[tag]) problems.push(`no ${tag}`);
  if (seo.meta["og:url"] && seo.meta["og:url"] !== canonical) problems.push("og:url differs from the canonical");
  if (indexable && saysNoindex(page)) problems.push("says noindex");
  if (!indexable && !saysNoindex(page)) problems.push("does not say noindex");
  return problems;
}

/** A robots meta tag or X-Robots-Tag header with noindex. */
function saysNoindex(page: FetchedPage): boolean {
  return /noindex/i.test(`${seoOf(page).meta.robots ?? ""} ${page.robotsHeader ?? ""}`);
}

/** The JSON-LD blocks: the types expected are there, and every node passes the schema.org checker. */
export function jsonLdProblems(page: FetchedPage, types: readonly string[]): string[] {
  const failed = reachable(page);
  if (failed) return [failed];
  const nodes = jsonLdNodes(seoOf(page).jsonLd);
  const problems: string[] = [];
  if (nodes.some((n) => "invalid" in n)) problems.push("a JSON-LD block is not valid JSON");
  for (const type of types) if (!nodes.some((n) => n["@type"] === type)) problems.push(`no ${type}`);
  for (const node of nodes) if (!("invalid" in node)) problems.push(...checkJsonLd(node).slice(0, 3));
  return problems;
}

export function sitemapLocs(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<]*?)\s*<\/loc>/g)].map((m) => decodeEntities(m[1]!));
}

function check(id: string, label: string, problems: string[], ok: string): CrawlerCheck {
  return { id, label, pass: problems.length === 0, detail: problems.length ? problems.slice(0, 4).join("; ") : ok };
}

function perProfile(profiles: readonly ProfileProbe[], problemsOf: (p: ProfileProbe) => string[]): string[] {
  return profiles.flatMap((p) => problemsOf(p).map((problem) => `${p.name}: ${problem}`));
}

function robotsCheck({ robots, origin }: ChecklistInput): CrawlerCheck {
  const failed = reachable(robots);
  const problems = failed ? [failed] : [];
  if (!failed) {
    if (!robots.contentType.startsWith("text/plain")) problems.push(`served as ${robots.contentType || "no type"}, not text/plain`);
    if (!robotsAllows(robots.body, "/listings") || !robotsAllows(robots.body, "/profile/")) problems.push("blocks public pages");
    if (robotsAllows(robots.body, "/admin")) problems.push("leaves /admin open");
    if (!robots.body.includes(`Sitemap: ${origin}/sitemap.xml`)) problems.push("does not name the sitemap");
  }
  return check("robots", "robots.txt allows public pages and names the sitemap", problems, "Public pages open, operator areas closed.");
}

function sitemapCheck({ sitemapIndex, origin, sitemapFileCount }: ChecklistInput): CrawlerCheck {
  const failed = reachable(sitemapIndex);
  const problems = failed ? [failed] : [];
  if (!failed) {
    if (!sitemapIndex.contentType.includes("xml")) problems.push(`served as ${sitemapIndex.contentType}, not XML`);
    if (!sitemapIndex.body.includes("<sitemapindex")) problems.push("is not a sitemap index");
    const locs = sitemapLocs(sitemapIndex.body);
    if (!locs.length) problems.push("names no sitemap");
    if (locs.some((loc) => !loc.startsWith(`${origin}/`))) problems.push(`names files outside ${origin}`);
  }
  return check(
    "sitemap",
    "sitemap.xml is reachable",
    problems,
    `A sitemap index of ${plural(sitemapFileCount + 1, "file")}: the fixed pages, then the listings.`,
  );
}

function sitemapCoverageCheck(input: ChecklistInput): CrawlerCheck {
  const locs = new Set(input.sitemapFiles.flatMap((file) => (reachable(file) ? [] : sitemapLocs(file.body))));
  const problems = input.sitemapFiles.map(reachable).filter((p): p is string => p !== null);
  const complete = input.sitemapFiles.length >= input.sitemapFileCount;
  for (const profile of input.profiles)
    if (profile.indexable && complete && !locs.has(profile.canonical)) problems.push(`${profile.name} is missing`);
  for (const excluded of input.excluded) if (locs.has(excluded.url)) problems.push(`a ${excluded.reason} listing is listed`);
  const note = complete ? "" : ` (first ${input.sitemapFiles.length} of ${input.sitemapFileCount} files read)`;
  return check(
    "sitemap-listings",
    "Sitemap lists the public profiles, and no noindex, archived or merged one",
    problems,
    `${plural(locs.size, "URL")} read${note}.`,
  );
}

function excludedCheck(input: ChecklistInput): CrawlerCheck {
  const problems: string[] = [];
  for (const { reason, page } of input.excluded) {
    if (page.error) problems.push(`the ${reason} listing could not be fetched (${page.error})`);
    else if (reason === "noindex" && (page.status !== 200 || !saysNoindex(page)))
      problems.push("the noindex listing's page does not say noindex");
    else if (reason === "merged" && page.status !== 301) problems.push(`the merged listing answers ${page.status}, not 301`);
    else if (reason === "archived" && page.status !== 404) problems.push(`the archived listing answers ${page.status}, not 404`);
  }
  const kinds = input.excluded.map((e) => e.reason).join(", ");
  return check(
    "noindex",
    "Listings kept out of search say so",
    problems,
    `${plural(input.noindexListings, "listing")} marked noindex.${kinds ? ` Checked: ${kinds}.` : ""}`,
  );
}

function profilePaywallProblems(p: ProfileProbe): string[] {
  if (reachable(p.page)) return [];
  const seo = seoOf(p.page);
  const page = jsonLdNodes(seo.jsonLd).find((n) => n["@type"] === "WebPage");
  if (!page) return ["no WebPage JSON-LD"];
  if (page.isAccessibleForFree !== !p.paywalled)
    return [p.paywalled ? "gated sections are not marked as paywalled" : "marked as paywalled but nothing is gated"];
  const parts = (Array.isArray(page.hasPart) ? page.hasPart : page.hasPart ? [page.hasPart] : []) as Array<{ cssSelector?: string }>;
  return parts
    .flatMap((part) => (part.cssSelector ?? "").split(",").map((s) => s.trim().replace(/^\./, "")))
    .filter((name) => name && !seo.classNames.has(name))
    .map((name) => `no element has the paywall class "${name}"`);
}

function leakProblems(p: ProfileProbe): string[] {
  if (reachable(p.page)) return [];
  const text = decodeEntities(p.page.body);
  return p.hiddenValues.some((value) => text.includes(value)) ? ["a gated value is in the page"] : [];
}

function renderedProblems(p: ProfileProbe): string[] {
  if (reachable(p.page)) return [];
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(p.page.body)?.[1] ?? "";
  return decodeEntities(h1.replace(/<[^>]*>/g, "")).includes(p.name) ? [] : ["the name is not in the HTML heading"];
}

/** Every checklist item, in the order the page shows them. */
export function evaluateChecklist(input: ChecklistInput): CrawlerCheck[] {
  const { origin, home, directory, profiles } = input;
  const n = profiles.length;
  const directoryLinks = reachable(directory) ? [] : seoOf(directory).links;
  return [
    robotsCheck(input),
    sitemapCheck(input),
    sitemapCoverageCheck(input),
    excludedCheck(input),
    check("home-meta", "Home: title, description, canonical and Open Graph tags", headProblems(home, `${origin}/`), "All present."),
    check("home-jsonld", "Home: WebSite structured data is valid", jsonLdProblems(home, ["WebSite"]), "Valid."),
    check(
      "directory-meta",
      "Directory: title, description, canonical and Open Graph tags",
      headProblems(directory, `${origin}/listings`),
      "All present.",
    ),
    check(
      "directory-jsonld",
      "Directory: ItemList and BreadcrumbList are valid",
      jsonLdProblems(directory, ["ItemList", "BreadcrumbList"]),
      "Valid.",
    ),
    check(
      "directory-links",
      "Directory links to the profiles in plain HTML",
      profiles
        .filter((p) => p.linkedFromDirectory && !directoryLinks.includes(p.canonical.slice(origin.length)))
        .map((p) => `${p.name} is not linked`),
      "Profile links are crawlable without JavaScript.",
    ),
    check(
      "profile-meta",
      "Profiles: title, description, canonical and Open Graph tags",
      perProfile(profiles, (p) => headProblems(p.page, p.canonical, p.indexable)),
      `All ${n} sample profiles pass.`,
    ),
    check(
      "profile-jsonld",
      "Profiles: Organization and BreadcrumbList structured data are valid",
      perProfile(profiles, (p) => jsonLdProblems(p.page, ["Organization", "WebPage", "BreadcrumbList"])),
      `All ${n} sample profiles pass.`,
    ),
    check(
      "profile-paywall",
      "Gated sections are marked as paywalled content (isAccessibleForFree: false)",
      perProfile(profiles, profilePaywallProblems),
      `${profiles.filter((p) => p.paywalled).length} of ${n} sample profiles have gated sections, all marked.`,
    ),
    check("profile-no-leak", "No gated value reaches the crawler", perProfile(profiles, leakProblems), "Only placeholders were sent."),
    check(
      "profile-rendered",
      "Profiles are rendered on the server (no JavaScript needed)",
      perProfile(profiles, renderedProblems),
      "Names and content are in the HTML.",
    ),
  ];
}
