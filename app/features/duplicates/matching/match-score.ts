/**
 * Scoring a candidate pair of listings (issue 5 §2). The name says most, weighted by how rare each word is in
 * the directory (a shared "Guadalupano" means more than a shared "Center"); the website domain and the LinkedIn
 * page confirm or contradict it; country and industries nudge. Every pair carries its reasons.
 */
import { emailDomain, normaliseCity, normalisePostalCode, streetKey, type StreetKey } from "./contact-signals.ts";
import { brandsApart, ownUrlSpellsExtraWords } from "./group-signals.ts";
import { nameKey, type NameKey } from "./name-key.ts";
import { nameReading, type NameReading } from "./name-reading.ts";
import { pairSignals, type PairSignals } from "./pair-signals.ts";
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

/** Below the auto-merge band: what a name that is not corroborated by a page or domain can reach. */
const NAME_ALONE_CAP = 0.94;

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

/** The score as it is built up, and the reasons given on the way (in the order they are shown). */
interface Tally {
  score: number;
  reasons: string[];
}

/** The website, the LinkedIn page and the e-mail: what they share lifts the score, what they contradict lowers it. */
function weighUrls(a: PreparedRecord, b: PreparedRecord, s: PairSignals, tally: Tally): string | null {
  // The same LinkedIn page or website is the same company, unless the names have nothing in common (a group's
  // brands can share a parent's site).
  if (s.sameLinkedin && !s.namesDiffer) {
    tally.score = Math.max(tally.score, 0.9) + 0.08;
    tally.reasons.push("same LinkedIn page");
  } else if (s.sameLinkedin && !s.siteAndPage) tally.reasons.push("same LinkedIn page, names differ: review only");
  if (s.sameDomain && !s.namesDiffer) {
    tally.score = Math.max(tally.score, 0.88) + 0.07;
    tally.reasons.push("same domain");
  } else if (s.sameDomain && !s.siteAndPage) tally.reasons.push("same domain, names differ: review only");

  if (s.siteAndPage && s.namesDiffer) {
    tally.score = Math.max(tally.score, SITE_AND_PAGE_REVIEW);
    tally.reasons.push("same website and LinkedIn page, names differ: review only");
  }
  // A group's brands share the parent's domain and often its page: different sites on the domain, or a word of a
  // name the other lacks, and a URL in common says "one group", not "one company" (issue 32).
  const urlInCommon = s.sameDomain || s.sameLinkedin || s.pageNamesDomain || s.mailAtDomain;
  const brandsOfGroup =
    urlInCommon && !s.namesDiffer
      ? brandsApart({ nameKey: a.nameKey, site: s.sameDomain ? a.site : null }, { nameKey: b.nameKey, site: s.sameDomain ? b.site : null })
      : null;
  if (brandsOfGroup) tally.reasons.push(brandsOfGroup);
  if (s.pageNamesDomain && !s.namesDiffer) {
    tally.score = Math.max(tally.score, 0.88) + 0.06;
    tally.reasons.push("LinkedIn page named like the other's website");
  }
  if (s.mailAtDomain && !s.namesDiffer) {
    tally.score = Math.max(tally.score, 0.88) + 0.06;
    tally.reasons.push("contact e-mail at the other's website");
  }
  if (s.otherLinkedin) {
    tally.score -= 0.2;
    tally.reasons.push("different LinkedIn pages");
  }
  if (s.otherDomain) {
    tally.score -= 0.12;
    tally.reasons.push("different domains");
  }
  return brandsOfGroup;
}

