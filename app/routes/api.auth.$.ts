import type { Route } from "./+types/api.auth.$";
import { signInPerAccount, TOO_MANY_SIGN_INS } from "~/features/accounts/account-limits.server.ts";
import { checkAuthRequest } from "~/features/accounts/auth-request-check.server.ts";
import { signInAttempts } from "~/features/accounts/sign-in.server.ts";
import { addressSubject } from "~/lib/account-mail.server.ts";
import { guardPublicForm } from "~/features/verification/public-form-guard.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { getAuth } from "~/lib/auth.server.ts";
import { AppError } from "~/lib/errors.ts";

const PASSWORD_ATTEMPT = /^\/api\/auth\/(sign-in|sign-up)\/email$/;
const PASSWORD_SIGN_IN = "/api/auth/sign-in/email";

/**
 * Everything else under /api/auth is Better Auth's own: the provider callbacks (/callback/{provider}),
 * e-mail sign-up and sign-in, its session endpoints. Password attempts share the sign-in rate limit; a password
 * sign-in is also counted against its account (decision 0076), as on the sign-in page. A body is
 * checked before Better Auth reads it: text the database cannot store is a 400 here, not a failed query there.
 */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { database, clientAddress } = getAppContext(context);
  if (request.method === "POST" && PASSWORD_ATTEMPT.test(new URL(request.url).pathname)) {
    const message = "Too many sign-in attempts. Please wait a minute and try again.";
    const guard = await guardPublicForm(database, { limit: { rateLimit: signInAttempts, subject: clientAddress, message } });
    if (!guard.ok) throw new AppError(guard.code, guard.message, { headers: guard.headers });
  }
  const checked = await checkAuthRequest(request);
  if (!checked.ok) return checked.response;
  const email = (checked.fields as { email?: unknown } | undefined)?.email;
  if (request.method === "POST" && new URL(request.url).pathname === PASSWORD_SIGN_IN && typeof email === "string") {
    const limit = { rateLimit: signInPerAccount, subject: addressSubject(email), message: TOO_MANY_SIGN_INS };
    const guard = await guardPublicForm(database, { limit });
    if (!guard.ok) throw new AppError(guard.code, guard.message, { headers: guard.headers });
  }
  return getAuth(database).handler(checked.request);
}

export const loader = handle;
export const action = handle;
