/**
 * Forgotten passwords (decision 0076), through Better Auth's requestPasswordReset and resetPassword: a random token,
 * kept only as its hash, single use, an hour long; a new password ends every session of the account. Around them:
 *
 * - One answer whatever the address: the page says the same, and the address gets one e-mail either way (the link
 *   for a confirmed account, "no account uses this address" otherwise), so neither the answer nor the time it takes
 *   (both send a message before answering) tells a stranger whether an account exists.
 * - An account whose address was never confirmed gets no link: a reset would hand whoever holds the mailbox an
 *   account someone else made (decision 0031 removes such accounts rather than hand them over).
 * - Limits: requests per client address (a 429), and e-mails per address (account-mail.server.ts: the same answer,
 *   no e-mail).
 * - The link leads to our page, which reads it (with the caller's clock) without acting; the POST with the new
 *   password spends it.
 */
import { eq, sql } from "drizzle-orm";
import { isAPIError } from "better-auth/api";
import { users } from "#db/schema/accounts.ts";
import { rateLimitWindows } from "#db/schema/rate-limits.ts";
import { addressSubject, sendNoAccountNotice } from "~/lib/account-mail.server.ts";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { countAttempt, rateLimitKey } from "~/lib/rate-limit.server.ts";
import { forgotPasswordPerClient, signInPerAccount } from "./account-limits.server.ts";

const RESET_PREFIX = "reset-password:";

export type ResetRequest = { ok: true } | { ok: false; retryAfterSeconds: number };

export async function requestPasswordReset(
  database: Database,
  { email, clientAddress, now = Date.now() }: { email: string; clientAddress: string; now?: number },
): Promise<ResetRequest> {
  const attempt = await countAttempt(database, forgotPasswordPerClient, clientAddress, { now });
  if (!attempt.allowed) return { ok: false, retryAfterSeconds: attempt.retryAfterSeconds };
  const address = email.toLowerCase();
  const [user] = await database.db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, address)).limit(1);
  // Better Auth mails the link through sendResetPassword (auth.server.ts), within the address's e-mail limit.
  if (user?.verified) await getAuth(database).api.requestPasswordReset({ body: { email: address } });
  else await sendNoAccountNotice(database, address);
  return { ok: true };
}

export type ResetLink = { state: "open"; email: string } | { state: "expired" | "invalid" };

/** What a reset link leads to, judged by `now`, without acting on it. */
export async function readResetLink(database: Database, token: string, now = Date.now()): Promise<ResetLink> {
  if (!token || token.length > 200) return { state: "invalid" };
  const { internalAdapter } = await getAuth(database).$context;
  const verification = await internalAdapter.findVerificationValue(`${RESET_PREFIX}${token}`);
  if (!verification) return { state: "invalid" };
  if (verification.expiresAt.getTime() <= now) return { state: "expired" };
  const [user] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, verification.value)).limit(1);
  return user ? { state: "open", email: user.email } : { state: "invalid" };
}

export type ResetOutcome = { ok: true; email: string } | { ok: false; link: Exclude<ResetLink, { state: "open" }> };

/**
 * Sets the account's password from an open link and spends the link; every session of the account ends (Better
 * Auth's revokeSessionsOnPasswordReset). The account's sign-in limit starts afresh: whoever holds the mailbox has
 * proven enough, and someone who locked the account by guessing does not keep it locked.
 */
export async function resetPassword(
  database: Database,
  { token, password, now = Date.now() }: { token: string; password: string; now?: number },
): Promise<ResetOutcome> {
  const link = await readResetLink(database, token, now);
  if (link.state !== "open") return { ok: false, link };
  try {
    await getAuth(database).api.resetPassword({ body: { newPassword: password, token } });
  } catch (error) {
    // Spent a moment ago by another request, or expired on the wall clock since the check.
    if (isAPIError(error) && error.body?.code === "INVALID_TOKEN") return { ok: false, link: { state: "invalid" } };
    throw error;
  }
  await database.db
    .delete(rateLimitWindows)
    .where(eq(rateLimitWindows.key, sql`${rateLimitKey(signInPerAccount, addressSubject(link.email))}`));
  return { ok: true, email: link.email };
}
