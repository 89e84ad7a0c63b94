import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { ProviderId } from "~/lib/identity-providers.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { defineRateLimit } from "~/lib/rate-limit.server.ts";

/** Sign-in attempts per client address per minute (provider redirects, e-mail sign-in and sign-up together). */
export const signInAttempts = defineRateLimit({ name: "sign-in", limit: getEnv().SIGN_IN_ATTEMPTS_PER_MINUTE, windowSeconds: 60 });

/** The sign-in page, where a failed or refused sign-in lands with its error code. */
export function signInPage(returnTo: string, error?: string): string {
  const params = new URLSearchParams({ returnTo });
  if (error) params.set("error", error);
  return `/sign-in?${params}`;
}

/**
 * Starts the authorization-code flow: Better Auth stores state, PKCE verifier and nonce (a verification row
 * plus a signed state cookie) and gives the provider's authorization URL, which the browser is sent to with
 * that cookie. The callback comes back to /api/auth/callback/{provider}.
 */
export async function startSignIn(database: Database, provider: ProviderId, returnTo: string, headers: Headers): Promise<Response> {
  try {
    const { headers: cookies, response } = await getAuth(database).api.signInSocial({
      body: { provider, callbackURL: returnTo, errorCallbackURL: signInPage(returnTo), disableRedirect: true },
      headers,
      returnHeaders: true,
    });
    if (!response.url) throw new Error("no authorization URL");
    const out = new Headers({ Location: response.url, "Cache-Control": "no-store" });
    for (const cookie of cookies.getSetCookie()) out.append("Set-Cookie", cookie);
    return new Response(null, { status: 302, headers: out });
  } catch (error) {
    logger.error({ err: error, provider }, "could not start sign-in");
    return new Response(null, {
      status: 302,
      headers: { Location: signInPage(returnTo, "provider_unavailable"), "Cache-Control": "no-store" },
    });
  }
}