/** The phone numbers and the address. */
function weighContacts(s: PairSignals, tally: Tally): void {
  if (s.samePhone && s.name >= PHONE_NAME_FLOOR) {
    tally.score = Math.max(tally.score, PHONE_LIFT) + PHONE_BONUS;
    tally.reasons.push("same phone number");
  } else if (s.samePhone) {
    // Like a shared website and page: never discarded for the names alone (one site listed under its agency's
    // name in one source and its own in another), but a person decides.
    tally.score = Math.max(tally.score, PHONE_UNLIKE_NAMES_REVIEW);
    tally.reasons.push("same phone number, names differ: review only");
  }
  if (s.phones === "block" && s.name >= PHONE_BLOCK_NAME_FLOOR) {
    tally.score = Math.max(tally.score, PHONE_LIFT);
    tally.reasons.push("phone numbers in one block");
  } else if (s.phones === "exchange" && s.name >= PHONE_EXCHANGE_NAME_FLOOR) {
    tally.score = Math.max(tally.score, PHONE_LIFT);
    tally.reasons.push("phone numbers of one exchange");
  } else if (s.phones === "different") {
    tally.score -= PHONE_PENALTY;
    tally.reasons.push("different phone numbers");
  }
  if (s.address === "same") {
    tally.score += ADDRESS_BONUS;
    tally.reasons.push("same address");
  } else if (s.address === "different") {
    tally.score -= ADDRESS_PENALTY;
    tally.reasons.push("different addresses");
  }
}

/** The country and the industries nudge. */
function weighPlaceAndTrade(a: PreparedRecord, b: PreparedRecord, s: PairSignals, tally: Tally): void {
  if (a.country && b.country) {
    if (!s.countriesDiffer) tally.score += 0.01;
    else {
      tally.score -= 0.1;
      tally.reasons.push("different countries");
    }
  }
  if (a.industries?.length && b.industries?.length && !a.industries.some((i) => b.industries!.includes(i))) {
    tally.score -= 0.03;
    tally.reasons.push("no industry in common");
  }
}

/** The ceilings: what a pair can reach without a shared identifier, with differing numbers or branches. */
function capScore(a: PreparedRecord, b: PreparedRecord, s: PairSignals, context: ScoreContext, tally: Tally): void {
  // Issue 32: a shared page or website with unlike names was discarded, and with it a company's own page under a
  // name run together and misspelt ("PIRSMCLOUD" / "Prism Cloud") and a renamed company that kept its LinkedIn page
  // but moved its website. A person decides, whatever else differs, as for a shared site and page.
  if ((s.sameLinkedin || s.sameDomain) && s.namesDiffer && !s.siteAndPage)
    tally.score = Math.max(tally.score, SHARED_URL_UNLIKE_NAMES_REVIEW);
  // A name alone never merges without a person, however exact: two sites of one organisation share it ("Carole
  // Robertson Center for Learning" three times), as do a restaurant in Chicago and one in Los Angeles. The same
  // page or domain is what makes a merge safe.
  // A phone shared by two records with nearly the same name at the same address is as good as a shared domain.
  // Without the address it is not: an agency's sites share its switchboard and its name (Chicago: 203 of 3,612
  // such pairs were two sites).
  const phoneConfirms = s.samePhone && s.name >= PHONE_MERGE_NAME && s.address === "same";
  const corroborated = ((s.sameLinkedin || s.sameDomain) && !s.namesDiffer) || s.pageNamesDomain || s.mailAtDomain || phoneConfirms;
  if (!corroborated) {
    tally.score = Math.min(tally.score, NAME_ALONE_CAP);
    const bearers = context.listingsWithKey?.(a.nameKey.key) ?? 2;
    if (s.name === 1 && bearers > 2) tally.reasons.push(`name shared by ${bearers} listings`);
  }
  // "Teddy Bear 1" and "Teddy Bear 2" are two sites; only a shared page, domain or phone number (one site under two
  // names in two source lists) makes them worth a person's look, never an automatic merge.
  const sharedContact = s.sameLinkedin || s.sameDomain || s.samePhone;
  if (s.numbersDiffer) {
    tally.score = Math.min(tally.score, sharedContact ? 0.9 : 0.6);
    tally.reasons.push("names differ in a number");
  }
  if (s.branchesConflict) {
    tally.score = Math.min(tally.score, sharedContact ? 0.9 : 0.6);
    tally.reasons.push("names differ in a branch word");
  } else if (s.branchOnOneSide) {
    tally.score = Math.min(tally.score, 0.94);
    tally.reasons.push("a branch word on one side only");
  }
  if (!sharedContact && !s.pageNamesDomain && !s.mailAtDomain && ownUrlSpellsExtraWords(a, b)) {
    tally.score = Math.min(tally.score, OWN_LONGER_NAME_CAP);
    tally.reasons.push("the longer name's own website or page spells the words the other lacks");
  }
  if (s.numberOnOneSide && !sharedContact && s.phones !== "block" && !s.pageNamesDomain && !s.mailAtDomain) {
    // "Summit Energy" and "Summit Energy 2" with nothing in common but the name are a second site or fund as often as
    // the same one (measured: 1 in 10 on Chicago, none on our URL set): below review.
    tally.score = Math.min(tally.score, NUMBER_ON_ONE_SIDE_CAP);
  }
  tally.score = Math.max(0, Math.min(1, tally.score));
  if (s.numberOnOneSide) tally.reasons.push("a number on one side only");
}

