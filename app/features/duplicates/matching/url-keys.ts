/**
 * The website and LinkedIn page of a listing as the duplicate matcher compares them (issue 5 §2): the registrable
 * domain ("app.acme.co.uk/login" is "acme.co.uk") and the company page ("company/acme"), with hosts that many
 * companies share set aside.
 */

/** Hosts whose subdomains and paths belong to many unrelated companies: sharing one says nothing. */
const SHARED_HOSTS = new Set([
  "facebook.com",
  "linkedin.com",
  "instagram.com",
  "twitter.com",
  "x.com",
  "google.com",
  "sites.google.com",
  "wix.com",
  "wixsite.com",
  "squarespace.com",
  "wordpress.com",
  "blogspot.com",
  "medium.com",
  "github.io",
  "notion.site",
  "linktr.ee",
  "angel.co",
  "wellfound.com",
  "crunchbase.com",
  "yelp.com",
  "godaddysites.com",
  "webflow.io",
  "carrd.co",
  "business.site",
]);

/** Second-level suffixes under which the registrable domain has three labels (acme.co.uk). */
const TWO_LABEL_SUFFIXES = new Set([
  "co.uk",
  "org.uk",
  "ac.uk",
  "gov.uk",
  "com.au",
  "net.au",
  "org.au",
  "co.nz",
  "co.jp",
  "co.kr",
  "com.br",
  "com.mx",
  "com.sg",
  "com.cn",
  "co.in",
  "co.za",
  "com.tr",
  "co.il",
  "com.hk",
  "com.tw",
]);

/** The registrable domain of a website ("https://www.shop.acme.co.uk/x" is "acme.co.uk"); null for shared hosts. */
export function registrableDomain(url: string | null | undefined): string | null {
  if (!url?.trim()) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(url.trim()) ? url.trim() : `https://${url.trim()}`).hostname.toLowerCase();
  } catch {
    return null;
  }
  host = host.replace(/^www\d?\./, "").replace(/\.$/, "");
  if (!host.includes(".")) return null;
  const labels = host.split(".");
  const lastTwo = labels.slice(-2).join(".");
  const domain = TWO_LABEL_SUFFIXES.has(lastTwo) && labels.length >= 3 ? labels.slice(-3).join(".") : lastTwo;
  if (SHARED_HOSTS.has(domain) || SHARED_HOSTS.has(host)) return null;
  return domain;
}

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
