/**
 * schema.org JSON-LD for our pages (issue 6 §6), built only from what the viewer was sent: a gated value is
 * never in the page, so it cannot be in its structured data either (DESIGN D6).
 */
import { TYPE_LABEL, type DirectoryItem, type ListingType, type LockedTeaser, type VisibleListing } from "../catalog/listing-types.ts";
import { DIRECTORY_HEADINGS, DIRECTORY_PATH, directoryPath, profilePath } from "./canonical.ts";
import type { JsonLdNode } from "./json-ld.ts";
import { absoluteUrl, SITE_DESCRIPTION, SITE_NAME } from "./meta-tags.ts";
import { safeHref, safeImageSrc } from "~/lib/web-url.ts";

const CONTEXT = "https://schema.org";

/** An external address we may print as a URL: absolute http(s) only (lib/web-url.ts), in the parser's form. */
function externalUrl(value: string | null | undefined): string | undefined {
  const href = safeHref(value);
  return href === undefined ? undefined : new URL(href).toString();
}

/** The logo as an absolute URL: an http(s) address or one of our stored files, never any other scheme. */
function logoUrl(origin: string, value: string | null | undefined): string | undefined {
  const src = safeImageSrc(value);
  return src === undefined ? undefined : absoluteUrl(origin, src);
}

/** Drops undefined properties and empty arrays, so the output holds only what we know. */
function compact(node: JsonLdNode): JsonLdNode {
  return Object.fromEntries(Object.entries(node).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)));
}

interface Crumb {
  name: string;
  path: string;
}

function breadcrumbJsonLd(origin: string, crumbs: readonly Crumb[]): JsonLdNode {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}

function directoryCrumbs(entityType?: ListingType): Crumb[] {
  const crumbs = [
    { name: "Home", path: "/" },
    { name: "Partner Directory", path: DIRECTORY_PATH },
  ];
  return entityType ? [...crumbs, { name: DIRECTORY_HEADINGS[entityType], path: directoryPath(entityType) }] : crumbs;
}

/** Home: the site itself, with the directory search as its search action. */
export function websiteJsonLd(origin: string): JsonLdNode {
  return {
    "@context": CONTEXT,
    "@type": "WebSite",
    name: SITE_NAME,
    url: absoluteUrl(origin, "/"),
    description: SITE_DESCRIPTION,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: absoluteUrl(origin, `${DIRECTORY_PATH}?searchQuery={search_term_string}`) },
      "query-input": "required name=search_term_string",
    },
  };
}

/** A directory page: the listings on it, in order, and where it sits. */
export function directoryJsonLd(
  origin: string,
  page: { entityType?: ListingType; items: readonly Pick<DirectoryItem, "type" | "slug" | "name">[]; firstPosition: number },
): JsonLdNode[] {
  const list: JsonLdNode = {
    "@context": CONTEXT,
    "@type": "ItemList",
    name: DIRECTORY_HEADINGS[page.entityType ?? "all"],
    numberOfItems: page.items.length,
    itemListElement: page.items.map((item, i) => ({
      "@type": "ListItem",
      position: page.firstPosition + i,
      name: item.name,
      url: absoluteUrl(origin, profilePath(item.type, item.slug)),
    })),
  };
  const crumbs = breadcrumbJsonLd(origin, directoryCrumbs(page.entityType));
  // An empty result (a page past the end) has no list to describe.
  return page.items.length ? [list, crumbs] : [crumbs];
}

/** What a profile page was sent: the gated listing, or the locked teaser of a listing above the viewer's tier. */
export type ProfileContent = { status: "ok"; listing: VisibleListing } | { status: "locked"; teaser: LockedTeaser };

export interface ProfileJsonLdOptions {
  /** True when the page shows at least one gated section, each carrying `paywallSelector`'s class. */
  paywalled: boolean;
  /** The CSS selector of the gated sections (".paywalled-section"). */
  paywallSelector: string;
}

/**
 * Organization (the listing), WebPage (the profile, marked as paywalled content the way search engines document
 * it: isAccessibleForFree false with a hasPart selector naming the gated sections, so the placeholders a crawler
 * sees there are not cloaking) and BreadcrumbList.
 */
export function profileJsonLd(origin: string, content: ProfileContent, options: ProfileJsonLdOptions): JsonLdNode[] {
  const card = content.status === "ok" ? content.listing : content.teaser;
  const pageUrl = absoluteUrl(origin, profilePath(card.type, card.slug));
  const orgId = `${pageUrl}#organization`;
  const full = content.status === "ok" ? content.listing : null;
  const website = externalUrl(full?.websiteUrl);
  const organization = compact({
    "@context": CONTEXT,
    "@type": "Organization",
    "@id": orgId,
    name: card.name,
    url: website ?? pageUrl,
    logo: logoUrl(origin, card.logo),
    description: full?.description?.trim() || card.tagline?.trim() || undefined,
    sameAs: [website, externalUrl(full?.linkedinUrl)].filter((u): u is string => Boolean(u)),
    foundingDate: full?.foundedYear ? String(full.foundedYear) : undefined,
    areaServed: (full?.countries ?? []).map((name) => ({ "@type": "Country", name })),
    knowsAbout: [...card.industry],
    mainEntityOfPage: pageUrl,
  });
  const paywalled = options.paywalled || content.status === "locked";
  const page = compact({
    "@context": CONTEXT,
    "@type": "WebPage",
    "@id": pageUrl,
    url: pageUrl,
    name: `${card.name} – ${TYPE_LABEL[card.type]}`,
    description: card.tagline?.trim() || undefined,
    isPartOf: { "@type": "WebSite", name: SITE_NAME, url: absoluteUrl(origin, "/") },
    mainEntity: { "@id": orgId },
    isAccessibleForFree: !paywalled,
    hasPart: paywalled ? [{ "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: options.paywallSelector }] : undefined,
  });
  const crumbs = [...directoryCrumbs(card.type), { name: card.name, path: profilePath(card.type, card.slug) }];
  return [organization, page, breadcrumbJsonLd(origin, crumbs)];
}
