/**
 * Which company an address or a website belongs to, by its registrable domain ("app.acme.co.uk/login" is "acme.co.uk"),
 * with the hosts many companies share and the mail hosts anyone has an address at set aside. Shared by the duplicate
 * matcher (two records on one domain) and claiming a listing (issue 36: an address at the listing's own domain proves
 * the member belongs to it), so both read one list.
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

/** Mail hosts anyone can have an address at: an address there says nothing about which company it is. */
const FREE_MAIL = new Set([
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "hotmail.com",
  "outlook.com",
  "live.com",
  "msn.com",
  "aol.com",
  "icloud.com",
  "me.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.de",
  "web.de",
  "mail.com",
  "yandex.com",
  "yandex.ru",
  "qq.com",
  "163.com",
  "orange.fr",
  "free.fr",
  "comcast.net",
  "sbcglobal.net",
]);

/** Whether a domain is a mail host anyone can have an address at: an address there says nothing of a company. */
export function isFreeMailDomain(domain: string): boolean {
  return FREE_MAIL.has(domain.toLowerCase());
}
