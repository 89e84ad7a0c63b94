import type { Route } from "./+types/api.auth.$";
import { checkAuthRequest } from "~/features/accounts/auth-request-check.server.ts";
import { signInAttempts } from "~/features/accounts/sign-in.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { getAuth } from "~/lib/auth.server.ts";
import { errorResponse } from "~/lib/http.server.ts";
import { countAttempt } from "~/lib/rate-limit.server.ts";

const PASSWORD_ATTEMPT = /^\/api\/auth\/(sign-in|sign-up)\/email$/;

/**
 * Everything else under /api/auth is Better Auth's own: the provider callbacks (/callback/{provider}),
 * e-mail sign-up and sign-in, its session endpoints. Password attempts share the sign-in rate limit. A body is
 * checked before Better Auth reads it: text the database cannot store is a 400 here, not a failed query there.
 */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { database, clientAddress } = getAppContext(context);
  if (request.method === "POST" && PASSWORD_ATTEMPT.test(new URL(request.url).pathname)) {
    const attempt = await countAttempt(database, signInAttempts, clientAddress);
    if (!attempt.allowed)
      return errorResponse("rate_limited", "Too many sign-in attempts. Please wait a minute and try again.", {
        "Retry-After": String(attempt.retryAfterSeconds),
      });
  }
  const checked = await checkAuthRequest(request);
  if (!checked.ok) return checked.response;
  return getAuth(database).handler(checked.request);
}

export const loader = handle;
export const action = handle;
