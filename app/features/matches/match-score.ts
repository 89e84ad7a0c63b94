/**
 * How well a startup and an investor fit (decision 0064): a transparent sum of named signals, each of which the
 * member reads back as a reason ("Invests in Seed, FinTech, Europe"). Pure: the server feeds it what the viewer may
 * see and nothing else, so a reason can only name a value the viewer may see.
 */

/** The reference lists a score reads: names for reasons, the taxonomy parent of each industry. */
export interface MatchTaxonomy {
  /** Funding stage names in their order (the reference list's sort order): Pre-Seed, Seed, Series A, ... */
  stages: readonly string[];
  /** Industry id → its name and its sector (the taxonomy's primary category: "FinTech" for "FinTech: Payments"). */
  industries: ReadonlyMap<number, { name: string; sector: string }>;
  geographies: ReadonlyMap<number, string>;
  countries: ReadonlyMap<number, string>;
}

/** What a startup brings to a match. `stage` is a position in `MatchTaxonomy.stages`, null when unknown. */
export interface StartupFit {
  industryIds: readonly number[];
  geographyIds: readonly number[];
  countryIds: readonly number[];
  stage: number | null;
}

/** What an investor looks for. `stages` are positions in `MatchTaxonomy.stages`; empty means unknown. */
export interface InvestorFit {
  industryIds: readonly number[];
  geographyIds: readonly number[];
  countryIds: readonly number[];
  stages: readonly number[];
}

export type MatchReasonKind = "stage" | "industry" | "sector" | "geography" | "country";
export interface MatchReason {
  kind: MatchReasonKind;
  label: string;
}

export interface MatchScore {
  /** 0 to 100. */
  score: number;
  /** Industries both name: the first tie-breaker, as the most specific signal. */
  sharedIndustries: number;
  /** In reading order: stage, industries (or sectors), geographies, countries. */
  reasons: MatchReason[];
}

/**
 * The weights, out of 100. Industry is the core of a fit and required; a sector shared only through the taxonomy
 * parent counts for less than half of one (a crypto fund and a payments startup are both "FinTech"); a known stage
 * outside a known focus rules the pair out (a Series B fund does not write pre-seed cheques), and inside it is the
 * next strongest signal; places decide less. Tuned against the labelled pairs (labelled-pairs.fixture.ts).
 */
export const MATCH_WEIGHTS = {
  industry: 40,
  /** Each further shared industry, up to `maxExtraIndustries`. */
  extraIndustry: 5,
  maxExtraIndustries: 2,
  sector: 15,
  stage: 25,
  geography: 20,
  country: 5,
} as const;

/**
 * Below this a pair is not suggested: one signal alone (a shared industry with nothing known of stage and place) or
 * a shared sector with only one other signal is not a fit worth an introduction.
 */
export const MIN_MATCH_SCORE = 45;

/** Reasons name at most this many values of one kind, so a sentence stays one line. */
const MAX_NAMED = { industry: 3, sector: 2, geography: 2, country: 2 } as const;

/** `a`'s values that `b` also holds, in `a`'s order, once each. */
function shared(a: readonly number[], b: readonly number[]): number[] {
  const other = new Set(b);
  return [...new Set(a)].filter((x) => other.has(x));
}

function named(ids: readonly number[], names: ReadonlyMap<number, string>, max: number): string[] {
  return ids.flatMap((id) => names.get(id) ?? []).slice(0, max);
}

const places = (fit: { geographyIds: readonly number[]; countryIds: readonly number[] }) => fit.geographyIds.length + fit.countryIds.length;

/**
 * The fit of one startup and one investor, or null when they do not fit: no shared industry or sector, a stage
 * outside the focus, places named on both sides with none in common, or a score under `MIN_MATCH_SCORE`. Unknown
 * stages or places neither count for nor against a pair.
 */
