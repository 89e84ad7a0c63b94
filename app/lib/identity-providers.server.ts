import { publicUrl, type Env } from "./env.server.ts";

export const PROVIDER_IDS = ["google", "linkedin"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const PROVIDER_NAMES: Record<ProviderId, string> = { google: "Google", linkedin: "LinkedIn" };

const REAL_DISCOVERY: Record<ProviderId, string> = {
  google: "https://accounts.google.com/.well-known/openid-configuration",
  linkedin: "https://www.linkedin.com/oauth/.well-known/openid-configuration",
};

export interface IdentityProvider {
  id: ProviderId;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * Where the provider sends the browser back: Better Auth's callback, sent as the redirect_uri and registered with
   * the provider (with Google and LinkedIn in their consoles; the local provider accepts this one only).
   */
  redirectUri: string;
  /** True when this provider is our local demo provider (no real client credentials configured). */
  local: boolean;
  pkce: boolean;
  /** Whether the ID token must echo our nonce. Real LinkedIn does not echo it. */
  nonce: boolean;
}

/** Better Auth's callback for provider `id` (its basePath is /api/auth, lib/auth.server.ts). */
function callbackUrl(env: Env, id: ProviderId): string {
  return `${publicUrl(env)}/api/auth/callback/${id}`;
}

/** Where the local demo provider for `id` is served, on our own origin. */
export function localIssuer(env: Env, id: ProviderId): string {
  return `${publicUrl(env)}/dev/oidc/${id}`;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether providers without credentials sign in through the local demo provider. It lets anyone sign in as
 * any demo user, the admin too, so by default only a server addressed as this machine offers it.
 */
function demoSignInEnabled(env: Env): boolean {
  if (env.DEMO_SIGN_IN !== "auto") return env.DEMO_SIGN_IN === "true";
  return LOCAL_HOSTS.has(new URL(publicUrl(env)).hostname);
}

/**
 * The providers one can sign in with, as OpenID Connect clients. With real credentials: the real discovery
 * document (real LinkedIn gets no PKCE and no nonce binding, which it does not support for web apps).
 * Without: the local demo provider, with PKCE and nonce on so every test exercises them; or, when demo
 * sign-in is off, none (the provider is unavailable).
 */
export function identityProviders(env: Env): IdentityProvider[] {
  const demo = demoSignInEnabled(env);
  return PROVIDER_IDS.flatMap((id): IdentityProvider[] => {
    const clientId = id === "google" ? env.GOOGLE_CLIENT_ID : env.LINKEDIN_CLIENT_ID;
    const clientSecret = id === "google" ? env.GOOGLE_CLIENT_SECRET : env.LINKEDIN_CLIENT_SECRET;
    if (clientId && clientSecret) {
      const linkedin = id === "linkedin";
      return [
        {
          id,
          discoveryUrl: REAL_DISCOVERY[id],
          clientId,
          clientSecret,
          redirectUri: callbackUrl(env, id),
          local: false,
          pkce: !linkedin,
          nonce: !linkedin,
        },
      ];
    }
    if (!demo) return [];
    return [
      {
        id,
        discoveryUrl: `${localIssuer(env, id)}/.well-known/openid-configuration`,
        clientId: `introbase-local-${id}`,
        // Known to anyone who reads this file, like the demo users: the local provider checks it so that the client's
        // authentication is exercised, not to keep anyone out (demo sign-in lets anyone in as a demo user).
        clientSecret: "local-demo-secret",
        redirectUri: callbackUrl(env, id),
        local: true,
        pkce: true,
        nonce: true,
      },
    ];
  });
}
