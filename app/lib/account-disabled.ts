/**
 * A disabled account (decision 0081): an operator turned its sign-in off at /admin/members. The one code and sentence
 * every way of signing in answers with (password, Google, LinkedIn, an API key), so the member learns why instead of
 * being told their password is wrong. Said only once the credential was right: a stranger learns nothing.
 */

/** The code Better Auth's answers and the sign-in page's `?error=` carry. */
export const ACCOUNT_DISABLED = "account_disabled";

export const ACCOUNT_DISABLED_MESSAGE =
  "This account is disabled: it cannot sign in. If you think this is a mistake, contact the site's operators.";

/** What an API key of a disabled account is answered. */
export const ACCOUNT_DISABLED_KEY_MESSAGE = "The account this API key belongs to is disabled: its keys do not work while it is.";

/** Whether a thrown Better Auth error is the refusal of a disabled account. */
export function isAccountDisabledError(error: unknown): boolean {
  const body = (error as { body?: { code?: unknown } } | null)?.body;
  return typeof body?.code === "string" && body.code === ACCOUNT_DISABLED;
}
