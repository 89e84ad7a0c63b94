/**
 * An investor's profile text from its kind, stages, ticket, sectors and markets (company-facts.ts), so the tagline and
 * the description say what the listing's fields say. Taglines come from TAGLINES, chosen like the startups'.
 */
import type { InvestorFacts, InvestorKind } from "./firm-facts.ts";
import type { Random } from "./random.ts";
import type { SectorWords } from "./sector-words.ts";
import { andList, cap, count, dollars, withArticle } from "./text-kit.ts";

export interface InvestorContext {
  name: string;
  kind: InvestorKind;
  facts: InvestorFacts;
  /** Sector labels in running text, the main one first. */
  sectors: readonly string[];
  words: SectorWords;
  country: string;
  countries: readonly string[];
  region: string;
  /** "teams helping grain farms plan harvests six weeks earlier": what it looks for. */
  thesis: string;
  /** What founders get besides money, as verb phrases and as a noun phrase. */
  help: string;
  helpNoun: string;
}

const HELP: ReadonlyArray<readonly [string, string]> = [
  ["hire their first ten engineers", "hiring support"],
  ["find their first enterprise customers", "customer introductions"],
  ["price and package their product", "pricing advice"],
  ["expand into new countries", "help with international expansion"],
  ["prepare for the next round", "fundraising support"],
  ["build a board that helps", "board experience"],
  ["set up finance and reporting", "finance and reporting help"],
  ["sell to large companies", "enterprise sales coaching"],
];

export function investorContext(
  rng: Random,
  name: string,
  kind: InvestorKind,
  facts: InvestorFacts,
  sectors: readonly SectorWords[],
  countries: readonly string[],
  region: string,
): InvestorContext {
  const words = sectors[0]!;
  const offer = rng.pick(words.offers);
  const [help, helpNoun] = rng.pick(HELP);
  return {
    name,
    kind,
    facts,
    sectors: sectors.map((s) => s.label),
    words,
    country: countries[0]!,
    countries,
    region,
    thesis: `teams helping ${rng.pick(offer.customers)} ${rng.pick(offer.outcomes)}`,
    help,
    helpNoun,
  };
}

/** "pre-seed and seed", "Series B to Series D+": the focus inside a sentence. */
function stages(c: InvestorContext): string {
  const [from, to] = c.facts.focus;
  const lower = (stage: string) => (stage === "Pre-Seed" ? "pre-seed" : stage === "Seed" ? "seed" : stage === "Growth" ? "growth" : stage);
  if (from === to) return lower(from);
  return `${lower(from)} ${c.facts.focus[1] === "Seed" || c.facts.focus[1] === "Series A" ? "and" : "to"} ${lower(to)}`;
}
const firstStage = (c: InvestorContext) => stages(c).split(/ (and|to) /)[0]!;
const ticket = (c: InvestorContext) => c.facts.ticketSize.replace(" - ", " to ");
const sectors = (c: InvestorContext) => andList(c.sectors.slice(0, 2));
const sector = (c: InvestorContext) => c.sectors[0]!;

export const TAGLINES: ReadonlyArray<(c: InvestorContext) => string> = [
  (c) => `${cap(stages(c))} investor in ${sectors(c)} across ${c.region}`,
  (c) => `Backing ${sector(c)} founders at ${stages(c)}`,
  (c) => `${ticket(c)} checks for ${firstStage(c)} ${sectors(c)} companies`,
  (c) => `Investing in ${c.thesis}`,
  (c) => `${cap(c.kind.noun)} for ${sectors(c)} founders in ${c.region}`,
  (c) => `We back ${sectors(c)} companies at ${stages(c)}`,
  (c) => `${ticket(c)} into ${sector(c)} companies at ${stages(c)}`,
  (c) => `Patient capital for ${sector(c)} at ${stages(c)}`,
  (c) => `${cap(withArticle(sector(c)))}-focused ${c.kind.noun} in ${c.country}`,
  (c) => `Helping ${sector(c)} founders ${c.help}`,
  (c) => `${cap(sectors(c))} investors, ${stages(c)}`,
  (c) => `Leading and joining ${firstStage(c)} rounds in ${sectors(c)}`,
  (c) => `${cap(stages(c))} capital for ${c.thesis}`,
  (c) => `Former operators backing ${sector(c)} teams at ${stages(c)}`,
  (c) => `${cap(withArticle(c.kind.noun))} focused on ${sectors(c)} in ${c.region}`,
  (c) => `${ticket(c)} for ${sector(c)} teams building in ${c.country}`,
  (c) => `Backing ${c.thesis}`,
  (c) => `${cap(sectors(c))}, ${stages(c)}, ${c.region}`,
  (c) => `We invest ${ticket(c)} in ${firstStage(c)} ${sector(c)} companies`,
  (c) => `Hands-on ${stages(c)} investors for ${sector(c)}`,
  (c) => `Capital and ${c.helpNoun} for ${sector(c)} founders`,
  (c) => `Investing in ${sector(c)} across ${c.region}, from an office in ${c.country}`,
  (c) => `${cap(c.kind.noun)} backing ${c.thesis}`,
  (c) => `Long-term partners for ${sector(c)} founders at ${stages(c)}`,
  (c) => `${cap(sector(c))} investors with ${count(c.facts.portfolio)} companies and counting`,
  (c) => `We write ${ticket(c)} checks at ${stages(c)}`,
  (c) => `${cap(stages(c))} rounds in ${sectors(c)}, led from ${c.country}`,
  (c) => `Investors for ${sectors(c)} teams who want ${c.helpNoun}`,
  (c) => `Early believers in ${c.thesis}`,
  (c) => `${cap(c.kind.noun)} for ${sector(c)} companies in ${andList(c.countries.slice(0, 2))}`,
];

