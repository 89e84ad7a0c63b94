/**
 * Scoring a candidate pair of listings (issue 5 §2). The name says most, weighted by how rare each word is in
 * the directory (a shared "Guadalupano" means more than a shared "Center"); the website domain and the LinkedIn
 * page confirm or contradict it; country and industries nudge. Every pair carries its reasons.
 */
import {
  addressAgreement,
  emailDomain,
  normaliseCity,
  normalisePostalCode,
  phoneRelation,
  streetKey,
  type StreetKey,
} from "./contact-signals.ts";
import { brandsApart, ownUrlSpellsExtraWords, pageNamesDomain as pageNamesTheDomain } from "./group-signals.ts";
import { nameKey, type NameKey } from "./name-key.ts";
import { jaroWinkler, nameSimilarity } from "./name-similarity.ts";
import { nameReading, readsLike, type NameReading } from "./name-reading.ts";
import { linkedinPage, registrableDomain, siteOnDomain } from "./url-keys.ts";

/** Spec 02 §9: at or above 0.95 a duplicate is high confidence (auto-merged in live mode); 0.85 to 0.95 goes to review. */
export const AUTO_MERGE_AT = 0.95;
export const REVIEW_AT = 0.85;

export type Band = "auto_merge" | "review" | "none";

export interface MatchRecord {
  id: string;
  name: string;
  website?: string | null;
  linkedin?: string | null;
  country?: string | null;
  industries?: readonly (string | number)[];
  /** Headquarters address and contact details (listings' hqStreet, hqCity, hqRegion, hqPostalCode, phone, contactEmail). */
  hqStreet?: string | null;
  hqCity?: string | null;
  hqRegion?: string | null;
  hqPostalCode?: string | null;
  /** E.164, as stored (normalised by catalog's phone-number.ts before it reaches the matcher). */
  phone?: string | null;
  contactEmail?: string | null;
}

/** A record with its name key, domain and LinkedIn page worked out once, for scoring against many others. */
export interface PreparedRecord extends MatchRecord {
  nameKey: NameKey;
  domain: string | null;
  /** The brand's own site on the domain ("pay" of pay.hooli.com or hooli.com/pay), null for the domain's home. */
  site: string | null;
  linkedinPage: string | null;
  street: StreetKey | null;
  city: string | null;
  postalCode: string | null;
  emailDomain: string | null;
  /** A name in Han, kana or Hangul transliterated (name-reading.ts); null for a Latin name. */
  reading: NameReading | null;
}

export interface PairScore {
  score: number;
  band: Band;
  /** Why: "name 0.97", "same domain", "names differ in a number", ... */
  reasons: string[];
  /** False when the pair may only be reviewed, never merged automatically (short names, differing numbers). */
  autoMergeAllowed: boolean;
}

export function prepare(record: MatchRecord): PreparedRecord {
  return {
    ...record,
    nameKey: nameKey(record.name),
    domain: registrableDomain(record.website),
    site: siteOnDomain(record.website),
    linkedinPage: linkedinPage(record.linkedin),
    street: streetKey(record.hqStreet),
    city: normaliseCity(record.hqCity),
    postalCode: normalisePostalCode(record.hqPostalCode),
    emailDomain: emailDomain(record.contactEmail, registrableDomain),
    reading: nameReading(record.name),
  };
}

/** A Latin name read in a name in another script (decision 0067): in the review band, never merged without a person. */
const READ_ALIKE_SIMILARITY = 0.9;

/** Exactly one of the two names has a reading and the other, Latin, reads like it; two readings compare as names. */
function readsAlike(a: PreparedRecord, b: PreparedRecord): boolean {
  if (Boolean(a.reading) === Boolean(b.reading)) return false;
  const [latin, other] = a.reading ? [b, a] : [a, b];
  return readsLike(latin.nameKey.tokens, other.reading!, jaroWinkler);
}

/** Below the auto-merge band: what a name that is not corroborated by a page or domain can reach. */
const NAME_ALONE_CAP = 0.94;

