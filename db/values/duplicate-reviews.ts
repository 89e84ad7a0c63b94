/**
 * The closed value lists of duplicate_reviews' columns, without Drizzle: the schema builds its checks from them and
 * pages import them without shipping the table machinery to the browser (decision 0046).
 */
export const REVIEW_STATUSES = ["open", "merged", "dismissed"] as const;
export const REVIEW_SOURCES = ["scan", "report", "import"] as const;
