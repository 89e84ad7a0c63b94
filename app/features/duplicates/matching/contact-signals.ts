/**
 * The matcher's contact and location signals (issue 19 §2): phone, address, the contact e-mail's domain, and a
 * LinkedIn page named after the other record's domain. Each returns what it found so the score can say why.
 * Phones arrive already normalised to E.164 (catalog's phone-number.ts); nothing here parses a phone.
 */
import { isFreeMailDomain } from "../../catalog/registrable-domain.ts";

/** The domain of a contact e-mail ("Info@Mail.Acme.com" is "acme.com" once through `toDomain`); null for free mail. */
export function emailDomain(email: string | null | undefined, toDomain: (url: string) => string | null): string | null {
  const at = email?.trim().lastIndexOf("@") ?? -1;
  if (!email || at < 1) return null;
  const domain = toDomain(email.trim().slice(at + 1));
  return domain && !isFreeMailDomain(domain) ? domain : null;
}

/** A domain's name without its public suffix, hyphens and dots ("polar-materials.co.uk" is "polarmaterials"). */
export function domainStem(domain: string | null): string | null {
  if (!domain) return null;
  const stem = domain.split(".")[0]!.replace(/[^a-z\d]/g, "");
  // A stem of two or three letters ("ab.com") names too many things to tie two records together.
  return stem.length >= 4 ? stem : null;
}

/** The page name of a LinkedIn company page ("company/polar-materials" is "polarmaterials"); people's pages are not. */
export function linkedinStem(page: string | null): string | null {
  if (!page || page.startsWith("in/")) return null;
  const stem = page.slice(page.indexOf("/") + 1).replace(/[^a-z\d]/g, "");
  return stem.length >= 4 ? stem : null;
}

const STREET_WORDS: Record<string, string> = {
  street: "st",
  st: "st",
  avenue: "ave",
  ave: "ave",
  av: "ave",
  boulevard: "blvd",
  blvd: "blvd",
  blv: "blvd",
  road: "rd",
  rd: "rd",
  drive: "dr",
  dr: "dr",
  place: "pl",
  pl: "pl",
  lane: "ln",
  ln: "ln",
  court: "ct",
  ct: "ct",
  north: "n",
  n: "n",
  south: "s",
  s: "s",
  east: "e",
  e: "e",
  west: "w",
  w: "w",
};

/** The parts of a street address that identify a building: its number and the street's distinctive words. */
export interface StreetKey {
  number: string | null;
  words: string[];
}

export function streetKey(street: string | null | undefined): StreetKey | null {
  const words = (street ?? "").toLowerCase().replace(/[.,#]/g, " ").split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const number = /^\d+[a-z]?$/.test(words[0]!) ? words.shift()! : null;
  // Street types and compass points are written every way ("Blvd." / "Boulevard", "W." / "West"): they are
  // folded, then dropped, since "Pico" is what names the street.
  const end = words.findIndex((w) => /^(suite|ste|unit|fl|floor|apt)$/.test(w));
  const identity = (end >= 0 ? words.slice(0, end) : words).filter((w) => !STREET_WORDS[w]);
  return identity.length || number ? { number, words: identity } : null;
}

export type AddressAgreement = "same" | "different" | "unknown";

/**
 * Two addresses agree when the building number is the same and a street word is shared; they disagree when both
 * carry a number and a street and share neither. A city only counts when no street is known on one side, and
 * only for agreement: one place is "West LA" in one guide and "Los Angeles" in another.
 */
export function addressAgreement(
  a: { street: StreetKey | null; city: string | null; postalCode: string | null },
  b: { street: StreetKey | null; city: string | null; postalCode: string | null },
): AddressAgreement {
  if (a.street && b.street) {
    const sharedWord = a.street.words.some((w) => b.street!.words.includes(w));
    const sameNumber = Boolean(a.street.number && a.street.number === b.street.number);
    if (sameNumber && (sharedWord || !a.street.words.length || !b.street.words.length)) return "same";
    if (a.street.number && b.street.number && !sameNumber) return "different";
    return "unknown";
  }
  if (a.postalCode && b.postalCode && a.postalCode !== b.postalCode) return "different";
  return "unknown";
}

export function normaliseCity(city: string | null | undefined): string | null {
  const folded = (city ?? "")
    .toLowerCase()
    .replace(/[^\p{L}\d]+/gu, " ")
    .trim();
  return folded || null;
}

export function normalisePostalCode(code: string | null | undefined): string | null {
  const folded = (code ?? "").toUpperCase().replace(/[^A-Z\d]/g, "");
  return folded || null;
}

/**
 * How two phone numbers (E.164) relate. An organisation's lines are usually one range: numbers equal but for the
 * last two digits are one switchboard's block ("block"); equal but for the last four, one exchange or PBX
 * ("exchange"), which says nothing either way; anything else is two places ("different"). Measured on the Chicago
 * set (decision 0067): 84 % of pairs in one block are one site, 62 % in one exchange with like names, 3 % otherwise.
 */
export type PhoneRelation = "same" | "block" | "exchange" | "different" | "unknown";

export function phoneRelation(a: string | null | undefined, b: string | null | undefined): PhoneRelation {
  if (!a || !b) return "unknown";
  if (a === b) return "same";
  // Short numbers (a country's short codes, a bad import) are compared whole: a shared prefix says nothing.
  if (a.length !== b.length || a.length < 10) return "different";
  if (a.slice(0, -2) === b.slice(0, -2)) return "block";
  if (a.slice(0, -4) === b.slice(0, -4)) return "exchange";
  return "different";
}
