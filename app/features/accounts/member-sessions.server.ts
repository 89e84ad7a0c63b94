/**
 * A member's sessions (decision 0076): the list in /settings, and signing out one of them or all but this one. The
 * list is read from the sessions table (Better Auth's listSessions refuses a session older than a day, and would
 * hand the browser every session's token); signing out goes through Better Auth's revokeSession and
 * revokeOtherSessions. A session is named to the browser by its id, never by its token, and only the member's own
 * sessions can be named: another member's id is "not found", as an id that does not exist is.
 */
import { and, desc, eq, gt } from "drizzle-orm";
import { sessions } from "#db/schema/accounts.ts";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { describeUserAgent } from "./user-agent.ts";

export interface MemberSession {
  id: string;
  /** "Firefox on Windows", from the browser's User-Agent. */
  device: string;
  /** The client address it was last used from, when known. */
  address: string | null;
  lastActive: string;
  signedIn: string;
  /** Whether it is the session of the browser asking. */
  current: boolean;
}

export async function listMemberSessions(database: Database, userId: string, headers: Headers, now = Date.now()): Promise<MemberSession[]> {
  const [current, rows] = await Promise.all([
    getAuth(database).api.getSession({ headers, query: { disableCookieCache: true } }),
    database.db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ipAddress: sessions.ipAddress,
        updatedAt: sessions.updatedAt,
        createdAt: sessions.createdAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date(now))))
      .orderBy(desc(sessions.updatedAt))
      .limit(50),
  ]);
  const currentId = current?.user.id === userId ? current.session.id : null;
  return rows
    .map((row) => ({
      id: row.id,
      device: describeUserAgent(row.userAgent),
      address: row.ipAddress,
      lastActive: row.updatedAt.toISOString(),
      signedIn: row.createdAt.toISOString(),
      current: row.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs out one of the member's other sessions, named by its id. */
export async function revokeMemberSession(
  database: Database,
  { userId, sessionId, headers }: { userId: string; sessionId: string; headers: Headers },
) {
  const [row] = await database.db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  if (!row) notFound("That session was not found: it may have ended already.");
  const current = await getAuth(database).api.getSession({ headers, query: { disableCookieCache: true } });
  if (current?.session.id === sessionId) throw new AppError("conflict", "That is this browser's session: use Sign Out to end it.");
  await getAuth(database).api.revokeSession({ body: { token: row.token }, headers });
}

/** Signs out every session of the member but this browser's. */
export async function revokeOtherMemberSessions(database: Database, headers: Headers): Promise<void> {
  await getAuth(database).api.revokeOtherSessions({ headers });
}
