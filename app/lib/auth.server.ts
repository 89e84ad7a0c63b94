/**
 * Accounts with Better Auth (DESIGN D5): Google and LinkedIn as OpenID Connect clients (authorization code
 * with state, PKCE and nonce), e-mail and password with a verified address (DESIGN D15, decision 0031), sessions
 * in our database. One instance per database handle, like the caches, so tests with their own database get their
 * own auth.
 */
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { accounts, sessions, users, verifications } from "#db/schema/accounts.ts";
import type { Database } from "./db.server.ts";
import { decodeJwt } from "jose";
import { ACCOUNT_DISABLED, ACCOUNT_DISABLED_MESSAGE } from "./account-disabled.ts";
import { RESET_LINK_MINUTES } from "./account-emails.ts";
import { sendAccountExistsNotice, sendEmailChangeLink, sendResetLink } from "./account-mail.server.ts";
import { releaseUnverifiedAddress, sendVerificationLink, VERIFICATION_LINK_HOURS } from "./email-verification.server.ts";
import { failureReason } from "./errors.ts";
import { hmac } from "./hmac.server.ts";
import { getEnv, publicUrl, type Env } from "./env.server.ts";
import { identityProviders } from "./identity-providers.server.ts";
import { logger } from "./logger.server.ts";
import { currentRequestId } from "./request-id.server.ts";
import { hashPassword, verifyPassword } from "./password-hash.server.ts";
import { MAX_PASSWORD, MIN_PASSWORD } from "./password-rules.ts";
import { pathFailure, settingError } from "./startup-failure.ts";

const SESSION_COOKIE_PREFIX = "ib";
const SESSION_DAYS = 7;

/** The error code (on /sign-in?error=) of a provider sign-in whose address the provider has not verified. */
export const PROVIDER_EMAIL_UNVERIFIED = "provider_email_unverified";

/** A password sign-up Better Auth will go on with (its own checks, repeated so a refused one releases nothing). */
const PasswordSignUp = z.object({ name: z.string().min(1), email: z.email(), password: z.string().min(MIN_PASSWORD).max(MAX_PASSWORD) });

/** The email_verified claim as OpenID Connect providers send it (a boolean, or "true" from some). */
function providerVerified(claim: unknown): boolean {
  return claim === true || claim === "true";
}

function createAuth(database: Database, env: Env) {
  const admins = new Set(env.ADMIN_EMAILS);
  return betterAuth({
    appName: "Introbase",
    baseURL: publicUrl(env),
    basePath: "/api/auth",
    secret: authSecret(env),
    trustedOrigins: [publicUrl(env)],
    database: drizzleAdapter(database.db, { provider: "pg", usePlural: true, schema: { users, sessions, accounts, verifications } }),
    // DESIGN D15: a password account signs in only once its address is verified, through the link we mail.
    emailAndPassword: passwordAccounts(database, env),
    // A reset token is kept only as its hash: whoever reads the table (or a backup) cannot use it.
    verification: { storeIdentifier: { default: "plain", overrides: { "reset-password:": "hashed" } } },
    emailVerification: addressVerification(database, env),
    disabledPaths: SERVER_ONLY_PATHS,
    user: {
      additionalFields: {
        // input: false: a sign-up or profile update can never set these; only the server does.
        role: { type: ["user", "admin"], required: false, defaultValue: "user", input: false },
        tier: { type: ["public", "subscriber", "premium"], required: false, defaultValue: "public", input: false },
        // Set by an operator (decision 0081): getSessionUser counts no session of a disabled account.
        disabledAt: { type: "date", required: false, input: false },
      },
      // A change of address is confirmed through the link mailed to the new address (email-change.server.ts).
      changeEmail: { enabled: true },
      // A provider account is made only for an address the provider verified (D15): every account without a
      // verified address is then a password account waiting for its link.
      validateUserInfo: ({ user, source }) => {
        if (source.method === "oauth" && source.action === "create-user" && user.emailVerified !== true) {
          return { error: PROVIDER_EMAIL_UNVERIFIED, errorDescription: "The provider has not verified this e-mail address." };
        }
      },
    },
    // Linking a provider to an existing account needs both addresses verified (Better Auth's default, kept:
    // no trustedProviders, requireLocalEmailVerified left on).
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-up/email") return;
        // An unverified account does not block a new sign-up for its address: whoever confirms the link wins.
        const signUp = PasswordSignUp.safeParse(ctx.body);
        if (signUp.success) await releaseUnverifiedAddress(database, signUp.data.email);
      }),
    },
    databaseHooks: accountHooks(database, admins),
    // Cookies: HttpOnly, SameSite=Lax, and Secure (with the __Secure- prefix) when PUBLIC_URL is https.
    advanced: { cookiePrefix: SESSION_COOKIE_PREFIX },
    // A failed provider callback (refused state, denied consent) lands on the sign-in page with ?error=.
    onAPIError: { errorURL: "/sign-in" },
    // Off: it cannot see the client address behind React Router and would put everyone in one bucket.
    // Sign-in attempts are limited per client address by our routes instead (features/accounts/sign-in.server.ts).
    rateLimit: { enabled: false },
    logger: BETTER_AUTH_LOGS,
    plugins: [identityProviderSignIn(database, env)],
  });
}

