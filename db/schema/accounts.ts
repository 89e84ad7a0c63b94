/**
 * Accounts as Better Auth 1.7 expects them (users, sessions, accounts, verifications; the adapter runs with
 * `usePlural`), plus our own columns on users: role and tier. Columns follow the shape `npx auth generate`
 * writes for our options; role and tier are NOT NULL with CHECKs because the server trusts them for gating.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    tier: text("tier", { enum: ["public", "subscriber", "premium"] })
      .notNull()
      .default("public"),
    /**
     * When the tier in force next changes by itself (a grace period or a paid period ends, a grant expires): the tier
     * is decided again then (access/member-tier.server.ts, decision 0079). Null: only a new event changes it.
     */
    tierChangesAt: timestamp("tier_changes_at", { withTimezone: true }),
    /**
     * When an operator disabled the account (decision 0081): while set, nothing signs in as the member (password,
     * provider, API key) and no session of theirs counts. Null: the account works.
     */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** When a session was last made for the member: their last sign-in, kept when the session itself is gone. */
    lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index("users_tier_changes_at_idx").on(t.tierChangesAt),
    // /admin/members (decision 0081): part of a name or address, any case, found through trigrams, not by reading
    // every member; the list pages newest first through (created_at, id).
    index("users_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    index("users_created_idx").on(t.createdAt, t.id),
    check("users_role_check", sql`${t.role} IN ('user', 'admin')`),
    check("users_tier_check", sql`${t.tier} IN ('public', 'subscriber', 'premium')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    ...timestamps(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/** One row per way of signing in: a provider identity (google, linkedin) or a password ("credential"). */
export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** scrypt hash, for e-mail and password accounts only. */
    password: text("password"),
    ...timestamps(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

/** Short-lived values: OAuth state with its PKCE verifier and nonce (single use, 10 minutes). */
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);
