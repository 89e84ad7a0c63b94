/**
 * Accounts with Better Auth (DESIGN D5): Google and LinkedIn as OpenID Connect clients (authorization code
 * with state, PKCE and nonce), e-mail and password, sessions in our database. One instance per database
 * handle, like the caches, so tests with their own database get their own auth.
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { accounts, sessions, users, verifications } from "#db/schema/accounts.ts";
import type { Database } from "./db.server.ts";
import { failureReason } from "./errors.ts";
import { hmac } from "./hmac.server.ts";
import { getEnv, publicUrl, type Env } from "./env.server.ts";
import { identityProviders } from "./identity-providers.server.ts";
import { logger } from "./logger.server.ts";
import { pathFailure, settingError } from "./startup-failure.ts";

export const SESSION_COOKIE_PREFIX = "ib";
const SESSION_DAYS = 7;

function createAuth(database: Database, env: Env) {
  const admins = new Set(env.ADMIN_EMAILS);
  return betterAuth({
    appName: "Introbase",
    baseURL: publicUrl(env),
    basePath: "/api/auth",
    secret: authSecret(env),
    trustedOrigins: [publicUrl(env)],
    database: drizzleAdapter(database.db, { provider: "pg", usePlural: true, schema: { users, sessions, accounts, verifications } }),
    emailAndPassword: { enabled: true, minPasswordLength: 10, maxPasswordLength: 128 },
    user: {
      additionalFields: {
        // input: false: a sign-up or profile update can never set these; only the server does.
        role: { type: ["user", "admin"], required: false, defaultValue: "user", input: false },
        tier: { type: ["public", "subscriber", "premium"], required: false, defaultValue: "public", input: false },
      },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, role: admins.has(user.email.toLowerCase()) ? "admin" : "user" } }),
        },
      },
    },
    // Cookies: HttpOnly, SameSite=Lax, and Secure (with the __Secure- prefix) when PUBLIC_URL is https.
    advanced: { cookiePrefix: SESSION_COOKIE_PREFIX },
    // A failed provider callback (refused state, denied consent) lands on the sign-in page with ?error=.
    onAPIError: { errorURL: "/sign-in" },
    // Off: it cannot see the client address behind React Router and would put everyone in one bucket.
    // Sign-in attempts are limited per client address by our routes instead (features/accounts/sign-in.server.ts).
    rateLimit: { enabled: false },
    logger: { disabled: env.NODE_ENV === "test" },
    plugins: [
      genericOAuth({
        config: identityProviders(env).map((p) => ({
          providerId: p.id,
          discoveryUrl: p.discoveryUrl,
          clientId: p.clientId,
          clientSecret: p.clientSecret,
          scopes: ["openid", "profile", "email"],
          pkce: p.pkce,
          disableIdTokenNonceBinding: !p.nonce,
          requireIdTokenVerification: p.nonce,
        })),
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Database, Auth>();

export function getAuth(database: Database): Auth {
  let auth = instances.get(database);
  if (!auth) instances.set(database, (auth = createAuth(database, getEnv())));
  return auth;
}

let fileSecret: string | undefined;

/**
 * BETTER_AUTH_SECRET when set; otherwise a random secret created once and kept in AUTH_SECRET_FILE, so that
 * `npm start` needs no setup and sessions survive a restart. Tests get a fresh one per process. The server calls
 * it first thing at start: an AUTH_SECRET_FILE it cannot write stops the start with the setting's name.
 */
export function authSecret(env: Env): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  return (fileSecret ??= secretFromFile(env));
}

function secretFromFile(env: Env): string {
  if (env.NODE_ENV === "test") return (testSecret ??= randomBytes(32).toString("base64url"));
  try {
    const stored = readFileSync(env.AUTH_SECRET_FILE, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch {
    // No secret yet: create it below.
  }
  const secret = randomBytes(32).toString("base64url");
  try {
    mkdirSync(path.dirname(env.AUTH_SECRET_FILE), { recursive: true });
    writeFileSync(env.AUTH_SECRET_FILE, secret, { mode: 0o600 });
  } catch (error) {
    throw (
      pathFailure("AUTH_SECRET_FILE", env.AUTH_SECRET_FILE, error) ??
      settingError("AUTH_SECRET_FILE", `cannot write ${env.AUTH_SECRET_FILE} (${failureReason(error)})`, error)
    );
  }
  logger.info({ file: env.AUTH_SECRET_FILE }, "created a session secret (set BETTER_AUTH_SECRET to choose one)");
  return secret;
}
let testSecret: string | undefined;

/**
 * A key for one purpose (proof-of-work challenges, intro response links, ...) derived from the server secret,
 * so each use has its own key and none of them can stand in for a session signature.
 */
export async function purposeKey(database: Database, purpose: string): Promise<string> {
  const { secret } = await getAuth(database).$context;
  return hmac(secret, `introbase:${purpose}`);
}
