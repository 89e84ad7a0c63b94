/**
 * Facts of a demo startup that must agree with each other: founding date, funding stage, funding rounds (in ladder
 * order, dated after the founding and before the reference date, with amounts typical of their type), team size and
 * revenue for the stage. Investors and partners are in firm-facts.ts.
 */
import type { Random } from "./random.ts";

/**
 * The demo's "today" for facts: no founding or round is dated after it. Fixed, so the same seed gives the same
 * data on every run; listings' created_at still follows the clock (the back office's "added per month").
 */
export const REFERENCE_DATE = new Date(Date.UTC(2026, 9, 31));

/** The funding stages of reference-data.ts, in order. */
export type Stage = "Pre-Seed" | "Seed" | "Series A" | "Series B" | "Series C" | "Series D+" | "Growth";
export type RoundType = "pre-seed" | "seed" | "series-a" | "series-b" | "series-c" | "series-d";

export const ROUND_LADDER: readonly RoundType[] = ["pre-seed", "seed", "series-a", "series-b", "series-c", "series-d"];
/** The stage a company is at after a round of this type. Growth companies have outgrown the ladder. */
export const STAGE_AFTER: Readonly<Record<RoundType, Stage>> = {
  "pre-seed": "Pre-Seed",
  seed: "Seed",
  "series-a": "Series A",
  "series-b": "Series B",
  "series-c": "Series C",
  "series-d": "Series D+",
};
const STAGE_ORDER: readonly Stage[] = ["Pre-Seed", "Seed", "Series A", "Series B", "Series C", "Series D+", "Growth"];
export const stageIndex = (stage: Stage) => STAGE_ORDER.indexOf(stage);

/** Startups by stage: most directories are heavy at the early end. */
export const STARTUP_STAGES: ReadonlyArray<readonly [Stage, number]> = [
  ["Pre-Seed", 22],
  ["Seed", 30],
  ["Series A", 20],
  ["Series B", 11],
  ["Series C", 6],
  ["Series D+", 4],
  ["Growth", 7],
];

interface RoundRule {
  /** Typical range in US dollars; amounts are drawn evenly on a log scale and rounded to `step`. */
  amount: readonly [number, number];
  step: number;
  /** Months since the previous round (or since the founding, for a first round). */
  gap: readonly [number, number];
  firstGap: readonly [number, number];
}

export const ROUND_RULES: Readonly<Record<RoundType, RoundRule>> = {
  "pre-seed": { amount: [150_000, 1_500_000], step: 50_000, gap: [2, 14], firstGap: [2, 14] },
  seed: { amount: [1_000_000, 5_000_000], step: 100_000, gap: [8, 20], firstGap: [6, 24] },
  "series-a": { amount: [5_000_000, 25_000_000], step: 500_000, gap: [12, 26], firstGap: [18, 36] },
  "series-b": { amount: [18_000_000, 70_000_000], step: 1_000_000, gap: [14, 30], firstGap: [36, 60] },
  "series-c": { amount: [40_000_000, 150_000_000], step: 1_000_000, gap: [15, 32], firstGap: [48, 84] },
  "series-d": { amount: [80_000_000, 350_000_000], step: 5_000_000, gap: [16, 36], firstGap: [60, 96] },
};

const TEAM_SIZES = ["1-10", "11-50", "51-200", "201-500", "501-1000"] as const;
export type TeamSize = (typeof TEAM_SIZES)[number];

const STARTUP_TEAM: Readonly<Record<Stage, ReadonlyArray<readonly [TeamSize, number]>>> = {
  "Pre-Seed": [["1-10", 1]],
  Seed: [
    ["1-10", 6],
    ["11-50", 4],
  ],
  "Series A": [
    ["11-50", 3],
    ["51-200", 1],
  ],
  "Series B": [
    ["11-50", 1],
    ["51-200", 5],
    ["201-500", 1],
  ],
  "Series C": [
    ["51-200", 2],
    ["201-500", 3],
  ],
  "Series D+": [
    ["201-500", 1],
    ["501-1000", 1],
  ],
  Growth: [
    ["201-500", 2],
    ["501-1000", 3],
  ],
};

