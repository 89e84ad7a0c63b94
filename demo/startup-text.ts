/**
 * A startup's profile text, built from one offer of its sector (sector-words.ts) so the tagline, description,
 * problem, solution, FAQs, use cases and steps describe one company. Taglines come from TAGLINES, chosen by the
 * generator so that neighbouring cards in the directory never share a frame.
 */
import type { StartupFacts, Stage } from "./company-facts.ts";
import type { Random } from "./random.ts";
import type { Offer, SectorWords } from "./sector-words.ts";
import { andList, cap, count, fill, withArticle } from "./text-kit.ts";

export interface StartupContext {
  name: string;
  words: SectorWords;
  offer: Offer;
  customers: string;
  outcome: string;
  /** The offer's other outcome. */
  secondOutcome: string;
  country: string;
  countries: readonly string[];
  region: string;
  founders: string;
  facts: StartupFacts;
}

export function startupContext(
  rng: Random,
  name: string,
  words: SectorWords,
  offer: Offer,
  countries: readonly string[],
  region: string,
  facts: StartupFacts,
  customers?: string,
): StartupContext {
  const outcomes = rng.sample(offer.outcomes, 2);
  const picked = rng.pick(offer.customers);
  return {
    name,
    words,
    offer,
    customers: customers ?? picked,
    outcome: outcomes[0]!,
    secondOutcome: outcomes[1] ?? outcomes[0]!,
    country: countries[0]!,
    countries,
    region,
    founders: rng.pick(words.founders),
    facts,
  };
}

const a = (c: StartupContext) => withArticle(c.offer.product);

/** Tagline frames: at least 30, so any 25 neighbouring cards of one type can each have their own. */
export const TAGLINES: ReadonlyArray<(c: StartupContext) => string> = [
  (c) => `${cap(a(c))} for ${c.customers}`,
  (c) => `Helping ${c.customers} ${c.outcome}`,
  (c) => `${cap(c.outcome)} with ${c.offer.method}`,
  (c) => `${cap(c.offer.product)} built on ${c.offer.method}`,
  (c) => `${cap(c.customers)} use ${c.name} to ${c.outcome}`,
  (c) => `${cap(a(c))} that helps ${c.customers} ${c.outcome}`,
  (c) => `So ${c.customers} can ${c.outcome}`,
  (c) => `${cap(a(c))} for ${c.customers} in ${c.country}`,
  (c) => `${cap(c.offer.method)}, turned into ${a(c)}`,
  (c) => `Replacing ${c.offer.oldWay} for ${c.customers}`,
  (c) => `${cap(c.outcome)}. No more ${c.offer.oldWay}.`,
  (c) => `${cap(a(c))} ${c.customers} can set up in a day`,
  (c) => `Built by ${c.founders} for ${c.customers}`,
  (c) => `${cap(c.offer.product)} for ${c.customers}, without ${c.offer.oldWay}`,
  (c) => `Where ${c.customers} go to ${c.outcome}`,
  (c) => `${cap(a(c))} already used by ${count(c.facts.customers)} ${c.customers}`,
  (c) => `${cap(c.outcome)}, anywhere in ${c.region}`,
  (c) => `One place for ${c.customers} to ${c.outcome}`,
  (c) => `${cap(c.offer.product)}, designed with ${c.customers}`,
  (c) => `${cap(c.offer.method)} for ${c.customers} who want to ${c.outcome}`,
  (c) => `${cap(c.offer.product)}, rebuilt from scratch for ${c.customers}`,
  (c) => `For ${c.customers} who need to ${c.outcome}`,
  (c) => `${cap(a(c))} made in ${c.country}`,
  (c) => `${cap(a(c))} instead of ${c.offer.oldWay}`,
  (c) => `We help ${c.customers} ${c.outcome}`,
  (c) => `${cap(c.outcome)}, with ${c.offer.method} doing the heavy lifting`,
  (c) => `${cap(a(c))} that ${c.customers} actually use`,
  (c) => `The fastest way for ${c.customers} to ${c.outcome}`,
  (c) => `${cap(c.customers)} deserve better than ${c.offer.oldWay}`,
  (c) => `${cap(c.outcome)}: ${a(c)} for ${c.customers}`,
  (c) => `${cap(a(c))} for ${c.customers} across ${c.region}`,
];

