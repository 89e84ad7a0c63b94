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

/**
 * Both providers as OpenID Connect clients. With real credentials: the real discovery document (real
 * LinkedIn gets no PKCE and no nonce binding, which it does not support for web apps). Without: the local
 * provider, with PKCE and nonce on so every test exercises them.
 */
export function identityProviders(env: Env): IdentityProvider[] {
  return PROVIDER_IDS.map((id) => {
    const clientId = id === "google" ? env.GOOGLE_CLIENT_ID : env.LINKEDIN_CLIENT_ID;
    const clientSecret = id === "google" ? env.GOOGLE_CLIENT_SECRET : env.LINKEDIN_CLIENT_SECRET;
    if (clientId && clientSecret) {
      const linkedin = id === "linkedin";
      return { id, discoveryUrl: REAL_DISCOVERY[id], clientId, clientSecret, local: false, pkce: !linkedin, nonce: !linkedin };
    }
    return {
      id,
      discoveryUrl: `${localIssuer(env, id)}/.well-known/openid-configuration`,
      clientId: `introbase-local-${id}`,
      clientSecret: "local-demo-secret",
      local: true,
      pkce: true,
      nonce: true,
    };
  });
}
