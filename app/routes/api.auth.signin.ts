import { redirect } from "react-router";
import type { Route } from "./+types/api.auth.signin";
import { safeReturnTo } from "~/features/accounts/return-to.ts";
import { signInAttempts, signInPage, startSignIn } from "~/features/accounts/sign-in.server.ts";
import { guardPublicForm } from "~/features/verification/public-form-guard.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { getEnv } from "~/lib/env.server.ts";
import { identityProviders, PROVIDER_IDS, type ProviderId } from "~/lib/identity-providers.server.ts";

/** GET /api/auth/signin?provider=google|linkedin (default linkedin)&returnTo=/path: a browser redirect to the provider. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, clientAddress } = getAppContext(context);
  const url = new URL(request.url);
  const provider = (url.searchParams.get("provider") ?? "linkedin").toLowerCase();
  if (!(PROVIDER_IDS as readonly string[]).includes(provider)) {
    throw new AppError("bad_request", `Unknown provider "${provider.slice(0, 40)}". Use google or linkedin.`);
  }
  const message = "Too many sign-in attempts. Please wait a minute and try again.";
  const guard = await guardPublicForm(database, { limit: { rateLimit: signInAttempts, subject: clientAddress, message } });
  if (!guard.ok) throw new AppError(guard.code, guard.message, { headers: guard.headers });
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  if (!identityProviders(getEnv()).some((p) => p.id === provider)) {
    // No client configured and demo sign-in off: say so on the sign-in page instead of failing at the provider.
    return redirect(signInPage(returnTo, "provider_unavailable"), { headers: { "Cache-Control": "no-store" } });
  }
  return startSignIn(database, provider as ProviderId, returnTo, request.headers);
}
