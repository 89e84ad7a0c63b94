/**
 * Facts of demo investors and partner firms that must agree with each other: an investor's type, stage focus, ticket
 * and fund size follow from its kind; a partner's revenue from its size.
 */
import { REFERENCE_DATE, STAGE_AFTER, stageIndex, type RoundType, type Stage, type TeamSize } from "./company-facts.ts";
import type { Random } from "./random.ts";

/** What kind of investor a listing is; its stages, ticket and fund size follow from it. */
export interface InvestorKind {
  key: string;
  /** The listing's investor type. */
  investorType: "Angel Network" | "Accelerator" | "Venture Capital" | "Corporate VC" | "Family Office";
  /** How it describes itself: "seed fund", "angel network". */
  noun: string;
  /** First and last stage of its focus, as options. */
  focus: ReadonlyArray<readonly [Stage, Stage]>;
  tickets: readonly string[];
  /** Assets under management in US dollars; null when the kind has no fund of its own. */
  aum: readonly [number, number] | null;
  suffixes: readonly string[];
  teamSizes: readonly TeamSize[];
  /** Founding years as [earliest, latest]. */
  founded: readonly [number, number];
  weight: number;
}

export const INVESTOR_KINDS: readonly InvestorKind[] = [
  {
    key: "angels",
    investorType: "Angel Network",
    noun: "angel network",
    focus: [["Pre-Seed", "Seed"]],
    tickets: ["$50K - $250K"],
    aum: null,
    suffixes: ["Angels", "Syndicate", "Circle"],
    teamSizes: ["1-10"],
    founded: [2008, 2024],
    weight: 14,
  },
  {
    key: "accelerator",
    investorType: "Accelerator",
    noun: "accelerator",
    focus: [
      ["Pre-Seed", "Pre-Seed"],
      ["Pre-Seed", "Seed"],
    ],
    tickets: ["$50K - $250K"],
    aum: [5_000_000, 60_000_000],
    suffixes: ["Accelerator", "Launchpad", "Foundry"],
    teamSizes: ["1-10", "11-50"],
    founded: [2010, 2024],
    weight: 10,
  },
  {
    key: "seed-fund",
    investorType: "Venture Capital",
    noun: "seed fund",
    focus: [["Pre-Seed", "Seed"]],
    tickets: ["$250K - $1M"],
    aum: [25_000_000, 150_000_000],
    suffixes: ["Ventures", "Seed", "Capital"],
    teamSizes: ["1-10"],
    founded: [2012, 2024],
    weight: 20,
  },
  {
    key: "early-vc",
    investorType: "Venture Capital",
    noun: "early-stage venture fund",
    focus: [
      ["Seed", "Series A"],
      ["Series A", "Series B"],
    ],
    tickets: ["$1M - $5M"],
    aum: [100_000_000, 600_000_000],
    suffixes: ["Ventures", "Capital", "Partners"],
    teamSizes: ["11-50"],
    founded: [2000, 2021],
    weight: 22,
  },
  {
    key: "growth-vc",
    investorType: "Venture Capital",
    noun: "growth fund",
    focus: [
      ["Series B", "Series D+"],
      ["Series C", "Growth"],
    ],
    tickets: ["$5M - $20M", "$20M+"],
    aum: [500_000_000, 4_000_000_000],
    suffixes: ["Growth", "Capital", "Partners"],
    teamSizes: ["11-50", "51-200"],
    founded: [1995, 2018],
    weight: 10,
  },
  {
    key: "cvc",
    investorType: "Corporate VC",
    noun: "corporate venture fund",
    focus: [["Series A", "Series C"]],
    tickets: ["$1M - $5M", "$5M - $20M"],
    aum: [100_000_000, 1_000_000_000],
    suffixes: ["Ventures", "Innovation"],
    teamSizes: ["11-50"],
    founded: [2005, 2023],
    weight: 12,
  },
  {
    key: "family-office",
    investorType: "Family Office",
    noun: "family office",
    focus: [
      ["Series B", "Growth"],
      ["Series A", "Series C"],
    ],
    tickets: ["$5M - $20M", "$20M+"],
    aum: [300_000_000, 5_000_000_000],
    suffixes: ["Family Office", "Investments", "Trust"],
    teamSizes: ["1-10", "11-50"],
    founded: [1995, 2020],
    weight: 12,
  },
];

export interface InvestorFacts {
  focus: readonly [Stage, Stage];
  ticketSize: string;
  aum: number | null;
  teamSize: TeamSize;
  foundedYear: number;
  /** Companies backed so far: older and larger investors have more. */
  portfolio: number;
}

