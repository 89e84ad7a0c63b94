import type { MetaDescriptor } from "react-router";
import { SITE_CARD, SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, type SocialImage } from "./social-card.ts";

export const SITE_NAME = "Introbase";
export const SITE_DESCRIPTION =
  "Introbase connects startups, investors and local partners through curated, consent-based warm introductions.";
/** Search engines cut snippets near 160 characters; a longer description is shortened at a word. */
export const DESCRIPTION_MAX = 160;

/** Whitespace collapsed, and at most `max` characters, cut at a word with an ellipsis when shortened. */
export function truncateDescription(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  const head = space > max * 0.6 ? cut.slice(0, space) : cut;
  return `${head.replace(/[\s,;:.–-]+$/u, "")}…`;
}

/** An absolute URL on our origin; an address that is already absolute (an external logo) is kept. */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * The public origin the root loader put in its data (meta functions run in the browser too, where the
 * environment is out of reach). Undefined when the root loader failed: then no absolute URL is written.
 */
export function originOf(matches: readonly unknown[]): string | undefined {
  for (const match of matches) {
    const m = match as { id?: string; loaderData?: { origin?: unknown } } | undefined;
    if (m?.id === "root" && typeof m.loaderData?.origin === "string") return m.loaderData.origin;
  }
  return undefined;
}

export interface PageMetaInput {
  origin: string | undefined;
  /** The canonical path ("/listings?type=startup"), or null for a page that has none (not found, errors). */
  path: string | null;
  /** The page's own title; " | Introbase" is added to the document title. */
  title: string;
  description: string;
  /** A robots directive such as "noindex" or "noindex, follow"; omitted, the page is indexable. */
  robots?: string;
  /** The page's social card (a profile's own); omitted, the site's card. */
  image?: SocialImage;
}

/** Title, description, canonical link, Open Graph and Twitter tags of one page, all URLs absolute. */
export function pageMeta({ origin, path, title, description, robots, image }: PageMetaInput): MetaDescriptor[] {
  const text = truncateDescription(description);
  const url = origin && path !== null ? absoluteUrl(origin, path) : null;
  const tags: MetaDescriptor[] = [{ title: `${title} | ${SITE_NAME}` }, { name: "description", content: text }];
  if (robots) tags.push({ name: "robots", content: robots });
  if (url) tags.push({ tagName: "link", rel: "canonical", href: url });
  tags.push(
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: text },
  );
  if (url) tags.push({ property: "og:url", content: url });
  // Every page has a picture to share (decision 0072): a profile its own card, any other page the site's.
  const card = image ?? SITE_CARD;
  if (origin)
    tags.push(
      { property: "og:image", content: absoluteUrl(origin, card.path) },
      { property: "og:image:type", content: "image/png" },
      { property: "og:image:width", content: String(SOCIAL_CARD_WIDTH) },
      { property: "og:image:height", content: String(SOCIAL_CARD_HEIGHT) },
      { property: "og:image:alt", content: card.alt },
    );
  tags.push({ name: "twitter:card", content: origin ? "summary_large_image" : "summary" });
  return tags;
}

/** The meta of the site's one not-found page, wherever a route answers 404 with it. */
export function notFoundMeta(origin: PageMetaInput["origin"]) {
  return pageMeta({
    origin,
    path: null,
    title: "Page not found",
    description: "The page you're looking for doesn't exist or has been moved.",
    robots: "noindex",
  });
}
