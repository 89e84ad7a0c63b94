/**
 * The ways into an account (decision 0076): its password, and the Google and LinkedIn identities linked to it.
 * Linking goes through Better Auth's linkSocial and the provider's real authorization flow; Better Auth links only an
 * identity whose address the provider has verified and which is the account's own address (DESIGN D15: no trusted
 * providers, different addresses not allowed). Unlinking is ours: one statement under the account's lock that
 * removes the identity only if another way in stays (a password, or another identity). Better Auth's unlinkAccount
 * counts a password-less credential row as a way in and checks and deletes in two steps, so two unlinks at once
 * could each leave the other as the last way in and then remove it.
 */
import { and, eq } from "drizzle-orm";
import { accounts } from "#db/schema/accounts.ts";
import { underLock } from "~/lib/atomic-limit.server.ts";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv } from "~/lib/env.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { identityProviders, PROVIDER_IDS, PROVIDER_NAMES, type ProviderId } from "~/lib/identity-providers.server.ts";
import { logger } from "~/lib/logger.server.ts";

export interface SignInMethods {
  /** Whether the account has a password. */
  password: boolean;
  providers: Array<{ id: ProviderId; name: string; linked: boolean; available: boolean }>;
}

const LAST_WAY_IN = "This is the only way into your account, so it cannot be removed. Add a password or link another provider first.";

function waysIn<R extends { providerId: string; password: string | null }>(rows: R[]): R[] {
  return rows.filter((r) => r.providerId !== "credential" || Boolean(r.password));
}

export async function listSignInMethods(database: Database, userId: string): Promise<SignInMethods> {
  const rows = await database.db
    .select({ providerId: accounts.providerId, password: accounts.password })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  const configured = new Set(identityProviders(getEnv()).map((p) => p.id));
  return {
    password: rows.some((r) => r.providerId === "credential" && Boolean(r.password)),
    providers: PROVIDER_IDS.map((id) => ({
      id,
      name: PROVIDER_NAMES[id],
      linked: rows.some((r) => r.providerId === id),
      available: configured.has(id),
    })),
  };
}

/**
 * Starts linking `provider` to the signed-in account: Better Auth stores state, PKCE verifier and nonce with the
 * account's id and address, and the browser goes to the provider with the state cookie. The callback comes back to
 * /settings (?linked= on success, ?linkError= with Better Auth's code otherwise).
 */
export async function startLinking(database: Database, provider: ProviderId, headers: Headers): Promise<Response> {
  if (!identityProviders(getEnv()).some((p) => p.id === provider))
    throw new AppError("bad_request", `${PROVIDER_NAMES[provider]} sign-in is not available on this site.`);
  try {
    const { headers: cookies, response } = await getAuth(database).api.linkSocialAccount({
      body: {
        provider,
        callbackURL: `/settings?linked=${provider}`,
        errorCallbackURL: `/settings?linkError=${provider}`,
        disableRedirect: true,
      },
      headers,
      returnHeaders: true,
    });
    const out = new Headers({ Location: response.url, "Cache-Control": "no-store" });
    for (const cookie of cookies.getSetCookie()) out.append("Set-Cookie", cookie);
    return new Response(null, { status: 302, headers: out });
  } catch (error) {
    // As a failed sign-in start does (sign-in.server.ts): the page says so.
    logger.error({ err: error, provider }, "could not start linking");
    const location = `/settings?linkError=${provider}&error=provider_unavailable`;
    return new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "no-store" } });
  }
}

/** Removes the account's `provider` identity, unless it is the last way in. */
export async function unlinkProvider(database: Database, userId: string, provider: ProviderId): Promise<void> {
  await underLock(database, `sign-in-methods:${userId}`, async ({ db }) => {
    const rows = await db
      .select({ id: accounts.id, providerId: accounts.providerId, password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, userId));
    const target = rows.find((r) => r.providerId === provider);
    if (!target) notFound(`Your account is not linked to ${PROVIDER_NAMES[provider]}.`);
    if (waysIn(rows).filter((r) => r.id !== target.id).length === 0) throw new AppError("conflict", LAST_WAY_IN);
    await db.delete(accounts).where(and(eq(accounts.id, target.id), eq(accounts.userId, userId)));
  });
}