/** Accounts with a password (decision 0076): Better Auth's scrypt, our mails, a reset that ends every session. */
function passwordAccounts(database: Database, env: Env) {
  return {
    enabled: true,
    // Better Auth's scrypt and stored form, its cost lowered only under Vitest (password-hash.server.ts).
    password: { hash: hashPassword, verify: verifyPassword },
    minPasswordLength: MIN_PASSWORD,
    maxPasswordLength: MAX_PASSWORD,
    requireEmailVerification: true,
    // Decision 0076: a reset link works once, for an hour, and a new password ends every session of the account.
    resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
    revokeSessionsOnPasswordReset: true,
    sendResetPassword: async ({ user, token }) => {
      await sendResetLink(database, user, token, env);
    },
    // A sign-up with an address that already has an account answers as a new one does (no stranger learns which
    // addresses have accounts); the address's owner is told by e-mail how to get back in.
    onExistingUserSignUp: async ({ user }) => {
      await sendAccountExistsNotice(database, user, env);
    },
  } satisfies BetterAuthOptions["emailAndPassword"];
}

/** The link that proves a password account's address (DESIGN D15), and the one that confirms a change of address. */
function addressVerification(database: Database, env: Env) {
  return {
    sendOnSignUp: true,
    // A password sign-in of an unverified account (right password only) mails a fresh link.
    sendOnSignIn: true,
    // Confirming happens on our page (routes/verify-email.tsx), which signs in after checking the password.
    autoSignInAfterVerification: false,
    expiresIn: VERIFICATION_LINK_HOURS * 60 * 60,
    sendVerificationEmail: async ({ user, token }) => {
      // A change of address (changeEmail) is mailed to the new address with its own words and page.
      const claims = decodeJwt(token);
      if (typeof claims.updateTo === "string" && typeof claims.email === "string") {
        await sendEmailChangeLink(database, { name: user.name, from: claims.email, to: claims.updateTo, token }, env);
      } else {
        await sendVerificationLink(database, user, token, env);
      }
    },
  } satisfies BetterAuthOptions["emailVerification"];
}

// Better Auth's own verify endpoint acts on a GET (mail scanners open links) and needs only the link: ours
// also needs the account's password, so the owner of a mailbox cannot confirm a stranger's sign-up.
// The account pages of decision 0076 call the rest on the server, behind our limits, e-mails and checks: over
// HTTP these would skip them (a reset mailed without the limit, a current password guessed without one).
const SERVER_ONLY_PATHS = [
  "/verify-email",
  "/send-verification-email",
  "/request-password-reset",
  "/reset-password",
  "/change-password",
  "/change-email",
  "/link-social",
  "/unlink-account",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
];

/**
 * What every account write passes through: no session for a disabled account, its last sign-in kept, and the admin
 * role only for an address proven at creation.
 */
function accountHooks(database: Database, admins: ReadonlySet<string>) {
  return {
    session: {
      create: {
        // Every way of signing in ends here (password, provider callback, e-mail confirmation): a disabled account
        // (decision 0081) gets no session, and an answer that says why. Reached only once the credential was right.
        // A provider callback turns the error's code into /sign-in?error=account_disabled.
        before: async (session) => {
          const [user] = await database.db
            .select({ disabledAt: users.disabledAt })
            .from(users)
            .where(eq(users.id, session.userId))
            .limit(1);
          if (user?.disabledAt) throw APIError.from("FORBIDDEN", { code: ACCOUNT_DISABLED, message: ACCOUNT_DISABLED_MESSAGE });
        },
        // The member's last sign-in, kept on their row: the session itself ends with a sign-out (/admin/members).
        // Not a change of the account: updated_at stays.
        after: async (session) => {
          await database.db
            .update(users)
            .set({ lastSignedInAt: session.createdAt, updatedAt: sql`${users.updatedAt}` })
            .where(eq(users.id, session.userId));
        },
      },
    },
    user: {
      create: {
        // ADMIN_EMAILS counts only for an address proven at creation (a provider's verified one); a password
        // account becomes admin by its verified address in getSessionUser once the link is confirmed.
        before: async (user) => ({
          data: { ...user, role: user.emailVerified === true && admins.has(user.email.toLowerCase()) ? "admin" : "user" },
        }),
      },
    },
  } satisfies BetterAuthOptions["databaseHooks"];
}

// Better Auth's lines go to our logger (never to the console), under the request's id: a failed query's
// parameters, an address or a secret in a URL are removed there (log-redaction.ts, decision 0071). Its info and
// debug lines are not asked for: they name addresses ("Sign-up attempt for existing email: …").
const BETTER_AUTH_LOGS = {
  level: "warn",
  log: (level, message, ...details: unknown[]) =>
    logger[level]({ source: "better-auth", requestId: currentRequestId(), ...(details.length ? { details } : {}) }, message),
} satisfies BetterAuthOptions["logger"];

/** Google, LinkedIn (or the local provider) as OpenID Connect clients: state, PKCE and, where the provider has it, nonce. */
function identityProviderSignIn(database: Database, env: Env) {
  return genericOAuth({
    config: identityProviders(env).map((p) => ({
      providerId: p.id,
      discoveryUrl: p.discoveryUrl,
      clientId: p.clientId,
      clientSecret: p.clientSecret,
      // The address registered with the provider, sent as is (the local provider accepts no other).
      redirectURI: p.redirectUri,
      scopes: ["openid", "profile", "email"],
      pkce: p.pkce,
      disableIdTokenNonceBinding: !p.nonce,
      requireIdTokenVerification: p.nonce,
      // Runs once the provider's answer is verified (state, PKCE, ID-token signature, nonce): a provider that
      // vouches for the address takes it from an account that never proved it (a squatter's password sign-up).
      mapProfileToUser: async (profile: Record<string, unknown>) => {
        if (providerVerified(profile.email_verified) && typeof profile.email === "string" && profile.sub != null) {
          await releaseUnverifiedAddress(database, profile.email, { providerId: p.id, accountId: String(profile.sub) });
        }
        return {};
      },
    })),
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
