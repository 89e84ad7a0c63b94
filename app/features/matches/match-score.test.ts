import { describe, expect, it } from "vitest";
import {
  MATCH_WEIGHTS,
  MIN_MATCH_SCORE,
  rankInvestorsFor,
  rankStartupsFor,
  reasonSentence,
  scoreMatch,
  type InvestorFit,
  type MatchCandidate,
  type MatchTaxonomy,
  type StartupFit,
} from "./match-score.ts";

const SEED = 1;
const SERIES_A = 2;
const SERIES_B = 3;
const [PAYMENTS, LENDING, ML, HEALTH, VISION, UNKNOWN_INDUSTRY] = [1, 2, 3, 4, 5, 99];
const [NA, EUROPE, ASIA] = [1, 2, 3];
const [US, GERMANY, FRANCE, JAPAN] = [10, 20, 21, 30];

const TAXONOMY: MatchTaxonomy = {
  stages: ["Pre-Seed", "Seed", "Series A", "Series B", "Series C", "Series D+", "Growth"],
  industries: new Map([
    [PAYMENTS, { name: "FinTech: Payments", sector: "FinTech" }],
    [LENDING, { name: "FinTech: Lending", sector: "FinTech" }],
    [ML, { name: "AI: Machine Learning", sector: "AI" }],
    [HEALTH, { name: "Healthcare: Digital Health", sector: "Healthcare" }],
    [VISION, { name: "AI: Computer Vision", sector: "AI" }],
  ]),
  geographies: new Map([
    [NA, "NA"],
    [EUROPE, "Europe"],
    [ASIA, "Asia"],
  ]),
  countries: new Map([
    [US, "United States"],
    [GERMANY, "Germany"],
    [FRANCE, "France"],
    [JAPAN, "Japan"],
  ]),
};

const startup = (fit: Partial<StartupFit> = {}): StartupFit => ({
  industryIds: [PAYMENTS],
  geographyIds: [EUROPE],
  countryIds: [GERMANY],
  stage: SEED,
  ...fit,
});
const investor = (fit: Partial<InvestorFit> = {}): InvestorFit => ({
  industryIds: [PAYMENTS],
  geographyIds: [EUROPE],
  countryIds: [FRANCE],
  stages: [SEED, SERIES_A],
  ...fit,
});
const score = (s: Partial<StartupFit>, i: Partial<InvestorFit>) => scoreMatch(startup(s), investor(i), TAXONOMY);

describe("scoreMatch: the signals and their weights", () => {
  it("adds stage, industry and geography, and names each as a reason in reading order", () => {
    const match = score({}, {});
    expect(match).toEqual({
      score: MATCH_WEIGHTS.stage + MATCH_WEIGHTS.industry + MATCH_WEIGHTS.geography,
      sharedIndustries: 1,
      reasons: [
        { kind: "stage", label: "Seed" },
        { kind: "industry", label: "FinTech: Payments" },
        { kind: "geography", label: "Europe" },
      ],
    });
    expect(match!.score).toBe(85);
  });

  it("scores a perfect pair 100: three shared industries, a shared country", () => {
    const fit = { industryIds: [PAYMENTS, LENDING, ML], countryIds: [GERMANY] };
    expect(score(fit, fit)?.score).toBe(100);
    expect(
      MATCH_WEIGHTS.industry +
        MATCH_WEIGHTS.extraIndustry * MATCH_WEIGHTS.maxExtraIndustries +
        MATCH_WEIGHTS.stage +
        MATCH_WEIGHTS.geography +
        MATCH_WEIGHTS.country,
    ).toBe(100);
  });

  it("counts further shared industries, but no more than two of them", () => {
    const two = score({ industryIds: [PAYMENTS, LENDING] }, { industryIds: [PAYMENTS, LENDING] })!;
    const four = score({ industryIds: [PAYMENTS, LENDING, ML, HEALTH] }, { industryIds: [PAYMENTS, LENDING, ML, HEALTH] })!;
    expect(two.score - score({}, {})!.score).toBe(MATCH_WEIGHTS.extraIndustry);
    expect(four.score - score({}, {})!.score).toBe(MATCH_WEIGHTS.extraIndustry * MATCH_WEIGHTS.maxExtraIndustries);
    expect(four.sharedIndustries).toBe(4);
    // At most three industries are named.
    expect(four.reasons.filter((r) => r.kind === "industry").map((r) => r.label)).toEqual([
      "FinTech: Payments",
      "FinTech: Lending",
      "AI: Machine Learning",
    ]);
  });

  it("counts a sector shared only through the taxonomy parent at half an industry, and says so", () => {
    const match = score({ industryIds: [PAYMENTS] }, { industryIds: [LENDING] })!;
    expect(match.score).toBe(MATCH_WEIGHTS.stage + MATCH_WEIGHTS.sector + MATCH_WEIGHTS.geography);
    expect(match.sharedIndustries).toBe(0);
    expect(match.reasons).toContainEqual({ kind: "sector", label: "FinTech sector" });
    expect(match.reasons.some((r) => r.kind === "industry")).toBe(false);
  });

  it("does not add a sector on top of an exact industry", () => {
    const match = score({ industryIds: [PAYMENTS, ML] }, { industryIds: [PAYMENTS, VISION] })!;
    expect(match.score).toBe(MATCH_WEIGHTS.stage + MATCH_WEIGHTS.industry + MATCH_WEIGHTS.geography);
    expect(match.reasons.map((r) => r.kind)).toEqual(["stage", "industry", "geography"]);
  });

  it("adds a shared country to a shared geography, naming both", () => {
    const match = score({ countryIds: [GERMANY] }, { countryIds: [GERMANY, FRANCE] })!;
    expect(match.score).toBe(85 + MATCH_WEIGHTS.country);
    expect(match.reasons.slice(-2)).toEqual([
      { kind: "geography", label: "Europe" },
      { kind: "country", label: "Germany" },
    ]);
  });

  it("names values in the subject startup's order, each once", () => {
    const match = score({ geographyIds: [ASIA, EUROPE, NA], countryIds: [] }, { geographyIds: [NA, EUROPE, ASIA, ASIA] })!;
    // Two geographies named at most.
    expect(match.reasons.filter((r) => r.kind === "geography").map((r) => r.label)).toEqual(["Asia", "Europe"]);
    expect(match.score).toBe(85);
  });
});

