/**
 * How often each kind of cached data has changed (decision 0049). Every announced change bumps its topic's number in
 * the writing transaction, beside the NOTIFY that tells listening app servers at once; a server that was not
 * listening (its connection dropped, or it was starting) compares these numbers with the ones it last saw and drops
 * the caches whose topic moved. A row lock per topic makes the numbers rise in commit order.
 */
import { bigint, pgTable, text } from "drizzle-orm/pg-core";

export const changeVersions = pgTable("change_versions", {
  /** One of CHANGE_TOPICS (app/lib/change-feed.server.ts); a topic gets its row on its first change. */
  topic: text("topic").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
