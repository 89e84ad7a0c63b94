/**
 * The closed value lists of listings' columns, without Drizzle (decision 0046): the schema builds its columns from
 * them; the listing model (features/catalog) and the tier rules (features/access) re-export them for the app.
 */
export const LISTING_TYPES = ["startup", "investor", "partner"] as const;

/** Tier order of spec 01 §4: public < subscriber < premium (a listing's and a field's visibility, a viewer's tier). */
export const ACCESS_LEVELS = ["public", "subscriber", "premium"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