/** `focus` is the index of the kind's focus option, chosen beforehand (rounds name investors by their focus). */
export function investorFacts(rng: Random, kind: InvestorKind, focus: number, listedBy: Date): InvestorFacts {
  const foundedYear = Math.min(rng.int(...kind.founded), listedBy.getUTCFullYear() - 1);
  const aum = kind.aum
    ? Math.round(Math.exp(Math.log(kind.aum[0]) + rng.next() * (Math.log(kind.aum[1]) - Math.log(kind.aum[0]))) / 5_000_000) * 5_000_000
    : null;
  const years = REFERENCE_DATE.getUTCFullYear() - foundedYear;
  const perYear = kind.key === "angels" || kind.key === "accelerator" ? [6, 20] : kind.key === "seed-fund" ? [4, 10] : [2, 6];
  return {
    focus: kind.focus[focus] ?? kind.focus[0]!,
    ticketSize: rng.pick(kind.tickets),
    aum,
    teamSize: rng.pick(kind.teamSizes),
    foundedYear,
    portfolio: Math.max(3, years * rng.int(perYear[0]!, perYear[1]!)),
  };
}

/** Whether an investor whose focus runs from `focus[0]` to `focus[1]` takes part in a round of this type. */
export function investsIn(focus: readonly [Stage, Stage], round: RoundType): boolean {
  const at = stageIndex(STAGE_AFTER[round]);
  return stageIndex(focus[0]) <= at && at <= stageIndex(focus[1]);
}

/** "Pre-Seed to Seed", or one stage alone. */
export function stageFocusText(focus: readonly [Stage, Stage]): string {
  return focus[0] === focus[1] ? focus[0] : `${focus[0]} to ${focus[1]}`;
}

/** What a partner firm does for the companies it serves. */
export interface PartnerKind {
  key: string;
  /** Noun phrase: "market entry support". */
  service: string;
  /** Verb phrase for clients, with {country}: "enter {country}". */
  goal: string;
  /** What clients get, a noun phrase list. */
  deliverables: readonly string[];
  suffixes: readonly string[];
  weight: number;
}

export const PARTNER_KINDS: readonly PartnerKind[] = [
  {
    key: "market-entry",
    service: "market entry support",
    goal: "enter {country}",
    deliverables: ["market sizing", "partner shortlists", "pricing studies", "first customer meetings"],
    suffixes: ["Market Entry", "Gateway", "Bridge"],
    weight: 26,
  },
  {
    key: "localization",
    service: "product and content localization",
    goal: "launch a product in {country}",
    deliverables: ["translated product and support content", "local payment and tax setup", "in-market user testing"],
    suffixes: ["Localization", "Translate", "Lingua"],
    weight: 14,
  },
  {
    key: "regulatory",
    service: "regulatory and licensing advice",
    goal: "get licensed in {country}",
    deliverables: ["license applications", "meetings with regulators", "compliance policies"],
    suffixes: ["Advisory", "Compliance", "Counsel"],
    weight: 14,
  },
  {
    key: "distribution",
    service: "distribution and channel partnerships",
    goal: "find resellers and distributors in {country}",
    deliverables: ["distributor searches", "channel agreements", "joint sales plans"],
    suffixes: ["Channels", "Distribution", "Alliances"],
    weight: 14,
  },
  {
    key: "hiring",
    service: "local hiring and employer-of-record services",
    goal: "hire a first team in {country}",
    deliverables: ["recruiting", "employment contracts", "payroll and benefits"],
    suffixes: ["Talent", "Staffing", "People"],
    weight: 10,
  },
  {
    key: "corporate",
    service: "corporate partnership matchmaking",
    goal: "sign pilots with large companies in {country}",
    deliverables: ["introductions to innovation teams", "pilot design", "procurement guidance"],
    suffixes: ["Consulting", "Associates", "Catalyst"],
    weight: 12,
  },
  {
    key: "grants",
    service: "public funding and grant applications",
    goal: "win public funding in {country}",
    deliverables: ["grant searches", "application writing", "reporting to funders"],
    suffixes: ["Grants", "Funding Advisors"],
    weight: 10,
  },
];

export const PARTNER_TEAM: ReadonlyArray<readonly [TeamSize, number]> = [
  ["1-10", 5],
  ["11-50", 4],
  ["51-200", 1],
];

const PARTNER_REVENUE: Readonly<Partial<Record<TeamSize, ReadonlyArray<readonly [string, number]>>>> = {
  "1-10": [
    ["less_than_100k", 1],
    ["100k_to_1m", 3],
  ],
  "11-50": [
    ["100k_to_1m", 1],
    ["1m_to_5m", 2],
  ],
  "51-200": [
    ["1m_to_5m", 1],
    ["5m_to_10m", 1],
  ],
};

export function partnerRevenue(rng: Random, teamSize: TeamSize): string | null {
  return rng.chance(0.15) ? null : rng.weighted(PARTNER_REVENUE[teamSize] ?? PARTNER_REVENUE["11-50"]!);
}
