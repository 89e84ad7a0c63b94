/**
 * The second pass of the demo generator (generate-listings.ts) for each type of listing: a startup's stage, facts,
 * text and funding rounds, an investor's focus and ticket, a partner's size and model. Each writer sets its columns
 * on the row and returns the child lists. They draw from the one random stream in a fixed order: the same seed gives
 * the same directory.
 */
import { STARTUP_STAGES, startupFacts, type Stage } from "./company-facts.ts";
import { INVESTOR_TITLES, STARTUP_TITLES_EARLY, STARTUP_TITLES_LATE, VC_TITLES } from "./demo-words.ts";
import { INVESTOR_KINDS, investorFacts, PARTNER_KINDS, PARTNER_TEAM, partnerRevenue, stageFocusText } from "./firm-facts.ts";
import type { GeneratedListing, ListingType, ReferenceIds } from "./generate-listings.ts";
import * as investorText from "./investor-text.ts";
import type { Landmark } from "./landmark-listings.ts";
import * as partnerText from "./partner-text.ts";
import type { Plan } from "./plan-listings.ts";
import type { Random } from "./random.ts";
import type { SectorWords } from "./sector-words.ts";
import * as startupText from "./startup-text.ts";

/** Reference rows by the keys the generator looks them up by. */
export interface Lookups {
  stageId: Map<string, number>;
  revenueId: Map<string, number>;
  industryByName: Map<string, ReferenceIds["industries"][number]>;
  geographyName: Map<number, string>;
  countriesByGeography: Map<number, ReferenceIds["countries"]>;
}

export interface Places {
  industries: ReferenceIds["industries"];
  countries: ReferenceIds["countries"];
}

/** One listing being written: what the plan and the places decided, read by the parts that write its row. */
export interface Subject {
  index: number;
  type: ListingType;
  name: string;
  featured: boolean;
  landmark: Landmark | undefined;
  /** The name of the listing this one duplicates (null: none). */
  original: string | null;
  places: Places;
  words: SectorWords;
  listedBy: Date;
  /** Listings were added over eighteen months: this one's share of that, from 1 (the first) down. */
  ageShare: number;
}

/** What one type's writer adds beside the columns it sets: the child lists, the team's titles, the tagline frame. */
interface TypeText {
  stage: Stage | null;
  taglineFrame: string;
  titles: readonly string[];
  faqs: GeneratedListing["faqs"];
  useCases: GeneratedListing["useCases"];
  steps: string[];
  rounds: GeneratedListing["rounds"];
}

/** What the type writers read besides the subject. */
interface Writing {
  rng: Random;
  plan: Plan;
  refs: ReferenceIds;
  look: Lookups;
  rich: boolean;
  countryNames: string[];
  region: string;
  sectors: SectorWords[];
}

const taglineFrameOf = (subject: Subject, kind: string, frame: number) =>
  subject.landmark ? `landmark:${subject.name}` : `${kind}:${frame}`;

/** A startup's stage, facts, text and (for some) funding rounds with their investors. */
function writeStartup(listing: GeneratedListing["listing"], subject: Subject, w: Writing): TypeText {
  const { rng, plan, rich } = w;
  const { landmark, words, name, featured } = subject;
  const text: TypeText = {
    stage: rng.weighted(STARTUP_STAGES),
    taglineFrame: "",
    titles: [],
    faqs: [],
    useCases: [],
    steps: [],
    rounds: [],
  };
  const stage = text.stage!;
  const facts = startupFacts(rng, stage, subject.listedBy);
  const offer = (landmark && words.offers.find((o) => o.product === landmark.product)) || rng.pick(words.offers);
  const context = startupText.startupContext(rng, name, words, offer, w.countryNames, w.region, facts, landmark?.customers);
  const frame = plan.rank[subject.index]! % startupText.TAGLINES.length;
  text.taglineFrame = taglineFrameOf(subject, "startup", frame);
  Object.assign(listing, {
    tagline: landmark?.tagline ?? startupText.TAGLINES[frame]!(context),
    description: startupText.startupDescription(rng, context, rich),
    fundingStageId: w.look.stageId.get(stage) ?? null,
    revenueRangeId: facts.revenueCode ? (w.look.revenueId.get(facts.revenueCode) ?? null) : null,
    foundedYear: facts.foundedYear,
    teamSize: facts.teamSize,
  });
  if (rich) {
    listing.problem = startupText.startupProblem(context);
    listing.solution = startupText.startupSolution(rng, context);
    listing.timing = startupText.startupTiming(rng, context);
    text.faqs = startupText.startupFaqs(rng, context);
    text.useCases = startupText.startupUseCases(context);
    text.steps = startupText.startupSteps(rng, context);
  }
  if (facts.rounds.length && (featured || rng.chance(0.35))) {
    for (const round of facts.rounds) {
      const pool = plan.pools.get(round.roundType)!;
      const investors = rng
        .distinctIndexes(pool.length, round.roundType === "pre-seed" ? rng.int(1, 2) : rng.int(1, 3))
        .map((k) => pool[k]!);
      text.rounds.push({ ...round, investors });
    }
    const rounds = text.rounds;
    const latest = rounds.at(-1)!;
    Object.assign(listing, {
      fundingAmount: latest.amount,
      fundingCurrency: "USD",
      fundingDate: latest.fundingDate,
      amountRaised: latest.amount,
      latestRoundAmount: latest.amount,
      latestRoundDate: latest.fundingDate,
      latestRoundType: latest.roundType,
      fundingRoundCount: rounds.length,
      totalFundingRaised: rounds.reduce((sum, x) => sum + x.amount, 0),
    });
    if (featured && rng.chance(0.15)) listing.amountRaised = null; // shows "---" in the home table
  }
  text.titles = stage === "Pre-Seed" || stage === "Seed" ? STARTUP_TITLES_EARLY : STARTUP_TITLES_LATE;
  return text;
}