/** Below this name similarity a shared website or page may be a parent's: never merged on it alone (decision 0067). */
const SHARED_URL_NAME_FLOOR = 0.4;
/** A shared website and LinkedIn page with unlike names: inside the review band, never auto-merged. */
const SITE_AND_PAGE_REVIEW = 0.9;
/** A longer name whose own website spells the words the other lacks, nothing shared: just under review. */
const OWN_LONGER_NAME_CAP = 0.84;
/** One of them shared, names unlike ("PIRSMCLOUD" / "Prism Cloud" on one domain): just inside the review band. */
const SHARED_URL_UNLIKE_NAMES_REVIEW = 0.86;
/** Phones (decision 0067): a shared number lifts a pair with a name in common into review; two numbers push it down. */
const PHONE_NAME_FLOOR = 0.3;
const PHONE_LIFT = 0.87;
const PHONE_BONUS = 0.03;
/** A number on one side only, with nothing shared but the name: just under the review band. */
const NUMBER_ON_ONE_SIDE_CAP = 0.84;
const PHONE_UNLIKE_NAMES_REVIEW = 0.86;
/** Numbers one switchboard's block or one exchange apart (contact-signals.ts): like names make them a review. */
const PHONE_BLOCK_NAME_FLOOR = 0.5;
const PHONE_EXCHANGE_NAME_FLOOR = 0.65;
const PHONE_PENALTY = 0.1;
/** The name similarity at which a shared phone may merge without a person (the phone stands in for the domain). */
const PHONE_MERGE_NAME = 0.9;
const ADDRESS_BONUS = 0.04;
const ADDRESS_PENALTY = 0.06;

function sameSets(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join(" ") === [...b].sort().join(" ");
}

/** A name too short or too plain to merge on by itself ("AI", "Co", empty after stripping). */
function tooShortToMerge(key: NameKey): boolean {
  return key.key.replace(/\s/g, "").length < 4 || key.tokens.length === 0;
}

/** What the directory as a whole says about a pair: how rare each word is, how many listings bear a name. */
export interface ScoreContext {
  weight: (word: string) => number;
  /** Live listings with exactly this name key (the pair included); unknown means 2. */
  listingsWithKey?: (key: string) => number;
}

