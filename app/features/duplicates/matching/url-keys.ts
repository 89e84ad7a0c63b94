/**
 * The website and LinkedIn page of a listing as the duplicate matcher compares them (issue 5 §2): the registrable
 * domain ("app.acme.co.uk/login" is "acme.co.uk") and the company page ("company/acme"), with hosts that many
 * companies share set aside.
 */
// Relative, not "~/": the demo seed's worker thread (demo/listing-copy-worker.ts) loads this file in plain Node, without the alias.
import { registrableDomain } from "../../catalog/registrable-domain.ts";

// The registrable domain lives in catalog: claiming a listing (listing-owners) proves an address at it too.
export { registrableDomain };

/** The company or profile a LinkedIn URL names ("company/acme"), whatever its scheme, subdomain, case or tail. */
export function linkedinPage(url: string | null | undefined): string | null {
  const match = /linkedin\.com\/(company|school|showcase|in)\/([^/?#\s]+)/i.exec(url ?? "");
  if (!match) return null;
  let slug = match[2]!;
  try {
    slug = decodeURIComponent(slug);
  } catch {
    // Keep it as written.
  }
  return `${match[1]!.toLowerCase()}/${slug.toLowerCase()}`;
}

/** Subdomains and first path segments that every company's site has: a login, a language, a page about it. */
const GENERIC_SITE_PARTS = new Set(
  "www app apps web m mobile en de fr es it nl sv fi da no pl pt ja zh us uk eu global intl home index about about-us contact login signin sign-in signup account dashboard portal careers jobs blog news press shop store products services team company".split(
    " ",
  ),
);

/**
 * Which site on its domain a website names (issue 32): its own subdomain ("pay.hooli.com" is "pay") or, on the
 * domain itself, its first path segment ("hooli.com/cloud" is "cloud"); null for the domain's home, a language, a
 * login or an about page. Two listings on one domain with two such sites are a group's brands, not one company.
 */
export function siteOnDomain(url: string | null | undefined): string | null {
  const domain = registrableDomain(url);
  if (!domain) return null;
  const parsed = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(url!.trim()) ? url!.trim() : `https://${url!.trim()}`);
  const host = parsed.hostname.toLowerCase().replace(/\.$/, "");
  const subdomains = host
    .slice(0, -domain.length)
    .split(".")
    .filter((label) => label && !/^www\d?$/.test(label) && !GENERIC_SITE_PARTS.has(label));
  if (subdomains.length) return subdomains.join(".");
  const segment = (parsed.pathname.split("/").find(Boolean) ?? "").toLowerCase();
  return segment && !GENERIC_SITE_PARTS.has(segment) && !/\.(html?|php|aspx?)$/.test(segment) ? segment : null;
}

/** Two-letter endings used as generic ones the world over ("acme.io" says nothing of a country). */
const GENERIC_TWO_LETTER_ENDINGS = new Set(["io", "ai", "co", "me", "tv", "ly", "gg", "fm", "to", "so", "sh", "vc", "xyz"]);

/** A registrable domain's country ending ("se" of "atlas.se", "uk" of "acme.co.uk"); null for .com, .io and such. */
export function countryEnding(domain: string | null): string | null {
  const last = domain?.split(".").at(-1);
  return last && last.length === 2 && !GENERIC_TWO_LETTER_ENDINGS.has(last) ? last : null;
}
