/**
 * Signing in with an e-mail address and password (decision 0076), through Better Auth's signInEmail: its scrypt check,
 * its answer for an unknown address (it hashes the password anyway, so the time does not tell), its fresh link for an
 * account whose address is not confirmed yet. Counted per client address and per account first.
 */
import { isAPIError } from "better-auth/api";
import { ACCOUNT_DISABLED_MESSAGE, isAccountDisabledError } from "~/lib/account-disabled.ts";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { countPasswordAttempt, TOO_MANY_SIGN_INS } from "./account-limits.server.ts";

/** The one answer to a wrong password and to an address without an account: which of them it was is nobody's business. */
const WRONG_EMAIL_OR_PASSWORD = "That e-mail address and password do not match an account. Check both, or reset your password.";
const ADDRESS_NOT_CONFIRMED =
  "This account's e-mail address is not confirmed yet. We sent you a new link: open it and enter your password to finish.";

export type PasswordSignIn =
  | { ok: true; userId: string; cookies: string[] }
  | { ok: false; reason: "invalid" | "unverified" | "disabled"; message: string }
  | { ok: false; reason: "rate_limited"; message: string; retryAfterSeconds: number };

export async function signInWithPassword(
  database: Database,
  {
    email,
    password,
    headers,
    clientAddress,
    now,
  }: { email: string; password: string; headers: Headers; clientAddress: string; now?: number },
): Promise<PasswordSignIn> {
  const attempt = await countPasswordAttempt(database, { email, clientAddress, now });
  if (!attempt.allowed)
    return { ok: false, reason: "rate_limited", message: TOO_MANY_SIGN_INS, retryAfterSeconds: attempt.retryAfterSeconds };
  try {
    const signedIn = await getAuth(database).api.signInEmail({ body: { email, password }, headers, returnHeaders: true });
    return { ok: true, userId: signedIn.response.user.id, cookies: signedIn.headers.getSetCookie() };
  } catch (error) {
    // Right password, address not confirmed: Better Auth has mailed a fresh link (sendOnSignIn).
    if (isAPIError(error) && error.body?.code === "EMAIL_NOT_VERIFIED")
      return { ok: false, reason: "unverified", message: ADDRESS_NOT_CONFIRMED };
    if (isAPIError(error) && error.statusCode === 401) return { ok: false, reason: "invalid", message: WRONG_EMAIL_OR_PASSWORD };
    // Right password, account disabled by an operator (decision 0081): no session was made.
    if (isAccountDisabledError(error)) return { ok: false, reason: "disabled", message: ACCOUNT_DISABLED_MESSAGE };
    throw error;
  }
}