export function scorePair(a: PreparedRecord, b: PreparedRecord, context: ScoreContext): PairScore {
  const reasons: string[] = [];
  // A name in another script that reads like the Latin one counts as a close name, for a person to confirm.
  const readAlike = readsAlike(a, b);
  const name = Math.max(nameSimilarity(a.nameKey, b.nameKey, context.weight), readAlike ? READ_ALIKE_SIMILARITY : 0);
  reasons.push(`name ${name.toFixed(2)}`);
  if (readAlike) reasons.push("name in another script reads like this one");
  let score = name;

  // Numbers on both sides that differ are two sites; a number on one side only (a street number, "0-3") is not.
  const numbersDiffer = a.nameKey.numbers.length > 0 && b.nameKey.numbers.length > 0 && !sameSets(a.nameKey.numbers, b.nameKey.numbers);
  const numberOnOneSide =
    !numbersDiffer && a.nameKey.numbers.length + b.nameKey.numbers.length > 0 && !sameSets(a.nameKey.numbers, b.nameKey.numbers);
  // "Mary Crane North" and "Mary Crane East" are two sites; "Mary Crane" and "Mary Crane North" may be one.
  const branchesConflict =
    a.nameKey.branches.length > 0 && b.nameKey.branches.length > 0 && !sameSets(a.nameKey.branches, b.nameKey.branches);
  const branchOnOneSide = !branchesConflict && !sameSets(a.nameKey.branches, b.nameKey.branches);
  const sameDomain = Boolean(a.domain && a.domain === b.domain);
  const otherDomain = Boolean(a.domain && b.domain && a.domain !== b.domain);
  const sameLinkedin = Boolean(a.linkedinPage && a.linkedinPage === b.linkedinPage);
  const otherLinkedin = Boolean(a.linkedinPage && b.linkedinPage && a.linkedinPage !== b.linkedinPage);

  // A LinkedIn page named after the other's domain, or a contact e-mail at it: the same company seen from two
  // sides. Only when no URL contradicts it (two domains, two pages), and only when the domain is not already shared:
  // then the page and the e-mail name the listing's own website and say nothing the shared domain has not said.
  // The page must name the domain with its country ending (group-signals.ts): a stem alone is a namesake's too.
  const linksOneSide = !otherDomain && !sameDomain;
  const pageNamesDomain =
    linksOneSide && !otherLinkedin && (pageNamesTheDomain(a.linkedinPage, b.domain) || pageNamesTheDomain(b.linkedinPage, a.domain));
  const mailAtDomain =
    linksOneSide && Boolean((a.emailDomain && a.emailDomain === b.domain) || (b.emailDomain && b.emailDomain === a.domain));
  const phones = phoneRelation(a.phone, b.phone);
  const samePhone = phones === "same";
  const address = addressAgreement(a, b);
  // Both the website and the LinkedIn page shared: one company whatever its names say ("Deltta Labs" / "DELTALABS
  // OY"), but a person looks first, since a subsidiary can sit on its parent's site and page.
  const siteAndPage = sameLinkedin && sameDomain;
  const namesDiffer = name < SHARED_URL_NAME_FLOOR;

  // The same LinkedIn page or website is the same company, unless the names have nothing in common (a group's
  // brands can share a parent's site).
  if (sameLinkedin && !namesDiffer) {
    score = Math.max(score, 0.9) + 0.08;
    reasons.push("same LinkedIn page");
  } else if (sameLinkedin && !siteAndPage) reasons.push("same LinkedIn page, names differ: review only");
  if (sameDomain && !namesDiffer) {
    score = Math.max(score, 0.88) + 0.07;
    reasons.push("same domain");
  } else if (sameDomain && !siteAndPage) reasons.push("same domain, names differ: review only");

  if (siteAndPage && namesDiffer) {
    score = Math.max(score, SITE_AND_PAGE_REVIEW);
    reasons.push("same website and LinkedIn page, names differ: review only");
  }
  // A group's brands share the parent's domain and often its page: different sites on the domain, or a word of a
  // name the other lacks, and a URL in common says "one group", not "one company" (issue 32).
  const urlInCommon = sameDomain || sameLinkedin || pageNamesDomain || mailAtDomain;
  const brandsOfGroup =
    urlInCommon && !namesDiffer
      ? brandsApart({ nameKey: a.nameKey, site: sameDomain ? a.site : null }, { nameKey: b.nameKey, site: sameDomain ? b.site : null })
      : null;
  if (brandsOfGroup) reasons.push(brandsOfGroup);
  if (pageNamesDomain && !namesDiffer) {
    score = Math.max(score, 0.88) + 0.06;
    reasons.push("LinkedIn page named like the other's website");
  }
  if (mailAtDomain && !namesDiffer) {
    score = Math.max(score, 0.88) + 0.06;
    reasons.push("contact e-mail at the other's website");
  }
  if (otherLinkedin) {
    score -= 0.2;
    reasons.push("different LinkedIn pages");
  }
  if (otherDomain) {
    score -= 0.12;
    reasons.push("different domains");
  }
  if (samePhone && name >= PHONE_NAME_FLOOR) {
    score = Math.max(score, PHONE_LIFT) + PHONE_BONUS;
    reasons.push("same phone number");
  } else if (samePhone) {
    // Like a shared website and page: never discarded for the names alone (one site listed under its agency's
    // name in one source and its own in another), but a person decides.
    score = Math.max(score, PHONE_UNLIKE_NAMES_REVIEW);
    reasons.push("same phone number, names differ: review only");
  }
  if (phones === "block" && name >= PHONE_BLOCK_NAME_FLOOR) {
    score = Math.max(score, PHONE_LIFT);
    reasons.push("phone numbers in one block");
  } else if (phones === "exchange" && name >= PHONE_EXCHANGE_NAME_FLOOR) {
    score = Math.max(score, PHONE_LIFT);
    reasons.push("phone numbers of one exchange");
  } else if (phones === "different") {
    score -= PHONE_PENALTY;
    reasons.push("different phone numbers");
  }
  if (address === "same") {
    score += ADDRESS_BONUS;
    reasons.push("same address");
  } else if (address === "different") {
    score -= ADDRESS_PENALTY;
    reasons.push("different addresses");
  }
  const countriesDiffer = Boolean(a.country && b.country && a.country.toLowerCase() !== b.country.toLowerCase());
  if (a.country && b.country) {
    if (!countriesDiffer) score += 0.01;
    else {
      score -= 0.1;
      reasons.push("different countries");
    }
  }
  if (a.industries?.length && b.industries?.length && !a.industries.some((i) => b.industries!.includes(i))) {
    score -= 0.03;
    reasons.push("no industry in common");
  }
  // Issue 32: a shared page or website with unlike names was discarded, and with it a company's own page under a
  // name run together and misspelt ("PIRSMCLOUD" / "Prism Cloud") and a renamed company that kept its LinkedIn page
  // but moved its website. A person decides, whatever else differs, as for a shared site and page.
  if ((sameLinkedin || sameDomain) && namesDiffer && !siteAndPage) score = Math.max(score, SHARED_URL_UNLIKE_NAMES_REVIEW);
  // A name alone never merges without a person, however exact: two sites of one organisation share it ("Carole
  // Robertson Center for Learning" three times), as do a restaurant in Chicago and one in Los Angeles. The same
  // page or domain is what makes a merge safe.
  // A phone shared by two records with nearly the same name at the same address is as good as a shared domain.
  // Without the address it is not: an agency's sites share its switchboard and its name (Chicago: 203 of 3,612
  // such pairs were two sites).
  const phoneConfirms = samePhone && name >= PHONE_MERGE_NAME && address === "same";
  const corroborated = ((sameLinkedin || sameDomain) && !namesDiffer) || pageNamesDomain || mailAtDomain || phoneConfirms;
  if (!corroborated) {
    score = Math.min(score, NAME_ALONE_CAP);
    const bearers = context.listingsWithKey?.(a.nameKey.key) ?? 2;
    if (name === 1 && bearers > 2) reasons.push(`name shared by ${bearers} listings`);
  }
  // "Teddy Bear 1" and "Teddy Bear 2" are two sites; only a shared page, domain or phone number (one site under two
  // names in two source lists) makes them worth a person's look, never an automatic merge.
  const sharedContact = sameLinkedin || sameDomain || samePhone;
  if (numbersDiffer) {
    score = Math.min(score, sharedContact ? 0.9 : 0.6);
    reasons.push("names differ in a number");
  }
  if (branchesConflict) {
    score = Math.min(score, sharedContact ? 0.9 : 0.6);
    reasons.push("names differ in a branch word");
  } else if (branchOnOneSide) {
    score = Math.min(score, 0.94);
    reasons.push("a branch word on one side only");
  }
  if (!sharedContact && !pageNamesDomain && !mailAtDomain && ownUrlSpellsExtraWords(a, b)) {
    score = Math.min(score, OWN_LONGER_NAME_CAP);
    reasons.push("the longer name's own website or page spells the words the other lacks");
  }
  if (numberOnOneSide && !sharedContact && phones !== "block" && !pageNamesDomain && !mailAtDomain) {
    // "Summit Energy" and "Summit Energy 2" with nothing in common but the name are a second site or fund as often as
    // the same one (measured: 1 in 10 on Chicago, none on our URL set): below review.
    score = Math.min(score, NUMBER_ON_ONE_SIDE_CAP);
  }
  score = Math.max(0, Math.min(1, score));
  if (numberOnOneSide) reasons.push("a number on one side only");
  // Two countries merge without a person only on a strong identifier: the same domain, phone or page (issue 32). A
  // page named like the other's website, or an e-mail at it, is not one unless both records are in one country:
  // a namesake abroad holds the page "company/southstudio" as easily as southstudio.ai's owner.
  const strongIdentifier = sameDomain || samePhone || sameLinkedin;
  const sameCountry = Boolean(a.country && b.country && !countriesDiffer);
  const abroadUnconfirmed = !strongIdentifier && (countriesDiffer || ((pageNamesDomain || mailAtDomain) && !sameCountry));
  const autoMergeAllowed =
    !readAlike &&
    !numbersDiffer &&
    !numberOnOneSide &&
    !namesDiffer &&
    !brandsOfGroup &&
    !abroadUnconfirmed &&
    !tooShortToMerge(a.nameKey) &&
    !tooShortToMerge(b.nameKey);
  if (!autoMergeAllowed && score >= AUTO_MERGE_AT)
    reasons.push(
      readAlike
        ? "review only: names in two scripts"
        : brandsOfGroup
          ? "review only: brands of one group"
          : abroadUnconfirmed
            ? "different or unknown countries: review only"
            : "review only: short name or differing numbers",
    );
  const band: Band = score >= AUTO_MERGE_AT && autoMergeAllowed ? "auto_merge" : score >= REVIEW_AT ? "review" : "none";
  return { score: Math.round(score * 1000) / 1000, band, reasons, autoMergeAllowed };
}
