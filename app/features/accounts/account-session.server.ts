import { z } from "zod";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import { parse } from "~/lib/parse.ts";
import { getSignInProvider, type SessionUser, type SignInProvider } from "~/lib/session.server.ts";
import { csrfTokenFor, isValidCsrfToken, newAnonymousId } from "./csrf-token.server.ts";

/** What /api/auth/me and the session call send about a user: spec 01 §3's working model of a signed-in user. */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  provider: SignInProvider;
  tier: SessionUser["tier"];
  role: SessionUser["role"];
}

export async function toPublicUser(database: Database, user: SessionUser): Promise<PublicUser> {
  return { ...user, provider: await getSignInProvider(database, user.id) };
}

async function secretOf(database: Database): Promise<string> {
  return (await getAuth(database).$context).secret;
}

const ANONYMOUS_COOKIE = "ib.csrf";

function cookieValue(headers: Headers, name: string): string | undefined {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/**
 * The CSRF token for this browser: bound to its session, or, signed out, to a random id in a cookie that
 * is set here when missing.
 */
export async function issueCsrfToken(database: Database, headers: Headers): Promise<{ csrfToken: string; setCookie?: string }> {
  const session = await getAuth(database).api.getSession({ headers });
  const secret = await secretOf(database);
  if (session) return { csrfToken: csrfTokenFor(secret, session.session.id) };
  const existing = cookieValue(headers, ANONYMOUS_COOKIE);
  const id = existing && /^[\w-]{16,64}$/.test(existing) ? existing : newAnonymousId();
  const secure = publicUrl(getEnv()).startsWith("https://") ? "; Secure" : "";
  const setCookie = existing === id ? undefined : `${ANONYMOUS_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400${secure}`;
  return { csrfToken: csrfTokenFor(secret, `anonymous:${id}`), setCookie };
}

export async function getSessionPayload(database: Database, headers: Headers) {
  const session = await getAuth(database).api.getSession({ headers });
  return session ? { session, expires: session.session.expiresAt.toISOString() } : null;
}

const SessionUpdate = z.object({
  csrfToken: z.string({ error: "csrfToken is required." }).min(1, "csrfToken is required."),
  data: z
    .object({
      name: z
        .string({ error: "name must be a string." })
        .trim()
        .min(1, "name must not be empty.")
        .max(100, "name must be at most 100 characters.")
        .optional(),
    })
    .strict()
    .default({}),
});

/** POST /api/auth/session: checks the CSRF token, then updates what a user may change about themselves (their name). */
export async function updateSession(database: Database, headers: Headers, body: unknown): Promise<void> {
  const update = parse(SessionUpdate, body);
  const session = await getAuth(database).api.getSession({ headers });
  if (!session) throw new AppError("unauthorized", "Not signed in.");
  if (!isValidCsrfToken(await secretOf(database), session.session.id, update.csrfToken)) {
    throw new AppError("forbidden", "Invalid CSRF token.");
  }
  if (update.data.name !== undefined) {
    await getAuth(database).api.updateUser({ headers, body: { name: update.data.name } });
  }
}
