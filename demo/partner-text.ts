/**
 * A partner firm's profile text from its service, home market, sectors and business model (company-facts.ts).
 * Taglines come from TAGLINES, chosen like the startups'.
 */
import type { TeamSize } from "./company-facts.ts";
import type { PartnerKind } from "./firm-facts.ts";
import type { Random } from "./random.ts";
import type { SectorWords } from "./sector-words.ts";
import { andList, cap, count, fill, withArticle } from "./text-kit.ts";

export interface PartnerContext {
  name: string;
  kind: PartnerKind;
  /** Sector labels in running text, the main one first. */
  sectors: readonly string[];
  /** Where the firm works: its home market first. */
  country: string;
  countries: readonly string[];
  region: string;
  /** "enter Japan". */
  goal: string;
  model: string;
  foundedYear: number;
  teamSize: TeamSize;
  clients: number;
  /** Where its clients come from. */
  origin: string;
}

const ORIGINS = ["Europe", "North America", "Asia", "Australia", "Africa", "the Middle East", "Latin America"];

export function partnerContext(
  rng: Random,
  name: string,
  kind: PartnerKind,
  sectors: readonly SectorWords[],
  countries: readonly string[],
  region: string,
  model: string,
  foundedYear: number,
  teamSize: TeamSize,
): PartnerContext {
  const size = teamSize === "1-10" ? [8, 40] : teamSize === "11-50" ? [30, 150] : [100, 600];
  return {
    name,
    kind,
    sectors: sectors.map((s) => s.label),
    country: countries[0]!,
    countries,
    region,
    goal: fill(kind.goal, { country: countries[0]! }),
    model,
    foundedYear,
    teamSize,
    clients: rng.int(size[0]!, size[1]!),
    origin: rng.pick(ORIGINS.filter((o) => o !== region)),
  };
}

const sector = (c: PartnerContext) => c.sectors[0]!;
const sectors = (c: PartnerContext) => andList(c.sectors.slice(0, 2));
const places = (c: PartnerContext) => andList(c.countries.slice(0, 2));
const deliverables = (c: PartnerContext) => andList(c.kind.deliverables);
const years = (c: PartnerContext) => Math.max(2, 2026 - c.foundedYear);

/** How the firm charges, short, by business model code. */
const MODEL_SHORT: Readonly<Record<string, string>> = {
  retainer: "on a monthly retainer",
  retainer_plus_success: "with a retainer and a success fee",
  success_only: "paid only on success",
};
const modelShort = (c: PartnerContext) => MODEL_SHORT[c.model] ?? "on a monthly retainer";
const teamWord = (c: PartnerContext) => (c.teamSize === "1-10" ? "small" : c.teamSize === "11-50" ? "mid-sized" : "large");

export const TAGLINES: ReadonlyArray<(c: PartnerContext) => string> = [
  (c) => `${cap(c.kind.service)} for ${sectors(c)} companies in ${places(c)}`,
  (c) => `We help ${sector(c)} teams ${c.goal}`,
  (c) => `Your partner to ${c.goal}`,
  (c) => `${cap(c.kind.service)} in ${c.region}, ${modelShort(c)}`,
  (c) => `Helping ${sector(c)} companies ${c.goal}, ${modelShort(c)}`,
  (c) => `${cap(c.kind.service)} from a team on the ground in ${c.country}`,
  (c) => `${cap(c.goal)} with a local team that has done it before`,
  (c) => `${cap(c.kind.deliverables[0]!)} and ${c.kind.deliverables[1]} for companies new to ${c.country}`,
  (c) => `On-the-ground ${c.kind.service} across ${c.region}`,
  (c) => `${years(c)} years of ${c.kind.service} in ${c.country}`,
  (c) => `${cap(sector(c))} specialists for ${c.kind.service} in ${c.region}`,
  (c) => `${cap(c.kind.service)}, measured by results rather than hours`,
  (c) => `The ${sector(c)} team's partner in ${c.country}`,
  (c) => `We open doors for ${sector(c)} companies in ${places(c)}`,
  (c) => `${cap(deliverables(c))}, handled locally`,
  (c) => `Bringing ${sectors(c)} companies to ${places(c)}`,
  (c) => `${cap(c.kind.service)} for founders expanding into ${c.region}`,
  (c) => `${cap(withArticle(teamWord(c)))} team helping ${sector(c)} companies ${c.goal}`,
  (c) => `Trusted by ${count(c.clients)} companies that wanted to ${c.goal}`,
  (c) => `${cap(c.goal)} without opening an office first`,
  (c) => `Your ${sector(c)} launch in ${c.country}, planned and run locally`,
  (c) => `Local knowledge for ${sector(c)} companies going to ${c.country}`,
  (c) => `Experienced hands for ${c.kind.service} in ${places(c)}`,
  (c) => `Helping ${sector(c)} companies ${c.goal} since ${c.foundedYear}`,
  (c) => `${cap(c.kind.service)} for companies from ${c.origin}`,
  (c) => `From ${c.origin} to ${c.country}: ${c.kind.service} for ${sector(c)}`,
  (c) => `A ${c.country}-based firm for ${c.kind.service}`,
  (c) => `${cap(c.kind.service)} that starts with a plan and ends with ${c.kind.deliverables.at(-1)}`,
  (c) => `${cap(sectors(c))} companies ${c.goal} with us`,
  (c) => `Independent advisers for ${c.kind.service} in ${c.region}`,
];

const OPENINGS: ReadonlyArray<(c: PartnerContext) => string> = [
  (c) => `${c.name} helps ${sectors(c)} companies ${c.goal}.`,
  (c) => `${c.name} is ${withArticle(teamWord(c))} firm in ${c.country} offering ${c.kind.service} to ${sector(c)} companies.`,
  (c) => `Since ${c.foundedYear}, ${c.name} has helped companies from ${c.origin} ${c.goal}.`,
];

const SCOPES: ReadonlyArray<(c: PartnerContext) => string> = [
  (c) => `Typical projects cover ${deliverables(c)}.`,
  (c) => `Clients get ${deliverables(c)}, from one team.`,
  (c) => `Its work covers ${deliverables(c)} in ${places(c)}.`,
];

const MODELS: Readonly<Record<string, readonly string[]>> = {
  retainer: [
    "Engagements run on a monthly retainer, agreed three to six months at a time.",
    "Clients pay a fixed monthly retainer for a dedicated team.",
  ],
  retainer_plus_success: [
    "Fees combine a modest monthly retainer with a success fee when the agreed goal is reached.",
    "It charges a small retainer plus a success fee, so its income follows the client's results.",
  ],
  success_only: [
    "It works on a success fee only: clients pay when the agreed result is reached.",
    "There is no retainer; the firm is paid only when a project reaches its goal.",
  ],
};

export function partnerDescription(rng: Random, c: PartnerContext, rich: boolean): string {
  const opening = rng.pick(OPENINGS)(c);
  const model = rng.pick(MODELS[c.model] ?? MODELS.retainer!);
  if (!rich) return `${opening} ${model}`;
  const record = `It has worked with ${count(c.clients)} clients, most of them from ${c.origin}.`;
  return `${opening} ${rng.pick(SCOPES)(c)} ${model} ${record}`;
}