/** Revenue range codes of reference-data.ts by stage; null (not disclosed) is drawn separately. */
const STARTUP_REVENUE: Readonly<Record<Stage, ReadonlyArray<readonly [string, number]>>> = {
  "Pre-Seed": [["less_than_100k", 1]],
  Seed: [
    ["less_than_100k", 1],
    ["100k_to_1m", 1],
  ],
  "Series A": [
    ["100k_to_1m", 2],
    ["1m_to_5m", 3],
  ],
  "Series B": [
    ["1m_to_5m", 1],
    ["5m_to_10m", 1],
  ],
  "Series C": [
    ["5m_to_10m", 2],
    ["10m_to_50m", 3],
  ],
  "Series D+": [
    ["10m_to_50m", 3],
    ["more_than_50m", 2],
  ],
  Growth: [
    ["10m_to_50m", 2],
    ["more_than_50m", 3],
  ],
};

/** Customers, sites or users a company of this stage can plausibly claim ({n} in the proofs). */
const CUSTOMER_COUNT: Readonly<Record<Stage, readonly [number, number]>> = {
  "Pre-Seed": [3, 12],
  Seed: [8, 40],
  "Series A": [30, 200],
  "Series B": [120, 900],
  "Series C": [400, 3000],
  "Series D+": [1000, 8000],
  Growth: [2000, 15000],
};

export interface Round {
  roundType: RoundType;
  amount: number;
  /** YYYY-MM-DD */
  fundingDate: string;
}

export interface StartupFacts {
  stage: Stage;
  foundedYear: number;
  teamSize: TeamSize;
  revenueCode: string | null;
  /** Every round up to the stage, oldest first (none for Growth companies, which have left the ladder). */
  rounds: Round[];
  /** A count to quote in the profile text. */
  customers: number;
}

/** Months since year 0, so dates can be added and compared as integers. */
const monthOf = (date: Date) => date.getUTCFullYear() * 12 + date.getUTCMonth();
const yearOfMonth = (month: number) => Math.floor(month / 12);
const dateOf = (month: number, day: number) =>
  `${yearOfMonth(month)}-${String((month % 12) + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

function amountFor(rng: Random, type: RoundType): number {
  const { amount, step } = ROUND_RULES[type];
  const value = Math.exp(Math.log(amount[0]) + rng.next() * (Math.log(amount[1]) - Math.log(amount[0])));
  return Math.max(amount[0], Math.round(value / step) * step);
}

/**
 * A startup's timeline, worked backwards from its latest round: the latest round 1 to 22 months before the
 * reference date, each earlier round a typical gap before the next, and the founding a typical gap before the
 * first. The founding also precedes `listedBy`, the day the listing was added to the directory.
 */
export function startupFacts(rng: Random, stage: Stage, listedBy: Date, reference = REFERENCE_DATE): StartupFacts {
  const referenceMonth = monthOf(reference);
  const latest = ROUND_LADDER.findIndex((type) => STAGE_AFTER[type] === stage);
  const rounds: Round[] = [];
  let founded: number;
  if (latest < 0) {
    founded = referenceMonth - rng.int(9 * 12, 22 * 12);
  } else {
    // Most companies start with a pre-seed or a seed round; a few skip to a later one.
    const first = latest === 0 ? 0 : Math.min(latest, rng.chance(0.5) ? 0 : rng.chance(0.85) ? 1 : 2);
    const months: number[] = [];
    let month = referenceMonth - rng.int(1, 22);
    for (let r = latest; r >= first; r--) {
      months.unshift(month);
      if (r > first) month -= rng.int(...ROUND_RULES[ROUND_LADDER[r]!].gap);
    }
    founded = months[0]! - rng.int(...ROUND_RULES[ROUND_LADDER[first]!].firstGap);
    months.forEach((m, k) => {
      const roundType = ROUND_LADDER[first + k]!;
      rounds.push({ roundType, amount: amountFor(rng, roundType), fundingDate: dateOf(m, rng.int(1, 28)) });
    });
  }
  founded = Math.min(founded, monthOf(listedBy) - rng.int(1, 12));
  const foundedYear = Math.max(1995, yearOfMonth(founded));
  // A young company is small whatever its stage: a team grows by roughly one size a year.
  const age = reference.getUTCFullYear() - foundedYear;
  const largest = Math.min(TEAM_SIZES.length - 1, age + (age > 0 ? 1 : 0));
  return {
    stage,
    foundedYear,
    teamSize: TEAM_SIZES[Math.min(TEAM_SIZES.indexOf(rng.weighted(STARTUP_TEAM[stage])), largest)]!,
    revenueCode: rng.chance(stage === "Pre-Seed" ? 0.4 : 0.12) ? null : rng.weighted(STARTUP_REVENUE[stage]),
    rounds,
    customers: rng.int(...CUSTOMER_COUNT[stage]),
  };
}
