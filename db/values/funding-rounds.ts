/**
 * The closed value list of funding_rounds.round_type, without Drizzle (decision 0046): the schema builds its column
 * from it; the listing editor's form, which may reach the browser, validates against it (decision 0112).
 */
export const ROUND_TYPES = ["grant", "pre-seed", "seed", "series-a", "series-b", "series-c", "series-d", "other"] as const;
