/**
 * Proof-of-work payloads already spent (issue 4): each solved challenge is accepted once. A row is kept until its
 * challenge would have expired anyway; after that the signature check refuses it without the table's help.
 * The demo identity provider records its used authorization codes here too, as `oidc-code:<id>` (decision 0073).
 */
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const usedProofs = pgTable(
  "used_proofs",
  {
    /** The challenge's nonce: random, signed into the challenge. */
    nonce: text("nonce").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("used_proofs_expires_idx").on(t.expiresAt)],
);
