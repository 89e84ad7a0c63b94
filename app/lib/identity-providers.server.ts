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
  /** True when this provider is our local demo provider (no real client credentials configured). */
  local: boolean;
  pkce: boolean;
  /** Whether the ID token must echo our nonce. Real LinkedIn does not echo it. */
  nonce: boolean;
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
      return [{ id, discoveryUrl: REAL_DISCOVERY[id], clientId, clientSecret, local: false, pkce: !linkedin, nonce: !linkedin }];
    }
    if (!demo) return [];
    return [
      {
        id,
        discoveryUrl: `${localIssuer(env, id)}/.well-known/openid-configuration`,
        clientId: `introbase-local-${id}`,
        clientSecret: "local-demo-secret",
        local: true,
        pkce: true,
        nonce: true,
      },
    ];
  });
}