/** Whether a pair in the auto-merge band may merge without a person, and if not, the reason shown. */
function autoMergeVerdict(
  a: PreparedRecord,
  b: PreparedRecord,
  s: PairSignals,
  brandsOfGroup: string | null,
): { allowed: boolean; why: string } {
  // Two countries merge without a person only on a strong identifier: the same domain, phone or page (issue 32). A
  // page named like the other's website, or an e-mail at it, is not one unless both records are in one country:
  // a namesake abroad holds the page "company/southstudio" as easily as southstudio.ai's owner.
  const strongIdentifier = s.sameDomain || s.samePhone || s.sameLinkedin;
  const sameCountry = Boolean(a.country && b.country && !s.countriesDiffer);
  const abroadUnconfirmed = !strongIdentifier && (s.countriesDiffer || ((s.pageNamesDomain || s.mailAtDomain) && !sameCountry));
  const allowed =
    !s.readAlike &&
    !s.numbersDiffer &&
    !s.numberOnOneSide &&
    !s.namesDiffer &&
    !brandsOfGroup &&
    !abroadUnconfirmed &&
    !tooShortToMerge(a.nameKey) &&
    !tooShortToMerge(b.nameKey);
  const why = s.readAlike
    ? "review only: names in two scripts"
    : brandsOfGroup
      ? "review only: brands of one group"
      : abroadUnconfirmed
        ? "different or unknown countries: review only"
        : "review only: short name or differing numbers";
  return { allowed, why };
}

/** The pair's score and band with its reasons: the names, then the URLs, the contacts, place and trade, the caps. */
export function scorePair(a: PreparedRecord, b: PreparedRecord, context: ScoreContext): PairScore {
  const s = pairSignals(a, b, context);
  const tally: Tally = { score: s.name, reasons: [`name ${s.name.toFixed(2)}`] };
  if (s.readAlike) tally.reasons.push("name in another script reads like this one");
  const brandsOfGroup = weighUrls(a, b, s, tally);
  weighContacts(s, tally);
  weighPlaceAndTrade(a, b, s, tally);
  capScore(a, b, s, context, tally);
  const verdict = autoMergeVerdict(a, b, s, brandsOfGroup);
  if (!verdict.allowed && tally.score >= AUTO_MERGE_AT) tally.reasons.push(verdict.why);
  const { score, reasons } = tally;
  const band: Band = score >= AUTO_MERGE_AT && verdict.allowed ? "auto_merge" : score >= REVIEW_AT ? "review" : "none";
  return { score: Math.round(score * 1000) / 1000, band, reasons, autoMergeAllowed: verdict.allowed };
}
