import { customType, index, pgTable, uuid } from "drizzle-orm/pg-core";
import { listings } from "./listings.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The description words of each published listing, and only those: what the directory's description search asks
 * (decision 0060). The same words are in `listings.search_vector` (weight C), but a common word's matches there are
 * spread over the pages of the whole wide table (3 GB at 1,000,000 listings: a bitmap heap scan of ~110,000 pages,
 * about a second); here they fill a narrow table a sixth of its size. A trigger on `listings` (migration 0018) keeps
 * it in step in the writer's transaction: a row while the listing is published, its description's lexemes without
 * positions.
 */
export const listingDescriptionTerms = pgTable(
  "listing_description_terms",
  {
    listingId: uuid("listing_id")
      .primaryKey()
      .references(() => listings.id, { onDelete: "cascade" }),
    terms: tsvector("terms").notNull(),
  },
  (t) => [index("listing_description_terms_idx").using("gin", t.terms)],
);
