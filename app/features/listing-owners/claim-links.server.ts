/**
 * The signed links of claiming (issue 36, decision 0114): the link a domain e-mail claim mails to the address, and the
 * link an owner's invitation mails to a colleague. The signature and the expiry live in the token (an HMAC under a key
 * of its own); single use is the row's status, which leaves "pending" once. A forged or cut token is "invalid", an old
 * one "expired", and a used one is told apart by the caller from the row.
 */
import { hmac, sameSignature } from "~/lib/hmac.server.ts";

export type ClaimLinkKind = "claim" | "invite";
const PREFIX: Record<ClaimLinkKind, string> = { claim: "c", invite: "i" };

export function claimLinkToken(key: string, kind: ClaimLinkKind, id: string, expiresAt: number): string {
  const body = `${PREFIX[kind]}.${id}.${Math.floor(expiresAt / 1000).toString(36)}`;
  return `${body}.${hmac(key, body)}`;
}

export type ClaimLinkCheck = { ok: true; id: string } | { ok: false; reason: "invalid" | "expired" };

export function checkClaimLinkToken(key: string, kind: ClaimLinkKind, token: string, now: number): ClaimLinkCheck {
  if (token.length > 200) return { ok: false, reason: "invalid" };
  const match = /^([ci])\.([0-9a-f-]{36})\.([0-9a-z]{1,10})\.([\w-]{43})$/.exec(token);
  if (!match || match[1] !== PREFIX[kind]) return { ok: false, reason: "invalid" };
  const [, , id, expiry, signature] = match;
  if (!sameSignature(signature, hmac(key, token.slice(0, token.length - signature!.length - 1)))) return { ok: false, reason: "invalid" };
  if (Number.parseInt(expiry!, 36) * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, id: id! };
}
