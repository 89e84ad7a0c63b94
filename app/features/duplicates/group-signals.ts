/**
 * What tells a group's brands and same-named companies apart (issue 32, decision 0090). Pure; match-score.ts weighs
 * them. A parent's website and LinkedIn page are shared by its brands ("Hooli Pay" / "Hooli Cloud" on hooli.com),
 * and a name is shared by companies in several countries ("Atlas Dynamics" in Sweden and in Finland).
 */
import { domainStem, linkedinStem } from "./contact-signals.ts";
import type { NameKey } from "./name-key.ts";
import { sameWords } from "./name-similarity.ts";
import { countryEnding } from "./url-keys.ts";

/**
 * A LinkedIn company page named like a domain: its name is the domain's whole name including a country ending
 * ("company/atlasdynamics-se" for atlasdynamics.se), or, for a domain without one (.com, .io), the domain's stem.
 * "company/atlasdynamics" says nothing about atlasdynamics.se: the Finnish namesake's page is called that too.
 */
export function pageNamesDomain(page: string | null, domain: string | null): boolean {
  const stem = linkedinStem(page);
  const domainName = domainStem(domain);
  if (!stem || !domainName) return false;
  const ending = countryEnding(domain);
  if (!ending) return stem === domainName;
  return stem === `${domainName}${ending}` || stem === domain!.replace(/[^a-z\d]/g, "");
}

export interface SharedUrlSide {
  nameKey: NameKey;
  site: string | null;
}

/**
 * Why a shared domain or page does not make two listings one company without a person: two sites on the domain
 * ("hooli.com/pay" and "hooli.com/cloud", "pay.initech.com" and "cloud.initech.com"), or names with words of their
 * own ("Northwind Labs" / "Northwind Data Studio"). Null when the names say the same words on the same site.
 */
export function brandsApart(a: SharedUrlSide, b: SharedUrlSide): string | null {
  if (a.site && b.site && a.site !== b.site) return "same domain, different sites on it: review only";
  if (!sameWords(a.nameKey, b.nameKey)) return "shared website or page, names differ in brand words: review only";
  return null;
}