/** "a seed-stage company", "a Series B company", said of the stage in running text. */
function stagePhrase(stage: Stage): string {
  if (stage === "Pre-Seed") return "a pre-seed company";
  if (stage === "Seed") return "a seed-stage company";
  if (stage === "Series D+") return "a late-stage company";
  if (stage === "Growth") return "an established, growth-stage company";
  return `a ${stage} company`;
}

function markets(c: StartupContext): string {
  return andList(c.countries.slice(0, 3));
}

/** A proof sentence; thousands of customers are not claimed for the home country alone. */
function proof(rng: Random, c: StartupContext): string {
  const proofs = c.facts.customers >= 500 ? c.words.proofs.filter((p) => !(p.includes("{n}") && p.includes("{country}"))) : c.words.proofs;
  return fill(rng.pick(proofs.length ? proofs : c.words.proofs), { n: count(c.facts.customers), country: c.country });
}

const OPENINGS: ReadonlyArray<(c: StartupContext) => string> = [
  (c) => `${c.name} makes ${a(c)} for ${c.customers} in ${markets(c)}.`,
  (c) => `${c.name} is ${a(c)} that helps ${c.customers} ${c.outcome}.`,
  (c) => `${cap(c.customers)} use ${c.name} to ${c.outcome}.`,
  (c) => `Founded in ${c.facts.foundedYear}, ${c.name} builds ${a(c)} for ${c.customers}.`,
  (c) => `${c.name} gives ${c.customers} ${a(c)}, so they can ${c.outcome}.`,
  (c) => `${c.name} is ${withArticle(c.words.label)} company building ${a(c)} for ${c.customers}.`,
];

const APPROACHES: ReadonlyArray<(c: StartupContext) => string> = [
  (c) => `The product is built on ${c.offer.method}.`,
  (c) => `Instead of ${c.offer.oldWay}, customers get ${c.offer.method}.`,
  (c) => `It relies on ${c.offer.method}; customers can also ${c.secondOutcome}.`,
  (c) => `Its approach: ${c.offer.method}, set up in days rather than months.`,
  (c) => `Under the hood it uses ${c.offer.method} in place of ${c.offer.oldWay}.`,
];

const ORIGINS: ReadonlyArray<(c: StartupContext) => string> = [
  (c) => `The company was founded in ${c.facts.foundedYear} by ${c.founders} and is based in ${c.country}.`,
  (c) =>
    c.countries.length > 1
      ? `Founded by ${c.founders}, it started in ${c.country} and now works with customers in ${andList(c.countries.slice(1, 3))} as well.`
      : `Founded by ${c.founders}, it is based in ${c.country}.`,
  (c) => `${c.name} was started in ${c.facts.foundedYear} by ${c.founders} who had seen the problem first-hand.`,
  (c) => `It is ${stagePhrase(c.facts.stage)} founded in ${c.facts.foundedYear} by ${c.founders}.`,
];

/** Four sentences for a rich listing, two for a sparse one; the founding year is said at most once. */
export function startupDescription(rng: Random, c: StartupContext, rich: boolean): string {
  const opening = rng.pick(OPENINGS)(c);
  const year = String(c.facts.foundedYear);
  const origins = opening.includes(year) ? ORIGINS.filter((origin) => !origin(c).includes(year)) : ORIGINS;
  const origin = rng.pick(origins)(c);
  if (!rich) return `${opening} ${rng.chance(0.5) ? proof(rng, c) : origin}`;
  return `${opening} ${rng.pick(APPROACHES)(c)} ${proof(rng, c)} ${origin}`;
}

export function startupProblem(c: StartupContext): string {
  return `${c.offer.pain} Most ${c.customers} still rely on ${c.offer.oldWay}.`;
}

const SOLUTIONS: ReadonlyArray<(c: StartupContext) => string> = [
  (c) => `With ${c.name}, ${c.customers} ${c.outcome} and ${c.secondOutcome}. It runs on ${c.offer.method}.`,
  (c) => `${c.name} replaces ${c.offer.oldWay} with ${c.offer.method}, so ${c.customers} can ${c.outcome}.`,
  (c) => `${c.name} brings ${c.offer.method} to ${c.customers}. The result: they ${c.outcome} and ${c.secondOutcome}.`,
];