/** An investor's kind, focus, ticket and text. */
function writeInvestor(listing: GeneratedListing["listing"], subject: Subject, w: Writing): TypeText {
  const { rng, plan } = w;
  const kind = INVESTOR_KINDS[plan.kind[subject.index]!]!;
  const facts = investorFacts(rng, kind, plan.focus[subject.index]!, subject.listedBy);
  const stage = facts.focus[0];
  const context = investorText.investorContext(rng, subject.name, kind, facts, w.sectors, w.countryNames, w.region);
  const frame = plan.rank[subject.index]! % investorText.TAGLINES.length;
  Object.assign(listing, {
    tagline: subject.landmark?.tagline ?? investorText.TAGLINES[frame]!(context),
    description: investorText.investorDescription(rng, context, w.rich),
    fundingStageId: w.look.stageId.get(stage) ?? null,
    investorType: kind.investorType,
    ticketSize: facts.ticketSize,
    aum: facts.aum,
    stageFocus: stageFocusText(facts.focus),
    foundedYear: facts.foundedYear,
    teamSize: facts.teamSize,
  });
  const titles = INVESTOR_TITLES[kind.key] ?? VC_TITLES;
  return { stage, taglineFrame: taglineFrameOf(subject, "investor", frame), titles, faqs: [], useCases: [], steps: [], rounds: [] };
}

/** A partner's kind, size, business model, revenue and text. */
function writePartner(listing: GeneratedListing["listing"], subject: Subject, w: Writing): TypeText {
  const { rng, plan } = w;
  const kind = PARTNER_KINDS[plan.kind[subject.index]!]!;
  const teamSize = rng.weighted(PARTNER_TEAM);
  const foundedYear = rng.int(1998, Math.min(2024, subject.listedBy.getUTCFullYear() - 1));
  const model = rng.pick(w.refs.businessModels);
  const context = partnerText.partnerContext(
    rng,
    subject.name,
    kind,
    w.sectors,
    w.countryNames,
    w.region,
    model.code,
    foundedYear,
    teamSize,
  );
  const frame = plan.rank[subject.index]! % partnerText.TAGLINES.length;
  const revenue = partnerRevenue(rng, teamSize);
  Object.assign(listing, {
    tagline: subject.landmark?.tagline ?? partnerText.TAGLINES[frame]!(context),
    description: partnerText.partnerDescription(rng, context, w.rich),
    businessModelId: model.id,
    revenueRangeId: revenue ? (w.look.revenueId.get(revenue) ?? null) : null,
    foundedYear,
    teamSize,
  });
  const home = subject.places.countries[0]!.name;
  const titles = ["Managing Director", `Country Manager, ${home}`, "Senior Consultant", "Head of Client Services"];
  return { stage: null, taglineFrame: taglineFrameOf(subject, "partner", frame), titles, faqs: [], useCases: [], steps: [], rounds: [] };
}

export const WRITERS: Record<ListingType, (listing: GeneratedListing["listing"], subject: Subject, w: Writing) => TypeText> = {
  startup: writeStartup,
  investor: writeInvestor,
  partner: writePartner,
};
