import { describe, expect, it } from "vitest";
import {
  COUNTRY_GROUPS,
  FITS,
  INVESTORS,
  STAGES,
  STARTUPS,
  type LabelledInvestor,
  type LabelledStartup,
} from "./labelled-pairs.fixture.ts";
import { rankInvestorsFor, rankStartupsFor, type InvestorFit, type MatchTaxonomy, type StartupFit } from "./match-score.ts";
import { parseStageFocus } from "./stage-focus.ts";

/**
 * The small labelled check (decision 0064): the share of the top suggestions on each profile that an analyst judged
 * worth an introduction. The thresholds sit a little under what the weights reach today (startup profiles 12/15,
 * investor profiles 11/15), so a change of weights that makes suggestions worse fails here.
 */
const TOP = 3;
const MIN_PRECISION = 0.7;
/** Guards the other way: suggesting almost nothing would make precision easy. */
const MIN_RECALL = 0.7;

function buildTaxonomy(): MatchTaxonomy & { ids: Map<string, number> } {
  const ids = new Map<string, number>();
  const idOf = (name: string) => ids.get(name) ?? (ids.set(name, ids.size + 1), ids.size);
  const industries = new Map<number, { name: string; sector: string }>();
  const geographies = new Map<number, string>();
  const countries = new Map<number, string>();
  for (const listing of [...STARTUPS, ...INVESTORS]) {
    for (const name of listing.industries) industries.set(idOf(`industry:${name}`), { name, sector: name.split(":")[0]! });
    for (const name of listing.geographies) geographies.set(idOf(`geography:${name}`), name);
    for (const name of listing.countries) countries.set(idOf(`country:${name}`), name);
  }
  return { stages: STAGES, industries, geographies, countries, ids };
}

const taxonomy = buildTaxonomy();
const id = (kind: string, name: string) => taxonomy.ids.get(`${kind}:${name}`)!;
const places = (listing: { geographies: string[]; countries: string[] }) => ({
  // A country's group counts as a place of the listing, as the seed and the editor store them.
  geographyIds: [...new Set([...listing.geographies, ...listing.countries.map((c) => COUNTRY_GROUPS[c]!)])].map((g) => id("geography", g)),
  countryIds: listing.countries.map((c) => id("country", c)),
});
const startupFit = (s: LabelledStartup): StartupFit => ({
  industryIds: s.industries.map((i) => id("industry", i)),
  ...places(s),
  stage: s.stage === null ? null : STAGES.indexOf(s.stage),
});
const investorFit = (i: LabelledInvestor): InvestorFit => ({
  industryIds: i.industries.map((x) => id("industry", x)),
  ...places(i),
  stages: parseStageFocus(i.stageFocus, STAGES),
});
const candidate = <Fit>(name: string, fit: Fit) => ({ slug: name.toLowerCase().replace(/\W+/g, "-"), name, featured: false, fit });
const isFit = (startup: string, investor: string) => FITS.some(([s, i]) => s === startup && i === investor);

interface Tally {
  suggested: number;
  correct: number;
}

describe("match suggestions against hand-labelled pairs", () => {
  it("labels only listings of the fixture", () => {
    for (const [s, i] of FITS) {
      expect(STARTUPS.map((x) => x.name)).toContain(s);
      expect(INVESTORS.map((x) => x.name)).toContain(i);
    }
  });

  it(`keeps precision at ${TOP} of at least ${MIN_PRECISION} on both kinds of profile, finding most fits`, ({ annotate }) => {
    const onStartups: Tally = { suggested: 0, correct: 0 };
    const onInvestors: Tally = { suggested: 0, correct: 0 };
    const found = new Set<string>();
    for (const startup of STARTUPS) {
      const ranked = rankInvestorsFor(
        startupFit(startup),
        INVESTORS.map((i) => candidate(i.name, investorFit(i))),
        taxonomy,
        TOP,
      );
      for (const { candidate: investor } of ranked) {
        onStartups.suggested++;
        if (!isFit(startup.name, investor.name)) continue;
        onStartups.correct++;
        found.add(`${startup.name}|${investor.name}`);
      }
    }
    for (const investor of INVESTORS) {
      const ranked = rankStartupsFor(
        investorFit(investor),
        STARTUPS.map((s) => candidate(s.name, startupFit(s))),
        taxonomy,
        TOP,
      );
      for (const { candidate: startup } of ranked) {
        onInvestors.suggested++;
        if (!isFit(startup.name, investor.name)) continue;
        onInvestors.correct++;
        found.add(`${startup.name}|${investor.name}`);
      }
    }
    const precision = (t: Tally) => (t.suggested ? t.correct / t.suggested : 0);
    const recall = found.size / FITS.length;
    const report =
      `precision@${TOP}: startup profiles ${onStartups.correct}/${onStartups.suggested} = ${precision(onStartups).toFixed(2)}, ` +
      `investor profiles ${onInvestors.correct}/${onInvestors.suggested} = ${precision(onInvestors).toFixed(2)}; ` +
      `labelled fits found ${found.size}/${FITS.length} = ${recall.toFixed(2)}`;
    annotate(report);
    expect(precision(onStartups), report).toBeGreaterThanOrEqual(MIN_PRECISION);
    expect(precision(onInvestors), report).toBeGreaterThanOrEqual(MIN_PRECISION);
    expect(recall, report).toBeGreaterThanOrEqual(MIN_RECALL);
  });
});
