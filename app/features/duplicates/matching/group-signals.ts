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

export interface NamedOnWeb {
  nameKey: NameKey;
  domain: string | null;
  linkedinPage: string | null;
}

/**
 * One name has words the other lacks, and its own website or page spells them ("Drift Learning Consulting AB" on
 * driftlearningconsulting.com against "Drift Learning"): the longer name is that company's whole name, not a
 * longer way of writing the shorter one's (issue 32: 17 of the holdout's false review pairs).
 */
export function ownUrlSpellsExtraWords(a: NamedOnWeb, b: NamedOnWeb): boolean {
  const spells = (x: NamedOnWeb, y: NamedOnWeb) => {
    if (x.nameKey.tokens.length <= y.nameKey.tokens.length || (!x.domain && !x.linkedinPage)) return false;
    const whole = x.nameKey.tokens.join("");
    if (whole === y.nameKey.tokens.join("")) return false;
    const spelt = domainStem(x.domain) === whole || linkedinStem(x.linkedinPage) === whole;
    return spelt && !sameWords(x.nameKey, y.nameKey);
  };
  return spells(a, b) || spells(b, a);
}
