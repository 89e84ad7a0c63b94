/**
 * The limits of the account pages (decision 0076), counted in PostgreSQL like the app's other limits
 * (rate-limit.server.ts). Sign-in attempts are counted per client address (signInAttempts, sign-in.server.ts) and per
 * account, whether or not an account has that address, so the limit itself tells nobody which addresses have one.
 * An address is counted under its hash (addressSubject): the table never holds one.
 */
import { addressSubject } from "~/lib/account-mail.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { countAttempt, defineRateLimit, type RateLimitVerdict } from "~/lib/rate-limit.server.ts";
import { signInAttempts } from "./sign-in.server.ts";

/** Password attempts on one account (one address) per 15 minutes, from anywhere: guessing one password is slow. */
export const PASSWORD_ATTEMPTS_PER_ACCOUNT = 10;
export const signInPerAccount = defineRateLimit({ name: "sign-in-account", limit: PASSWORD_ATTEMPTS_PER_ACCOUNT, windowSeconds: 15 * 60 });

/** Reset requests from one client address per hour (each address it asks for has its own e-mail limit too). */
export const forgotPasswordPerClient = defineRateLimit({ name: "forgot-password", limit: 10, windowSeconds: 60 * 60 });

/** Current-password checks of one signed-in account per 15 minutes (change of password or of address). */
export const passwordChecksPerUser = defineRateLimit({ name: "password-check", limit: 10, windowSeconds: 15 * 60 });

export const TOO_MANY_SIGN_INS = "Too many sign-in attempts. Please wait a few minutes and try again, or reset your password.";

/** Counts a password attempt on `email` from `clientAddress` against both limits; the stricter verdict. */
export async function countPasswordAttempt(
  database: Database,
  { email, clientAddress, now = Date.now() }: { email: string; clientAddress: string; now?: number },
): Promise<RateLimitVerdict> {
  const byClient = await countAttempt(database, signInAttempts, clientAddress, { now });
  const byAccount = await countAttempt(database, signInPerAccount, addressSubject(email), { now });
  if (!byClient.allowed) return byClient;
  return byAccount;
}
