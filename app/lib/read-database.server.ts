/**
 * Which connection serves a request's directory and profile reads (decision 0053). With a replica
 * (DATABASE_READ_URL) they go there, except where a reader must see what was just written:
 * - operators (admins) always read the primary: they edit, and check what they edited;
 * - a client that made a successful write (any POST, PUT, PATCH or DELETE) in the last few seconds carries a
 *   short-lived cookie (server/recent-writes.ts) and reads the primary until it lapses;
 * - for a few seconds after this process hears that listings changed, everyone reads the primary, so the caches that
 *   were just dropped are filled again from data that has the change, not from a replica still catching up.
 * Without a replica every read goes to the one database, as before.
 */
import type { Database } from "./db.server.ts";
import type { SessionUser } from "./session.server.ts";

export const RECENT_WRITE_COOKIE = "ib_recent_write";
/** How long after a write the primary serves: well beyond a healthy replica's lag (milliseconds). */
export const READ_YOUR_WRITES_MS = 5_000;

const changedAt = new WeakMap<Database, number>();

/** Listings were written (here, or by another process that said so): read the primary for a while. */
export function noteListingsChanged(database: Database, now = Date.now()): void {
  changedAt.set(database, now);
}

/** Whether the request carries the recent-write cookie; its value does not matter, only that it has not lapsed. */
export function wroteRecently(request: Request): boolean {
  const header = request.headers.get("cookie");
  if (!header) return false;
  return header.split(";").some((pair) => pair.trim().startsWith(`${RECENT_WRITE_COOKIE}=`));
}

/** The Set-Cookie value marking a client that just wrote. */
export function recentWriteCookie(secure: boolean): string {
  return `${RECENT_WRITE_COOKIE}=1; Max-Age=${READ_YOUR_WRITES_MS / 1000}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The database for this request's directory and profile reads: the replica when there is one and the request may
 * read a little behind, else `database` itself. Writes and everything cached per process always use `database`.
 */
export function readerFor(database: Database, request: Request, user: Pick<SessionUser, "role"> | null, now = Date.now()): Database {
  const { replica } = database;
  if (!replica) return database;
  if (mustSeeOwnWrites(request, user)) return database;
  const changed = changedAt.get(database);
  if (changed !== undefined && now - changed < READ_YOUR_WRITES_MS) return database;
  return replica;
}

/** Operators, and a client that wrote in the last few seconds: what they read must have what they wrote. */
function mustSeeOwnWrites(request: Request, user: Pick<SessionUser, "role"> | null): boolean {
  return user?.role === "admin" || wroteRecently(request);
}

/**
 * How a request reads the directory: from which connection (readerFor), and whether it waits for the directory index
 * to have every change this process heard of (`fresh`) or takes the one in hand (directory-index.server.ts).
 */
export interface DirectoryRead {
  reader: Database;
  fresh: boolean;
}

export function directoryReadFor(database: Database, request: Request, user: Pick<SessionUser, "role"> | null): DirectoryRead {
  return { reader: readerFor(database, request, user), fresh: mustSeeOwnWrites(request, user) };
}