describe("scoreMatch: required minimums", () => {
  it("rules out a known stage outside a known focus, however well the rest fits", () => {
    const fit = { industryIds: [PAYMENTS, LENDING, ML], countryIds: [GERMANY] };
    expect(score({ ...fit, stage: SERIES_B }, { ...fit, stages: [SEED, SERIES_A] })).toBeNull();
  });

  it("neither counts nor punishes an unknown stage, on either side", () => {
    const noStage = score({ stage: null }, {})!;
    const noFocus = score({}, { stages: [] })!;
    for (const match of [noStage, noFocus]) {
      expect(match.score).toBe(MATCH_WEIGHTS.industry + MATCH_WEIGHTS.geography);
      expect(match.reasons.some((r) => r.kind === "stage")).toBe(false);
    }
  });

  it("requires a shared industry or sector", () => {
    expect(score({ industryIds: [HEALTH] }, { industryIds: [PAYMENTS, ML] })).toBeNull();
    expect(score({ industryIds: [] }, {})).toBeNull();
    expect(score({}, { industryIds: [] })).toBeNull();
  });

  it("ignores industries the reference list does not know (a deleted record): no unnamed reason", () => {
    expect(score({ industryIds: [UNKNOWN_INDUSTRY] }, { industryIds: [UNKNOWN_INDUSTRY] })).toBeNull();
  });

  it("rules out places named on both sides with none in common", () => {
    expect(score({ geographyIds: [ASIA], countryIds: [JAPAN] }, { geographyIds: [EUROPE], countryIds: [GERMANY] })).toBeNull();
  });

  it("lets a shared country alone keep a pair whose geography lists disagree", () => {
    const match = score({ geographyIds: [], countryIds: [GERMANY] }, { geographyIds: [EUROPE], countryIds: [GERMANY] })!;
    expect(match.score).toBe(MATCH_WEIGHTS.stage + MATCH_WEIGHTS.industry + MATCH_WEIGHTS.country);
  });

  it("neither counts nor punishes places missing on one side", () => {
    expect(score({ geographyIds: [], countryIds: [] }, {})?.score).toBe(MATCH_WEIGHTS.stage + MATCH_WEIGHTS.industry);
    expect(score({}, { geographyIds: [], countryIds: [] })?.score).toBe(MATCH_WEIGHTS.stage + MATCH_WEIGHTS.industry);
  });

  it(`drops a pair scoring under ${MIN_MATCH_SCORE}: one weak signal is not a fit`, () => {
    // A shared sector and a shared geography, stage unknown: 35.
    expect(score({ industryIds: [PAYMENTS], stage: null }, { industryIds: [LENDING] })).toBeNull();
    // A shared sector and the stage, places unknown: 40.
    expect(score({ industryIds: [PAYMENTS], geographyIds: [], countryIds: [] }, { industryIds: [LENDING] })).toBeNull();
    // An exact industry alone: 40.
    expect(score({ stage: null, geographyIds: [], countryIds: [] }, {})).toBeNull();
    // An exact industry and a shared country only: 45, kept.
    expect(score({ stage: null, geographyIds: [] }, { countryIds: [GERMANY] })?.score).toBe(45);
    // An exact industry and a shared geography: 60, kept.
    expect(score({ stage: null }, {})?.score).toBe(60);
    // A sector, the stage and a geography: 60, kept.
    expect(score({ industryIds: [PAYMENTS] }, { industryIds: [LENDING] })?.score).toBe(60);
  });
});

