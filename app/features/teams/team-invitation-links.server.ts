/**
 * The signed link of a team invitation (issue 37, decision 0118): the token names the invitation's row and its expiry,
 * signed with a key of its own (derived from the server secret), so a link can be neither forged nor extended. That it
 * works once, and not after a revocation, is the row's to say (`accepted_at`, `revoked_at`).
 */
import { purposeKey } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { hmac, sameSignature } from "~/lib/hmac.server.ts";

export const teamInvitationKey = (database: Database) => purposeKey(database, "team-invitations");

export function teamInvitationToken(key: string, id: string, expiresAt: Date): string {
  const body = `t.${id}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`;
  return `${body}.${hmac(key, body)}`;
}

export type TeamInvitationCheck = { ok: true; id: string } | { ok: false; reason: "invalid" | "expired" };

/** Whether a token is ours and still in date (`now` in milliseconds); the row decides the rest. */
export function checkTeamInvitationToken(key: string, token: string, now: number): TeamInvitationCheck {
  if (token.length > 200) return { ok: false, reason: "invalid" };
  const match = /^(t\.([0-9a-f-]{36})\.([0-9a-z]{1,10}))\.([\w-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const [, body, id, expiry, signature] = match;
  if (!sameSignature(signature, hmac(key, body!))) return { ok: false, reason: "invalid" };
  if (Number.parseInt(expiry!, 36) * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, id: id! };
}
