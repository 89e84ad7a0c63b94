/**
 * What two listings have in common and where they part (issue 5 §2): the names' similarity, their numbers and branch
 * words, the website, the LinkedIn page, the e-mail, the phone, the address and the country. match-score.ts weighs
 * these into a score; working them out once keeps each step of the weighing short.
 */
import { addressAgreement, phoneRelation } from "./contact-signals.ts";
import { pageNamesDomain as pageNamesTheDomain } from "./group-signals.ts";
import type { PreparedRecord, ScoreContext } from "./match-score.ts";
import { jaroWinkler, nameSimilarity } from "./name-similarity.ts";
import { readsLike } from "./name-reading.ts";

/** A Latin name read in a name in another script (decision 0067): in the review band, never merged without a person. */
const READ_ALIKE_SIMILARITY = 0.9;

/** Exactly one of the two names has a reading and the other, Latin, reads like it; two readings compare as names. */
function readsAlike(a: PreparedRecord, b: PreparedRecord): boolean {
  if (Boolean(a.reading) === Boolean(b.reading)) return false;
  const [latin, other] = a.reading ? [b, a] : [a, b];
  return readsLike(latin.nameKey.tokens, other.reading!, jaroWinkler);
}

/** Below this name similarity a shared website or page may be a parent's: never merged on it alone (decision 0067). */
const SHARED_URL_NAME_FLOOR = 0.4;
function sameSets(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join(" ") === [...b].sort().join(" ");
}

/** What two records have in common and where they part, worked out once for the steps of scorePair. */
export interface PairSignals {
  /** The names' similarity, or the read-alike floor for a Latin name read in another script. */
  name: number;
  readAlike: boolean;
  /** Numbers on both sides that differ ("Teddy Bear 1" / "Teddy Bear 2"), and a number on one side only. */
  numbersDiffer: boolean;
  numberOnOneSide: boolean;
  branchesConflict: boolean;
  branchOnOneSide: boolean;
  sameDomain: boolean;
  otherDomain: boolean;
  sameLinkedin: boolean;
  otherLinkedin: boolean;
  /** A LinkedIn page named after the other's domain, or a contact e-mail at it. */
  pageNamesDomain: boolean;
  mailAtDomain: boolean;
  phones: ReturnType<typeof phoneRelation>;
  samePhone: boolean;
  address: ReturnType<typeof addressAgreement>;
  /** Both the website and the LinkedIn page shared. */
  siteAndPage: boolean;
  /** The names have too little in common for a shared URL to merge them. */
  namesDiffer: boolean;
  countriesDiffer: boolean;
}

export function pairSignals(a: PreparedRecord, b: PreparedRecord, context: ScoreContext): PairSignals {
  // A name in another script that reads like the Latin one counts as a close name, for a person to confirm.
  const readAlike = readsAlike(a, b);
  const name = Math.max(nameSimilarity(a.nameKey, b.nameKey, context.weight), readAlike ? READ_ALIKE_SIMILARITY : 0);
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
  return {
    name,
    readAlike,
    numbersDiffer,
    numberOnOneSide,
    branchesConflict,
    branchOnOneSide,
    sameDomain,
    otherDomain,
    sameLinkedin,
    otherLinkedin,
    pageNamesDomain,
    mailAtDomain,
    phones,
    samePhone: phones === "same",
    address: addressAgreement(a, b),
    // Both the website and the LinkedIn page shared: one company whatever its names say ("Deltta Labs" / "DELTALABS
    // OY"), but a person looks first, since a subsidiary can sit on its parent's site and page.
    siteAndPage: sameLinkedin && sameDomain,
    namesDiffer: name < SHARED_URL_NAME_FLOOR,
    countriesDiffer: Boolean(a.country && b.country && a.country.toLowerCase() !== b.country.toLowerCase()),
  };
}
