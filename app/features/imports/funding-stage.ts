/**
 * The funding stage a company is at, as its rounds say (issue 32: an import left "Atlas Pay 31" at stage "---"
 * beside its "Pre-Seed $9.3M" round). One rule for every import that writes rounds: the stage is the one its latest
 * round names; a round that names no stage (a grant, debt, "other") leaves the stage the earlier rounds gave, and a
 * listing with no such round keeps whatever stage it had. The names are the funding_stages reference list's
 * (demo/reference-data.ts). Pure: the SQL that applies it is built from this table (import-details.server.ts).
 */
import type { RoundType } from "./processing-rules.ts";

export const STAGE_OF_ROUND: Readonly<Record<RoundType, string | null>> = {
  grant: null,
  "pre-seed": "Pre-Seed",
  seed: "Seed",
  "series-a": "Series A",
  "series-b": "Series B",
  "series-c": "Series C",
  "series-d": "Series D+",
  other: null,
};

/** The stage a round names, or null for a round that names none. */
export function stageOfRound(roundType: string | null | undefined): string | null {
  return roundType && Object.hasOwn(STAGE_OF_ROUND, roundType) ? STAGE_OF_ROUND[roundType as RoundType] : null;
}

export interface DatedRound {
  roundType: string;
  fundingDate: string | null;
  /** The insertion order: the later of two rounds on one day (or two undated rounds) is the one added later. */
  id: number;
}

/** The stage the rounds give: the latest round naming one (undated rounds count as oldest), else null. */
export function stageOfRounds(rounds: readonly DatedRound[]): string | null {
  const named = rounds.filter((r) => stageOfRound(r.roundType) !== null);
  named.sort((a, b) => (b.fundingDate ?? "").localeCompare(a.fundingDate ?? "") || b.id - a.id);
  return named[0] ? stageOfRound(named[0].roundType) : null;
}
