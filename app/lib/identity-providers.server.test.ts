import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";
import { identityProviders } from "./identity-providers.server.ts";

describe("identityProviders", () => {
  it("points both providers at the local demo provider on our own origin when no credentials are set", () => {
    const providers = identityProviders(parseEnv({ PORT: "3210" }));
    expect(providers.map((p) => [p.id, p.local, p.discoveryUrl])).toEqual([
      ["google", true, "http://localhost:3210/dev/oidc/google/.well-known/openid-configuration"],
      ["linkedin", true, "http://localhost:3210/dev/oidc/linkedin/.well-known/openid-configuration"],
    ]);
    expect(providers.every((p) => p.pkce && p.nonce)).toBe(true);
  });

  it("names Better Auth's callback on our origin as each provider's one redirect URI", () => {
    const local = identityProviders(parseEnv({ PUBLIC_URL: "http://127.0.0.1:3210/" }));
    expect(local.map((p) => p.redirectUri)).toEqual([
      "http://127.0.0.1:3210/api/auth/callback/google",
      "http://127.0.0.1:3210/api/auth/callback/linkedin",
    ]);
    const real = identityProviders(parseEnv({ PUBLIC_URL: "https://introbase.example", GOOGLE_CLIENT_ID: "g", GOOGLE_CLIENT_SECRET: "s" }));
    expect(real[0]!.redirectUri).toBe("https://introbase.example/api/auth/callback/google");
  });

  it("uses the real provider only when both its client id and secret are set", () => {
    const providers = identityProviders(
      parseEnv({ GOOGLE_CLIENT_ID: "g-id", GOOGLE_CLIENT_SECRET: "g-secret", LINKEDIN_CLIENT_ID: "only-id" }),
    );
    expect(providers[0]).toMatchObject({ id: "google", local: false, clientId: "g-id", pkce: true, nonce: true });
    expect(providers[0]!.discoveryUrl).toBe("https://accounts.google.com/.well-known/openid-configuration");
    expect(providers[1]).toMatchObject({ id: "linkedin", local: true });
  });

  it("offers the demo provider on this machine only, unless told otherwise", () => {
    expect(identityProviders(parseEnv({ PUBLIC_URL: "http://127.0.0.1:3210" })).map((p) => p.id)).toEqual(["google", "linkedin"]);
    expect(identityProviders(parseEnv({ PUBLIC_URL: "https://introbase.example" }))).toEqual([]);
    expect(identityProviders(parseEnv({ PUBLIC_URL: "https://introbase.example", DEMO_SIGN_IN: "true" }))).toHaveLength(2);
    expect(identityProviders(parseEnv({ DEMO_SIGN_IN: "false" }))).toEqual([]);
    const realGoogleOnly = identityProviders(
      parseEnv({ PUBLIC_URL: "https://introbase.example", GOOGLE_CLIENT_ID: "g", GOOGLE_CLIENT_SECRET: "s" }),
    );
    expect(realGoogleOnly.map((p) => [p.id, p.local])).toEqual([["google", false]]);
  });

  it("turns PKCE and nonce binding off for real LinkedIn, which supports neither for web apps", () => {
    const [, linkedin] = identityProviders(parseEnv({ LINKEDIN_CLIENT_ID: "l-id", LINKEDIN_CLIENT_SECRET: "l-secret" }));
    expect(linkedin).toMatchObject({ local: false, pkce: false, nonce: false });
  });
});
