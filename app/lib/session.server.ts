import { desc, eq } from "drizzle-orm";
import { accounts, sessions } from "#db/schema/accounts.ts";
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
  /**
   * Set only when the request came with a team's API key (decision 0121): the key reaches that team's lists alone,
   * and only while this member is in the team. A session or a member's key leaves it unset.
   */
  keyTeamId?: string;
}

const TIERS: readonly string[] = ["public", "subscriber", "premium"];

/**
 * The user of the request's session cookie, or null (no cookie, expired, signed out or forged). An account
 * whose address is not verified counts as signed out (DESIGN D15): such sessions are not made any more, and
 * one left from before must not make its holder an admin by ADMIN_EMAILS, or anything else by that address. A
 * disabled account counts as signed out too.
 */
export async function getSessionUser(
  database: Database,
  headers: Headers,
  seen?: { clientAddress: string; now?: number },
): Promise<SessionUser | null> {
  if (!headers.get("cookie")) return null;
  const session = await getAuth(database).api.getSession({ headers, query: { disableCookieCache: true } });
  if (!session?.user.emailVerified) return null;
  // Disabled by an operator (decision 0081): its sessions were ended then; one a sign-in racing that made is not counted.
  if (session.user.disabledAt) return null;
  if (seen) await noteSessionSeen(database, session.session, { ...seen, userAgent: headers.get("user-agent") });
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

/** How often a session's "last active" moves: often enough to tell a person, seldom enough not to write on every request. */
const SESSION_SEEN_EVERY_MS = 5 * 60 * 1000;

/**
 * Keeps what the list of sessions in /settings shows (decision 0076): when a session was last used, from which
 * address and browser. Better Auth writes the row only when it extends the session (once a day), and behind our
 * server it does not see the client's address; here the row is brought up to date when it is older than
 * SESSION_SEEN_EVERY_MS or the address changed, in one conditional UPDATE.
 */
async function noteSessionSeen(
  { db }: Database,
  session: { id: string; updatedAt: Date; ipAddress?: string | null; userAgent?: string | null },
  { clientAddress, userAgent, now = Date.now() }: { clientAddress: string; userAgent: string | null; now?: number },
): Promise<void> {
  const agent = userAgent?.slice(0, 512) ?? null;
  const stale = now - new Date(session.updatedAt).getTime() >= SESSION_SEEN_EVERY_MS;
  if (!stale && session.ipAddress === clientAddress && (session.userAgent ?? null) === agent) return;
  await db
    .update(sessions)
    .set({ updatedAt: new Date(now), ipAddress: clientAddress || null, userAgent: agent })
    .where(eq(sessions.id, session.id));
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
