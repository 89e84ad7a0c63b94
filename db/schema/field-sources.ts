/**
 * Where each value of a listing came from and when (issue 19 §4, decision 0068): one row per listing, a JSON object
 * from field name (the editor's names; a child list such as team or fundingRounds is one field) to
 * `{ source, setAt, confirmedAt, detail? }`. One row per listing, not per field: a million listings would otherwise
 * carry some thirty million rows. Written in the transaction of the write it describes
 * (features/catalog/field-provenance.server.ts); a listing without a row has no record and shows none.
 */
import { jsonb, pgTable, uuid } from "drizzle-orm/pg-core";
import type { FieldSources } from "../values/field-sources.ts";
import { listings } from "./listings.ts";

export const listingFieldSources = pgTable("listing_field_sources", {
  listingId: uuid("listing_id")
    .primaryKey()
    .references(() => listings.id, { onDelete: "cascade" }),
  fields: jsonb("fields").$type<FieldSources>().notNull().default({}),
});
