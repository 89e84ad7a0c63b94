/**
 * The unsubscribe links of alert e-mails (decision 0062): signed, so nobody turns off someone else's alerts by
 * guessing, and dated, so a link replayed after the member changed the setting again does nothing. No expiry: a link
 * in an old e-mail must still work (RFC 8058 asks that one-click unsubscribe keep working), and the date rule keeps
 * it from undoing a later choice.
 */
import { hmac, sameSignature } from "~/lib/hmac.server.ts";

export type UnsubscribeScope = { kind: "search"; savedSearchId: string } | { kind: "all"; userId: string };

export function unsubscribeToken(key: string, scope: UnsubscribeScope, issuedAt: Date): string {
  const subject = scope.kind === "search" ? `s.${scope.savedSearchId}` : `a.${scope.userId}`;
  const body = `${subject}.${issuedAt.getTime().toString(36)}`;
  return `${body}.${hmac(key, body)}`;
}

export type UnsubscribeTokenCheck = { ok: true; scope: UnsubscribeScope; issuedAt: Date } | { ok: false };

const TOKEN =
  /^(?:s\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})|a\.([A-Za-z0-9_-]{1,64}))\.([0-9a-z]{1,10})\.([\w-]{43})$/;

export function checkUnsubscribeToken(key: string, token: string): UnsubscribeTokenCheck {
  if (token.length > 200) return { ok: false };
  const match = TOKEN.exec(token);
  if (!match) return { ok: false };
  const [, savedSearchId, userId, issued, signature] = match;
  const body = token.slice(0, token.length - signature!.length - 1);
  if (!sameSignature(signature, hmac(key, body))) return { ok: false };
  const scope: UnsubscribeScope = savedSearchId ? { kind: "search", savedSearchId } : { kind: "all", userId: userId! };
  return { ok: true, scope, issuedAt: new Date(Number.parseInt(issued!, 36)) };
}
