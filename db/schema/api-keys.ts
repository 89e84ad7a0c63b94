/**
 * Personal API keys (issue 18 §1, decision 0061). A key is a random secret shown to its owner once; the table keeps
 * only its SHA-256 (the secret has 256 bits of entropy, so a fast hash is as good as a slow one and costs nothing per
 * call) and a short visible prefix by which the owner recognises it. A revoked key keeps its row (revoked_at) so the
 * settings page can say when; it never authenticates again.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { teams } from "./teams.ts";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * Null: the key acts for its member (their private lists and their teams'). Set: a team key (decision 0121), which
     * reaches only that team's lists, and only while its member is still in the team.
     */
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    /** The owner's name for it ("CRM sync"). */
    name: text("name").notNull(),
    /** The key's first characters ("ib_k7Q2xw9A"), shown in lists and safe to show: it does not authenticate. */
    prefix: text("prefix").notNull(),
    /** Hex SHA-256 of the whole key: what a request's key is looked up by. */
    secretHash: text("secret_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** At most a minute behind the last call (decision 0061): written only when the stored value is older. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("api_keys_user_id_idx").on(t.userId),
    check("api_keys_name_check", sql`char_length(${t.name}) BETWEEN 1 AND 60`),
    check("api_keys_secret_hash_check", sql`${t.secretHash} ~ '^[0-9a-f]{64}$'`),
  ],
);