export function scoreMatch(startup: StartupFit, investor: InvestorFit, taxonomy: MatchTaxonomy): MatchScore | null {
  const reasons: MatchReason[] = [];
  let score = 0;

  if (startup.stage !== null && investor.stages.length > 0) {
    if (!investor.stages.includes(startup.stage)) return null;
    score += MATCH_WEIGHTS.stage;
    const stage = taxonomy.stages[startup.stage];
    if (stage) reasons.push({ kind: "stage", label: stage });
  }

  const industries = shared(startup.industryIds, investor.industryIds).filter((id) => taxonomy.industries.has(id));
  if (industries.length > 0) {
    score += MATCH_WEIGHTS.industry + MATCH_WEIGHTS.extraIndustry * Math.min(MATCH_WEIGHTS.maxExtraIndustries, industries.length - 1);
    for (const id of industries.slice(0, MAX_NAMED.industry)) reasons.push({ kind: "industry", label: taxonomy.industries.get(id)!.name });
  } else {
    const sectorsOf = (ids: readonly number[]) => [...new Set(ids.flatMap((id) => taxonomy.industries.get(id)?.sector ?? []))];
    const theirs = new Set(sectorsOf(investor.industryIds));
    const sectors = sectorsOf(startup.industryIds).filter((sector) => theirs.has(sector));
    if (sectors.length === 0) return null;
    score += MATCH_WEIGHTS.sector;
    for (const sector of sectors.slice(0, MAX_NAMED.sector)) reasons.push({ kind: "sector", label: `${sector} sector` });
  }

  const geographies = shared(startup.geographyIds, investor.geographyIds).filter((id) => taxonomy.geographies.has(id));
  const countries = shared(startup.countryIds, investor.countryIds).filter((id) => taxonomy.countries.has(id));
  if (places(startup) > 0 && places(investor) > 0 && geographies.length === 0 && countries.length === 0) return null;
  if (geographies.length > 0) {
    score += MATCH_WEIGHTS.geography;
    for (const label of named(geographies, taxonomy.geographies, MAX_NAMED.geography)) reasons.push({ kind: "geography", label });
  }
  if (countries.length > 0) {
    score += MATCH_WEIGHTS.country;
    for (const label of named(countries, taxonomy.countries, MAX_NAMED.country)) reasons.push({ kind: "country", label });
  }

  if (score < MIN_MATCH_SCORE) return null;
  return { score, sharedIndustries: industries.length, reasons };
}

/** Which side the suggestions are: investors for a startup's profile, startups for an investor's. */
export type MatchSide = "investors" | "startups";

/** The reasons as one line: "Invests in Seed, FinTech, Europe" for an investor, "Fits its focus: ..." for a startup. */
export function reasonSentence(reasons: readonly MatchReason[], side: MatchSide): string {
  const labels = reasons.map((reason) => reason.label).join(", ");
  return side === "investors" ? `Invests in ${labels}` : `Fits its focus: ${labels}`;
}

/** A listing offered for matching: its facts and what the tie-breakers read. */
export interface MatchCandidate<Fit> {
  slug: string;
  name: string;
  featured: boolean;
  fit: Fit;
}

export interface RankedMatch<Fit, C extends MatchCandidate<Fit> = MatchCandidate<Fit>> {
  candidate: C;
  match: MatchScore;
}

/**
 * Best first: higher score, then more shared industries, then featured, then name (ignoring case), then slug, so
 * the same data always gives the same order.
 */
function compareRanked<Fit>(a: RankedMatch<Fit>, b: RankedMatch<Fit>): number {
  return (
    b.match.score - a.match.score ||
    b.match.sharedIndustries - a.match.sharedIndustries ||
    Number(b.candidate.featured) - Number(a.candidate.featured) ||
    compareText(a.candidate.name.toLowerCase(), b.candidate.name.toLowerCase()) ||
    compareText(a.candidate.slug, b.candidate.slug)
  );
}

// Code-unit order, not the locale's: the order must not depend on the server's language settings.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function rank<Fit, C extends MatchCandidate<Fit>>(
  candidates: readonly C[],
  score: (fit: Fit) => MatchScore | null,
  limit: number,
): Array<RankedMatch<Fit, C>> {
  const ranked: Array<RankedMatch<Fit, C>> = [];
  for (const candidate of candidates) {
    const match = score(candidate.fit);
    if (match) ranked.push({ candidate, match });
  }
  return ranked.sort(compareRanked).slice(0, Math.max(0, limit));
}

/** The investors that fit a startup, best first, at most `limit`. */
export function rankInvestorsFor<C extends MatchCandidate<InvestorFit>>(
  startup: StartupFit,
  candidates: readonly C[],
  taxonomy: MatchTaxonomy,
  limit: number,
): Array<RankedMatch<InvestorFit, C>> {
  return rank(candidates, (investor) => scoreMatch(startup, investor, taxonomy), limit);
}

/** The startups that fit an investor, best first, at most `limit`. */
export function rankStartupsFor<C extends MatchCandidate<StartupFit>>(
  investor: InvestorFit,
  candidates: readonly C[],
  taxonomy: MatchTaxonomy,
  limit: number,
): Array<RankedMatch<StartupFit, C>> {
  return rank(candidates, (startup) => scoreMatch(startup, investor, taxonomy), limit);
}
