/**
 * The lead-data debugger's state, one row per operator debugger session (decision 0051): in the database so that any
 * app server can serve any step (DESIGN D13). The provider key an operator types is stored only encrypted with a key
 * derived from the server secret; a row idle for an hour is expired, and signing out deletes it with the sign-in
 * session.
 */
import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { sessions } from "./accounts.ts";

export const debuggerSessions = pgTable(
  "debugger_sessions",
  {
    /**
     * The operator. Every read and write names it, so one operator's request can never address another's row. No
     * foreign key: route tests hand in users that have no row, and the row expires within the hour anyway.
     */
    userId: text("user_id").notNull(),
    /** Which debugger of the operator: "session:<sign-in session id>", or "user" for a request without a cookie. */
    sessionKey: text("session_key").notNull(),
    /** The sign-in session, so that signing out deletes the debugger and its key at once. */
    authSessionId: text("auth_session_id").references(() => sessions.id, { onDelete: "cascade" }),
    /** Everything but the key and the step data: base URL, debug mode, settings, steps, workflow, logs. */
    state: jsonb("state").notNull(),
    /** Step 2's records and step 3's companies (up to 1,000 each), apart so the state stays small. */
    retrieved: jsonb("retrieved"),
    processed: jsonb("processed"),
    /** AES-256-GCM of the typed key, bound to this row (debugger-key-cipher.server.ts); null when none is held. */
    keyCiphertext: text("key_ciphertext"),
    /** The claim of the process running an action: who (a random token) and until when (renewed while it runs). */
    leaseToken: text("lease_token"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** Touched by every use; a row not used for an hour is treated as absent and deleted. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "debugger_sessions_pkey", columns: [t.userId, t.sessionKey] }),
    index("debugger_sessions_last_used_idx").on(t.lastUsedAt),
    index("debugger_sessions_auth_session_idx").on(t.authSessionId),
  ],
);
