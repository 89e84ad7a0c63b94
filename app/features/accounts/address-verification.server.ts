/**
 * E-mail addresses prove themselves (DESIGN D15). A password account gets Better Auth's signed, expiring link
 * by e-mail; our page (routes/verify-email.tsx) reads it without acting (mail scanners open links), and the
 * address is confirmed only by a POST that also carries the account's password. The link alone is not
 * enough: it reaches whoever owns the mailbox, who need not be who signed up, and confirming a stranger's
 * sign-up would hand the stranger a verified address. Once confirmed, every link of the account is spent.
 */
import { and, eq } from "drizzle-orm";
import { createEmailVerificationToken } from "better-auth/api";
import { errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { z } from "zod";
import { accounts, users } from "#db/schema/accounts.ts";
import { isAccountDisabledError } from "~/lib/account-disabled.ts";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { sendVerificationLink, VERIFICATION_LINK_HOURS } from "~/lib/email-verification.server.ts";

const WRONG_PASSWORD = "That is not the password of this account. Use the one you chose when you signed up.";

/** What Better Auth signs into a sign-up's link; a change-of-address link (updateTo) is not one of ours. */
const LinkPayload = z
  .object({
    email: z.email(),
    userId: z.string().min(1).max(200),
    updateTo: z.undefined().optional(),
    requestType: z.undefined().optional(),
  })
  .transform(({ email, userId }) => ({ email: email.toLowerCase(), userId }));

type TokenCheck = { valid: true; payload: z.infer<typeof LinkPayload> } | { valid: false; expired: z.infer<typeof LinkPayload> | null };

async function checkToken(secret: string, token: string, now: number): Promise<TokenCheck> {
  const parse = (payload: JWTPayload | undefined) => {
    const parsed = LinkPayload.safeParse(payload);
    return parsed.success ? parsed.data : null;
  };
  if (!token || token.length > 2000) return { valid: false, expired: null };
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ["HS256"], currentDate: new Date(now) });
    const parsed = parse(payload);
    return parsed ? { valid: true, payload: parsed } : { valid: false, expired: null };
  } catch (error) {
    // jose checks the signature before the claims: an expired token's payload is still ours.
    return { valid: false, expired: error instanceof joseErrors.JWTExpired ? parse(error.payload) : null };
  }
}

export type VerificationLink =
  | { state: "open"; userId: string; email: string }
  | { state: "expired"; userId: string; email: string }
  | { state: "used"; email: string }
  | { state: "invalid" };

/** What a link leads to, without acting on it. */
export async function readVerificationLink(database: Database, token: string, now = Date.now()): Promise<VerificationLink> {
  const { secret } = await getAuth(database).$context;
  const checked = await checkToken(secret, token, now);
  const payload = checked.valid ? checked.payload : checked.expired;
  if (!payload) return { state: "invalid" };
  const [user] = await database.db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, payload.userId))
    .limit(1);
  // The account is gone (its address was taken by someone who proved it) or holds another address now.
  if (!user || user.email.toLowerCase() !== payload.email) return { state: "invalid" };
  if (user.emailVerified) return { state: "used", email: payload.email };
  return { state: checked.valid ? "open" : "expired", userId: payload.userId, email: payload.email };
}

export type ConfirmResult =
  | { ok: true; userId: string; email: string; cookies: string[] }
  | { ok: false; link: Exclude<VerificationLink, { state: "open" }> }
  | { ok: false; link: Extract<VerificationLink, { state: "open" }>; passwordError: string };

/**
 * Confirms the address of an open link when `password` is the account's, then signs the browser in (the
 * session cookies are returned). Anything else changes nothing.
 */
export async function confirmAddress(
  database: Database,
  { token, password, headers, now = Date.now() }: { token: string; password: string; headers: Headers; now?: number },
): Promise<ConfirmResult> {
  const link = await readVerificationLink(database, token, now);
  if (link.state !== "open") return { ok: false, link };
  const auth = getAuth(database);
  const [credential] = await database.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, link.userId), eq(accounts.providerId, "credential")))
    .limit(1);
  const { password: hasher } = await auth.$context;
  if (!credential?.hash || !password || password.length > 128 || !(await hasher.verify({ hash: credential.hash, password }))) {
    return { ok: false, link, passwordError: WRONG_PASSWORD };
  }
  try {
    await auth.api.verifyEmail({ query: { token } });
  } catch {
    // Expired on the wall clock a moment after our check, or confirmed meanwhile by another request.
    const again = await readVerificationLink(database, token, now);
    return { ok: false, link: again.state === "open" ? { ...again, state: "expired" } : again };
  }
  try {
    const signedIn = await auth.api.signInEmail({ body: { email: link.email, password }, headers, returnHeaders: true });
    return { ok: true, userId: link.userId, email: link.email, cookies: signedIn.headers.getSetCookie() };
  } catch (error) {
    // Confirmed, but an operator disabled the account (decision 0081): no session; signing in says why.
    if (isAccountDisabledError(error)) return { ok: false, link: { state: "used", email: link.email } };
    throw error;
  }
}

export type ResendResult = { state: "sent" | "over_limit"; email: string } | { state: "used" | "invalid" };

/** A fresh link for the account of an expired (or still open) one, mailed to its address within the hourly limit. */
export async function resendVerificationLink(database: Database, token: string, now = Date.now()): Promise<ResendResult> {
  const link = await readVerificationLink(database, token, now);
  if (link.state === "used" || link.state === "invalid") return { state: link.state };
  const [user] = await database.db.select({ name: users.name }).from(users).where(eq(users.id, link.userId)).limit(1);
  const { secret } = await getAuth(database).$context;
  const fresh = await createEmailVerificationToken(secret, link.email, undefined, VERIFICATION_LINK_HOURS * 60 * 60, {
    userId: link.userId,
  });
  const state = await sendVerificationLink(database, { name: user?.name ?? "", email: link.email }, fresh);
  return { state, email: link.email };
}
