/**
 * A team's follows and saved searches reaching its members' digests (issue 37, decision 0121). A team follow is the
 * team's, not a member's (a member's own follows stay in listing_follows, keyed by member); a team's saved search is
 * a saved_searches row with `team_id` set (saved-searches.ts). Each member chooses whether the team's items come in
 * their digest (`team_digest_opt_ins`, off until they opt in), and each recipient's "new since the last digest" of a
 * team search is their own (`team_search_digest_snapshots`): members of different plans see different matches.
 */
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { savedSearches } from "./saved-searches.ts";
import { teams } from "./teams.ts";

/** Listings a team follows. No foreign key on the listing, like listing_follows: a merge must not trip on it. */
export const teamFollows = pgTable(
  "team_follows",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id").notNull(),
    addedBy: text("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.listingId] }), index("team_follows_listing_idx").on(t.listingId)],
);

/** A member's choice to get their team's follows and saved searches in their digest; no row or false: off. */
export const teamDigestOptIns = pgTable(
  "team_digest_opt_ins",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    optedIn: boolean("opted_in").notNull().default(true),
    /** When the member last chose: an unsubscribe link issued before it is out of date. */
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index("team_digest_opt_ins_user_idx").on(t.userId)],
);

/** What a team's saved search matched at a recipient's last digest, per recipient (their tier decides the matches). */
export const teamSearchDigestSnapshots = pgTable(
  "team_search_digest_snapshots",
  {
    savedSearchId: uuid("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingIds: uuid("listing_ids").array().notNull(),
    truncated: boolean("truncated").notNull().default(false),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.userId] }), index("team_search_digest_snapshots_user_idx").on(t.userId)],
);
