/**
 * Rate-limit windows (issue 16 §2, decision 0050): one row per limited key ("sign-in:<address>"), shared by every
 * app server and kept across restarts. A row holds the attempts counted in its current window and when that window
 * ends; the next attempt after that starts a new window in the same row. Rows whose window ended are deleted a few
 * at a time by the attempts that start new windows (app/lib/rate-limit.server.ts), through the index on `resets_at`.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    /** The limit's name and the subject it counts, e.g. "sign-in:203.0.113.7". */
    key: text("key").primaryKey(),
    /** Attempts in the current window, the refused ones included. */
    count: integer("count").notNull(),
    /** When the current window ends: the first attempt of the window plus the limit's window. */
    resetsAt: timestamp("resets_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_windows_resets_at_idx").on(t.resetsAt), check("rate_limit_windows_count_check", sql`${t.count} >= 1`)],
);