describe("reasonSentence", () => {
  const reasons = score({}, {})!.reasons;
  it("says what an investor invests in", () => {
    expect(reasonSentence(reasons, "investors")).toBe("Invests in Seed, FinTech: Payments, Europe");
  });
  it("says which focus a startup fits", () => {
    expect(reasonSentence(reasons, "startups")).toBe("Fits its focus: Seed, FinTech: Payments, Europe");
  });
});

describe("ranking", () => {
  const candidate = <Fit>(slug: string, fit: Fit, extra: Partial<MatchCandidate<Fit>> = {}): MatchCandidate<Fit> => ({
    slug,
    name: slug,
    featured: false,
    fit,
    ...extra,
  });

  it("orders investors by score and leaves out those that do not fit", () => {
    const ranked = rankInvestorsFor(
      startup(),
      [
        candidate("sector-only", investor({ industryIds: [LENDING] })),
        candidate("wrong-stage", investor({ stages: [SERIES_B] })),
        candidate("best", investor({ countryIds: [GERMANY] })),
        candidate("good", investor()),
      ],
      TAXONOMY,
      10,
    );
    expect(ranked.map((r) => [r.candidate.slug, r.match.score])).toEqual([
      ["best", 90],
      ["good", 85],
      ["sector-only", 60],
    ]);
  });

  it("breaks ties by shared industries, then featured, then name ignoring case, then slug", () => {
    const placed = rankInvestorsFor(
      startup({ stage: null }),
      ["zeta", "b-2", "b-1", "alpha"].map((slug) => candidate(slug, investor(), { name: slug.startsWith("b") ? "Beta" : slug })),
      TAXONOMY,
      10,
    );
    expect(placed.map((r) => r.candidate.slug)).toEqual(["alpha", "b-1", "b-2", "zeta"]);
    const featured = rankInvestorsFor(
      startup(),
      [candidate("a", investor(), { name: "A" }), candidate("z", investor(), { name: "Z", featured: true })],
      TAXONOMY,
      10,
    );
    expect(featured.map((r) => r.candidate.slug)).toEqual(["z", "a"]);
    const shared = rankInvestorsFor(
      startup({ industryIds: [PAYMENTS, LENDING], stage: null, countryIds: [] }),
      [
        candidate("one", investor({ industryIds: [PAYMENTS], countryIds: [] }), { featured: true }),
        candidate("two", investor({ industryIds: [PAYMENTS, LENDING], countryIds: [] })),
      ],
      TAXONOMY,
      10,
    );
    expect(shared.map((r) => [r.candidate.slug, r.match.score])).toEqual([
      ["two", 65],
      ["one", 60],
    ]);
  });

  it("keeps at most `limit`, and none for a limit under one", () => {
    const many = ["a", "b", "c", "d"].map((slug) => candidate(slug, investor()));
    expect(rankInvestorsFor(startup(), many, TAXONOMY, 2).map((r) => r.candidate.slug)).toEqual(["a", "b"]);
    expect(rankInvestorsFor(startup(), many, TAXONOMY, 0)).toEqual([]);
    expect(rankInvestorsFor(startup(), many, TAXONOMY, -1)).toEqual([]);
  });

  it("scores the other way round with the same rules: startups for an investor", () => {
    const ranked = rankStartupsFor(
      investor(),
      [
        candidate("too-late", startup({ stage: SERIES_B })),
        candidate("fits", startup()),
        candidate("elsewhere", startup({ geographyIds: [ASIA], countryIds: [JAPAN] })),
      ],
      TAXONOMY,
      10,
    );
    expect(ranked.map((r) => r.candidate.slug)).toEqual(["fits"]);
    expect(ranked[0]!.match).toEqual(scoreMatch(startup(), investor(), TAXONOMY));
  });
});
