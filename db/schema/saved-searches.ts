/**
 * Saved searches and their alert digests (issue 18 §2, decision 0062). A saved search is a directory state kept by
 * a member under a name; what it matched when the member last looked, and at the last digest, is a bounded snapshot
 * of listing ids, so "new since" is "matches now and was not in the snapshot". A digest is one e-mail per member and
 * period; its row is written before the mail goes out, so a re-run or a resumed job never sends it twice.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { outboxEmails } from "./messages.ts";
import { teams } from "./teams.ts";
import { ALERT_FREQUENCIES, DIGEST_CADENCES } from "../values/saved-searches.ts";

export const SNAPSHOT_PURPOSES = ["look", "digest"] as const;
/**
 * pending: recorded, not yet sent; sending: handed to the mailer; sent, stored, failed: the mailer's outcome (stored:
 * no SMTP configured, kept in the outbox); unknown: the run stopped during sending (never sent twice); empty: nothing
 * to tell, no e-mail.
 */
export const DIGEST_DELIVERY_STATUSES = ["pending", "sending", "sent", "stored", "failed", "unknown", "empty"] as const;

export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * Set: the search is shared with this team (decision 0121): every member sees it, and its alerts reach each member
     * who opted in to the team's digest. `user_id` is then the member who saved it, and it stays theirs: when the team
     * is deleted (or they leave it, team-members.server.ts) it is theirs alone again, never deleted with the team.
     */
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** The directory state as canonical URL parameters (sorted, defaults and paging left out): one state, one row. */
    query: text("query").notNull(),
    alertFrequency: text("alert_frequency", { enum: ALERT_FREQUENCIES }).notNull().default("off"),
    /** When the alert setting last changed: an unsubscribe link issued before it is out of date. */
    alertsChangedAt: timestamp("alerts_changed_at", { withTimezone: true }).notNull().defaultNow(),
    lastLookedAt: timestamp("last_looked_at", { withTimezone: true }).notNull().defaultNow(),
    /** The start of the last digest period that reported on this search. */
    lastDigestPeriod: timestamp("last_digest_period", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("saved_searches_user_query_key").on(t.userId, t.query),
    index("saved_searches_team_idx").on(t.teamId),
    index("saved_searches_alerts_idx")
      .on(t.alertFrequency, t.userId)
      .where(sql`${t.alertFrequency} <> 'off'`),
    check("saved_searches_alert_frequency_check", sql`${t.alertFrequency} IN ('off', 'daily', 'weekly')`),
  ],
);

/** What a saved search matched at a moment: the newest `limit` matching listing ids, and whether there were more. */
export const savedSearchSnapshots = pgTable(
  "saved_search_snapshots",
  {
    savedSearchId: uuid("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: SNAPSHOT_PURPOSES }).notNull(),
    listingIds: uuid("listing_ids").array().notNull(),
    truncated: boolean("truncated").notNull().default(false),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.purpose] }),
    check("saved_search_snapshots_purpose_check", sql`${t.purpose} IN ('look', 'digest')`),
  ],
);

/** One row per cadence and period: whichever app server inserts it queues the period's digest job, nobody else. */
export const digestRuns = pgTable(
  "digest_runs",
  {
    cadence: text("cadence", { enum: DIGEST_CADENCES }).notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    jobId: uuid("job_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cadence, t.periodStart] }),
    check("digest_runs_cadence_check", sql`${t.cadence} IN ('daily', 'weekly')`),
  ],
);

/**
 * One digest e-mail per member, cadence and period, with the message as composed: a resumed run sends what is
 * pending and skips what was sent (or may have been: "sending" after a crash is never sent again).
 */
export const digestDeliveries = pgTable(
  "digest_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cadence: text("cadence", { enum: DIGEST_CADENCES }).notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    status: text("status", { enum: DIGEST_DELIVERY_STATUSES }).notNull().default("pending"),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** The text/html part composed with `body` (decision 0074); null for a row recorded before e-mails had one. */
    html: text("html"),
    /** The one-click unsubscribe URL of the List-Unsubscribe header. */
    unsubscribeUrl: text("unsubscribe_url").notNull(),
    itemCount: integer("item_count").notNull().default(0),
    outboxEmailId: uuid("outbox_email_id").references(() => outboxEmails.id, { onDelete: "set null" }),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    unique("digest_deliveries_member_period_key").on(t.userId, t.cadence, t.periodStart),
    index("digest_deliveries_period_status_idx").on(t.cadence, t.periodStart, t.status),
    check("digest_deliveries_status_check", sql`${t.status} IN ('pending', 'sending', 'sent', 'stored', 'failed', 'unknown', 'empty')`),
  ],
);
