import { desc, eq } from "drizzle-orm";
import { accounts } from "#db/schema/accounts.ts";
import { getAuth } from "./auth.server.ts";
import type { Database } from "./db.server.ts";
import { getEnv } from "./env.server.ts";

export type Tier = "public" | "subscriber" | "premium";
export type Role = "user" | "admin";
export type SignInProvider = "google" | "linkedin" | "other";

/** The signed-in user as every loader sees it; tier and role are read from the database on each request. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  role: Role;
  tier: Tier;
}

const TIERS: readonly string[] = ["public", "subscriber", "premium"];

/**
 * The user of the request's session cookie, or null (no cookie, expired, signed out or forged). An account
 * whose address is not verified counts as signed out (DESIGN D15): such sessions are not made any more, and
 * one left from before must not make its holder an admin by ADMIN_EMAILS, or anything else by that address.
 */
export async function getSessionUser(database: Database, headers: Headers): Promise<SessionUser | null> {
  if (!headers.get("cookie")) return null;
  const session = await getAuth(database).api.getSession({ headers, query: { disableCookieCache: true } });
  if (!session?.user.emailVerified) return null;
  const { user } = session;
  const admin = user.role === "admin" || getEnv().ADMIN_EMAILS.includes(user.email.toLowerCase());
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    picture: user.image ?? null,
    role: admin ? "admin" : "user",
    tier: TIERS.includes(String(user.tier)) ? (user.tier as Tier) : "public",
  };
}

/** How the user last signed in: the provider of their most recently used account. */
export async function getSignInProvider({ db }: Database, userId: string): Promise<SignInProvider> {
  const [latest] = await db
    .select({ providerId: accounts.providerId })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(desc(accounts.updatedAt))
    .limit(1);
  return latest?.providerId === "google" || latest?.providerId === "linkedin" ? latest.providerId : "other";
}
