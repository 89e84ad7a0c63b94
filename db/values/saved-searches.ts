/** The closed value lists of saved searches and digests, without Drizzle (decision 0046): the schema and the app share them. */
export const ALERT_FREQUENCIES = ["off", "daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** How often a digest goes out; a saved search's alert frequency other than "off". */
export const DIGEST_CADENCES = ["daily", "weekly"] as const;
export type DigestCadence = (typeof DIGEST_CADENCES)[number];