/** Solutions end on a sentence of their own, which no other field of the profile repeats. */
const CLOSERS = [
  "Setup takes days, and most teams see the difference within their first month.",
  "It works alongside the tools customers already have, so nobody has to switch systems.",
  "Every change is measured, so the gains are easy to show to a budget holder.",
  "Pricing grows with usage, so a small team can start without a big commitment.",
];

export function startupSolution(rng: Random, c: StartupContext): string {
  return `${rng.pick(SOLUTIONS)(c)} ${rng.pick(CLOSERS)}`;
}

export function startupTiming(rng: Random, c: StartupContext): string {
  const reason = rng.pick(c.words.timing);
  return rng.chance(0.5) ? reason : `${reason} ${cap(c.customers)} in ${c.region} are among the first to move.`;
}

type Faq = { question: string; answer: string };
const FAQS: ReadonlyArray<(rng: Random, c: StartupContext) => Faq> = [
  (rng, c) => ({
    question: rng.pick([`Who is ${c.name} for?`, `Which customers does ${c.name} work with?`]),
    answer: `${cap(andList(c.offer.customers))}, mostly in ${markets(c)}.`,
  }),
  (rng, c) => ({
    question: rng.pick(["How is it priced?", "How does pricing work?"]),
    answer: rng.pick([
      `A subscription ${rng.pick(c.words.units)}, after a paid pilot of ${rng.int(4, 12)} weeks.`,
      `Pricing is ${rng.pick(c.words.units)}, billed yearly, with volume discounts.`,
      `There is a free trial; after that, pricing is ${rng.pick(c.words.units)}.`,
    ]),
  }),
  (rng, c) => {
    const tools = andList(rng.sample(c.words.integrations, 2));
    return rng.chance(0.5)
      ? {
          question: "Does it work with our existing tools?",
          answer: `Yes. It connects to ${tools}, and there is an open API for the rest.`,
        }
      : { question: `What does ${c.name} connect to?`, answer: `It connects to ${tools}, and there is an open API for the rest.` };
  },
  (rng, c) => ({
    question: rng.pick(["How long does it take to get started?", "How long is onboarding?"]),
    answer: `Most customers are live within ${rng.int(2, 6)} weeks; the first step is ${c.offer.useCases[0]!.title.toLowerCase()}.`,
  }),
  (rng, c) => ({
    question: rng.pick(["How do you handle our data?", "Is our data safe with you?"]),
    answer: `Data is encrypted in transit and at rest, stored in ${c.region === "Europe" || c.region === "Central and Eastern Europe" ? "the EU" : "the customer's region"}, and handled in line with ${c.words.compliance}.`,
  }),
  (_, c) => ({
    question: `How is this different from ${c.offer.oldWay}?`,
    answer: `${cap(c.offer.oldWay)} cannot keep up. ${c.name} uses ${c.offer.method}, so ${c.customers} can ${c.secondOutcome}.`,
  }),
];

export function startupFaqs(rng: Random, c: StartupContext): Faq[] {
  return rng.sample(FAQS, 3).map((faq) => faq(rng, c));
}

export function startupUseCases(c: StartupContext): Array<{ title: string; description: string }> {
  return c.offer.useCases.map((useCase) => ({ ...useCase }));
}

export function startupSteps(rng: Random, c: StartupContext): string[] {
  const [integration] = rng.sample(c.words.integrations, 1);
  return [
    rng.pick([
      `Connect ${c.name} to your ${integration}.`,
      `Invite your team and connect your ${integration}.`,
      `Book a call and share a sample of your data.`,
    ]),
    rng.pick([
      `Start with ${c.offer.useCases[0]!.title.toLowerCase()}, usually the quickest win.`,
      `The ${c.name} team sets everything up with you, usually within a few days.`,
    ]),
    rng.pick([
      `See the first results within ${rng.int(2, 6)} weeks and decide where to roll it out next.`,
      `Add ${c.offer.useCases[1]!.title.toLowerCase()} once the first workflow runs on its own.`,
      `A weekly summary shows what changed and what needs attention.`,
    ]),
  ];
}
