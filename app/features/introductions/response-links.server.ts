/**
 * The recipient's accept and decline links (issue 4 §2): signed, expiring, and single-use. The signature and
 * the expiry live in the token (an HMAC under a key of its own); single use is the request's status, which
 * only moves out of awaiting_recipient once. How long they live is INTRO_EXPIRE_AFTER_DAYS (intro-review.server.ts).
 * A claimed listing's owners each get links of their own (decision 0116): the token then also names the owner, so the
 * introduction goes to the one who accepted, and a link of an owner who no longer keeps the listing does nothing.
 */
import { hmac, sameSignature } from "~/lib/hmac.server.ts";

export type IntroResponse = "accept" | "decline";

export function responseToken(key: string, requestId: string, response: IntroResponse, expiresAt: number, ownerId?: string): string {
  const owner = ownerId ? `.${Buffer.from(ownerId).toString("base64url")}` : "";
  const body = `${requestId}.${response}.${Math.floor(expiresAt / 1000).toString(36)}${owner}`;
  return `${body}.${hmac(key, body)}`;
}

export type TokenCheck =
  { ok: true; requestId: string; response: IntroResponse; ownerId: string | null } | { ok: false; reason: "invalid" | "expired" };

export function checkResponseToken(key: string, token: string, now = Date.now()): TokenCheck {
  if (token.length > 200) return { ok: false, reason: "invalid" };
  const match = /^([0-9a-f-]{36})\.(accept|decline)\.([0-9a-z]{1,10})(?:\.([\w-]{1,100}))?\.([\w-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: "invalid" };
  const [, requestId, response, expiry, owner, signature] = match;
  const body = `${requestId}.${response}.${expiry}${owner ? `.${owner}` : ""}`;
  if (!sameSignature(signature, hmac(key, body))) return { ok: false, reason: "invalid" };
  if (Number.parseInt(expiry!, 36) * 1000 <= now) return { ok: false, reason: "expired" };
  return {
    ok: true,
    requestId: requestId!,
    response: response as IntroResponse,
    ownerId: owner ? Buffer.from(owner, "base64url").toString() : null,
  };
}
