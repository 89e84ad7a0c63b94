/**
 * The company facts a listing states in bands rather than exact numbers (issue 31): what the get-featured form
 * offers and what the directory's filters parse. The band's code is stored as it is (listings.team_size is text), so
 * a filter matches the same strings the form writes.
 */

/** People working at the company, as the directory's team-size filter reads listings.team_size. */
export const TEAM_SIZE_BANDS = ["1-10", "11-50", "51-200", "201-1000", "1000+"] as const;
export type TeamSizeBand = (typeof TEAM_SIZE_BANDS)[number];

/** The kinds of round a company names as its latest, by the codes the demo data and imports store in latest_round_type. */
export const ROUND_TYPES = {
  "pre-seed": "Pre-seed",
  seed: "Seed",
  "series-a": "Series A",
  "series-b": "Series B",
  "series-c": "Series C",
  "series-d": "Series D or later",
} as const;
export type RoundTypeCode = keyof typeof ROUND_TYPES;
