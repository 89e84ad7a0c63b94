/** Column shapes several tables share. */
import { sql } from "drizzle-orm";
import { integer, timestamp } from "drizzle-orm/pg-core";

/** Created and updated times; the ORM stamps updated_at on every update it makes. */
export const timestamps = () => ({
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** Ids of reference records as an integer array (decision 0004: filters use GIN indexes on these). */
export const referenceIds = (name: string) =>
  integer(name)
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`);