const OPENINGS: ReadonlyArray<(c: InvestorContext) => string> = [
  (c) => `${c.name} is ${withArticle(c.kind.noun)} based in ${c.country}, investing ${ticket(c)} in ${stages(c)} companies.`,
  (c) => `Founded in ${c.facts.foundedYear}, ${c.name} is ${withArticle(c.kind.noun)} focused on ${andList(c.sectors)}.`,
  (c) => `${c.name} backs ${sectors(c)} founders at ${stages(c)}, with checks of ${ticket(c)}.`,
  (c) => `${c.name} invests in ${andList(c.sectors)} companies across ${c.region}, from ${stages(c).replace(" and ", " to ")}.`,
];

const THESES: ReadonlyArray<(c: InvestorContext) => string> = [
  (c) => `It looks for ${c.thesis}.`,
  (c) => `The partners are especially interested in ${c.thesis}.`,
  (c) => `A typical investment: ${c.thesis}, with early customers in ${andList(c.countries.slice(0, 2))}.`,
];

/** What each kind of investor says about how it works. */
const HOW: Readonly<Record<string, ReadonlyArray<(c: InvestorContext) => string>>> = {
  angels: [
    () => `Members invest individually, and one lead member joins each company as an advisor.`,
    (c) => `Its members are founders and executives who have built ${c.words.label} companies themselves.`,
  ],
  accelerator: [
    () => `Each cohort runs for twelve weeks and ends with a demo day for investors.`,
    (c) => `Companies get a small check, office hours with mentors from ${c.words.label}, and a demo day.`,
  ],
  "seed-fund": [
    () => `It is often the first institutional investor and stays close to founders until their Series A.`,
    () => `It leads or co-leads rounds and keeps reserves for follow-on investments.`,
  ],
  "early-vc": [
    () => `It usually leads rounds and takes a board seat.`,
    () => `It leads most of its investments and reserves capital to follow on in later rounds.`,
  ],
  "growth-vc": [
    () => `It invests in companies with proven revenue that are ready to scale across borders.`,
    () => `It joins companies when they have product-market fit and helps them grow into category leaders.`,
  ],
  cvc: [
    (c) => `As the venture arm of a ${c.words.label} group, it offers portfolio companies pilots with its business units.`,
    () => `Portfolio companies get access to the parent group's customers, data and distribution.`,
  ],
  "family-office": [
    () => `It invests from its own balance sheet, with no fund deadline forcing an exit.`,
    () => `It takes a long view and often holds its positions for a decade or more.`,
  ],
};

export function investorDescription(rng: Random, c: InvestorContext, rich: boolean): string {
  const opening = rng.pick(OPENINGS)(c);
  const since = opening.includes(String(c.facts.foundedYear)) ? "so far" : `since ${c.facts.foundedYear}`;
  const record = `It has backed ${count(c.facts.portfolio)} companies ${since}${c.facts.aum ? ` and manages ${dollars(c.facts.aum)}` : ""}.`;
  if (!rich) return `${opening} ${record}`;
  const how = rng.pick(HOW[c.kind.key] ?? HOW["early-vc"]!)(c);
  const help = `Beyond capital, it helps founders ${c.help}.`;
  return `${opening} ${rng.pick(THESES)(c)} ${how} ${rng.chance(0.5) ? help : record}`;
}
