/**
 * Changing a password in /settings (decision 0076), through Better Auth's changePassword: the current password is
 * checked (at most passwordChecksPerUser times per 15 minutes, so a stolen session cannot guess it), and every session
 * of the account ends, this browser's included: it gets a new one. Whoever held a session before the change (stolen,
 * or fixed on the browser by someone else) holds nothing after it.
 */
import { isAPIError } from "better-auth/api";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { countAttempt } from "~/lib/rate-limit.server.ts";
import { passwordChecksPerUser } from "./account-limits.server.ts";

const NOT_CURRENT_PASSWORD = "That is not your current password.";
const TOO_MANY_PASSWORD_CHECKS = "Too many attempts with a wrong password. Please wait a few minutes and try again.";

export type PasswordChange =
  | { ok: true; cookies: string[] }
  | { ok: false; code: "bad_request" | "rate_limited" | "conflict"; message: string; field?: "currentPassword" };

export async function changePassword(
  database: Database,
  { userId, currentPassword, newPassword, headers }: { userId: string; currentPassword: string; newPassword: string; headers: Headers },
): Promise<PasswordChange> {
  if (!(await countAttempt(database, passwordChecksPerUser, userId)).allowed)
    return { ok: false, code: "rate_limited", message: TOO_MANY_PASSWORD_CHECKS, field: "currentPassword" };
  try {
    const changed = await getAuth(database).api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    return { ok: true, cookies: changed.headers.getSetCookie() };
  } catch (error) {
    const code = isAPIError(error) ? error.body?.code : undefined;
    if (code === "INVALID_PASSWORD") return { ok: false, code: "bad_request", message: NOT_CURRENT_PASSWORD, field: "currentPassword" };
    if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND")
      return { ok: false, code: "conflict", message: "This account has no password yet. Use “E-mail me a link to set one” below." };
    throw error;
  }
}

/** Whether the current password is right (for a change of address), counted like a change of password. */
export async function checkCurrentPassword(
  database: Database,
  { userId, password, headers }: { userId: string; password: string; headers: Headers },
): Promise<{ ok: true } | { ok: false; code: "bad_request" | "rate_limited"; message: string }> {
  if (!(await countAttempt(database, passwordChecksPerUser, userId)).allowed)
    return { ok: false, code: "rate_limited", message: TOO_MANY_PASSWORD_CHECKS };
  try {
    await getAuth(database).api.verifyPassword({ body: { password }, headers });
    return { ok: true };
  } catch (error) {
    if (isAPIError(error) && error.body?.code === "INVALID_PASSWORD")
      return { ok: false, code: "bad_request", message: NOT_CURRENT_PASSWORD };
    throw error;
  }
}
