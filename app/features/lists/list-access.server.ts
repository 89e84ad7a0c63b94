/**
 * Lists (issue 37, decision 0118): who may see and change a list, and the writes every way of filling one shares.
 * A private list is its member's alone; a team's list is every member's of that team while they are in it (leaving
 * the team loses it). Every list page and endpoint goes through `requireList`: a list the member may not see answers
 * 404 whether or not it exists.
 */
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { listColumns, listEntries, listEvents, lists, type ListEventAction } from "#db/schema/lists.ts";
import { users } from "#db/schema/accounts.ts";
import { teamMemberships, teams } from "#db/schema/teams.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { execRows, uuidArray, type Database, type Db } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { requireSignedIn } from "../teams/team-membership.server.ts";
import { MAX_LIST_ENTRIES, MAX_LISTS_PER_KEEPER } from "./list-rules.ts";

export { MAX_LIST_COLUMNS } from "./list-rules.ts";

/** The columns a new list starts with; its members rename, add, order and remove them. */
export const DEFAULT_LIST_COLUMNS = ["Sourced", "Contacted", "Meeting", "Passed"] as const;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Writer = Db | Tx;

export interface ListSummary {
  id: string;
  name: string;
  /** Null: the member's private list. */
  teamId: string | null;
  teamName: string | null;
  /** Who made the list (null once their account is gone): on a team's list, they may delete it (decision 0120). */
  createdBy: string | null;
  entries: number;
  updatedAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The condition "the member may see this list": theirs, or their team's while they are in the team. */
function visibleTo(userId: string) {
  const myTeams = sql`(SELECT ${teamMemberships.teamId} FROM ${teamMemberships} WHERE ${teamMemberships.userId} = ${userId})`;
  return or(eq(lists.userId, userId), sql`${lists.teamId} IN ${myTeams}`)!;
}

/** Every list the member may see: their own, then their teams', by name. `teamId` narrows to one team's (null: own). */
export async function listsVisibleTo(
  { db }: Database | { db: Db },
  userId: string,
  only?: { teamId: string | null },
): Promise<ListSummary[]> {
  const narrow = only === undefined ? undefined : only.teamId === null ? isNull(lists.teamId) : eq(lists.teamId, only.teamId);
  return db
    .select({
      id: lists.id,
      name: lists.name,
      teamId: lists.teamId,
      teamName: teams.name,
      createdBy: lists.createdBy,
      entries: sql<number>`(SELECT count(*)::int FROM ${listEntries} WHERE ${listEntries.listId} = ${lists.id})`,
      updatedAt: lists.updatedAt,
    })
    .from(lists)
    .leftJoin(teams, eq(teams.id, lists.teamId))
    .where(and(visibleTo(userId), narrow))
    .orderBy(sql`${lists.teamId} IS NOT NULL`, asc(lists.name), asc(lists.id));
}

/** The list with this id if the member may see it, else null. */
export async function visibleList(database: Database | { db: Db }, userId: string, listId: string): Promise<ListSummary | null> {
  if (!UUID.test(listId)) return null;
  const [found] = (await listsVisibleTo(database, userId)).filter((l) => l.id === listId.toLowerCase());
  return found ?? null;
}

/** The lists' guard: the member's list, or 404 "You don't have this list." (sign-in first when signed out). */
export async function requireList(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  listId: string,
): Promise<{ user: SessionUser; list: ListSummary }> {
  const user = requireSignedIn(args);
  const { database } = getAppContext(args.context);
  const list = await visibleList(database, user.id, listId);
  if (!list) notFound("You don't have this list.");
  return { user, list };
}

/** Writes one line of a list's history and marks the list changed. */
export async function recordListEvent(
  db: Writer,
  event: {
    listId: string;
    actorId: string | null;
    action: ListEventAction;
    listingId?: string | null;
    detail?: Record<string, string | number>;
  },
  now: Date,
): Promise<void> {
  await db.insert(listEvents).values({
    listId: event.listId,
    actorId: event.actorId,
    action: event.action,
    listingId: event.listingId ?? null,
    detail: event.detail ?? null,
    at: now,
  });
  await db.update(lists).set({ updatedAt: now }).where(eq(lists.id, event.listId));
}

/** Creates a list with its starting columns; `keeper` is the member (private) or the team (shared). Returns its id. */
export async function createList(
  database: Database | { db: Db },
  list: { name: string; keeper: { userId: string } | { teamId: string }; createdBy: string; columns?: readonly string[] },
  now = new Date(),
): Promise<string> {
  return database.db.transaction(async (tx) => {
    // The keeper's row lock orders concurrent creations, so the limit holds across tabs and servers (decision 0120).
    const { keeper } = list;
    if ("userId" in keeper) await tx.select({ id: users.id }).from(users).where(eq(users.id, keeper.userId)).for("update");
    else await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, keeper.teamId)).for("update");
    const keeperLists = "userId" in keeper ? eq(lists.userId, keeper.userId) : eq(lists.teamId, keeper.teamId);
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(lists)
      .where(keeperLists);
    if ((held?.n ?? 0) >= MAX_LISTS_PER_KEEPER) {
      const whose = "userId" in keeper ? "You have" : "This team has";
      throw new AppError("conflict", `${whose} ${MAX_LISTS_PER_KEEPER} lists, the most there can be. Delete one first.`);
    }
    const [row] = await tx
      .insert(lists)
      .values({
        name: list.name,
        userId: "userId" in list.keeper ? list.keeper.userId : null,
        teamId: "teamId" in list.keeper ? list.keeper.teamId : null,
        createdBy: list.createdBy,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: lists.id });
    const columns = list.columns ?? DEFAULT_LIST_COLUMNS;
    await tx.insert(listColumns).values(columns.map((name, position) => ({ listId: row!.id, name, position })));
    await recordListEvent(tx, { listId: row!.id, actorId: list.createdBy, action: "created", detail: { name: list.name } }, now);
    return row!.id;
  });
}

/**
 * Adds published listings to a list, into its first column (or `columnId`), after what is there; listings already on
 * it, unpublished or unknown are left out. One history line per listing added. Whether the member may open each
 * listing is the caller's check (the same gate as the card they added it from). Returns the ids added.
 */
export async function addEntries(
  database: Database | { db: Db },
  add: { listId: string; listingIds: readonly string[]; actorId: string; columnId?: string },
  now = new Date(),
): Promise<string[]> {
  if (!add.listingIds.length) return [];
  return database.db.transaction(async (tx) => {
    // The list's row lock orders concurrent adds, so positions do not collide and a listing is added once.
    await tx.select({ id: lists.id }).from(lists).where(eq(lists.id, add.listId)).for("update");
    const columns = await tx
      .select({ id: listColumns.id })
      .from(listColumns)
      .where(and(eq(listColumns.listId, add.listId), add.columnId ? eq(listColumns.id, add.columnId) : undefined))
      .orderBy(asc(listColumns.position))
      .limit(1);
    const column = columns[0];
    if (!column) notFound("That column is not on this list.");
    const wanted = [...new Set(add.listingIds.map((id) => id.toLowerCase()))].filter((id) => UUID.test(id));
    if (!wanted.length) return [];
    const published = await execRows<{ id: string }>(
      tx,
      sql`SELECT id FROM listings WHERE id = ANY(${uuidArray(wanted)}) AND processing_status = 'published'`,
    );
    const present = await tx
      .select({ listingId: listEntries.listingId })
      .from(listEntries)
      .where(and(eq(listEntries.listId, add.listId), inArray(listEntries.listingId, wanted)));
    const publishedIds = new Set(published.map((r) => r.id));
    const already = new Set(present.map((p) => p.listingId));
    const fresh = wanted.filter((id) => publishedIds.has(id) && !already.has(id));
    if (!fresh.length) return [];
    // Counted under the list's lock, so two tabs adding the last places cannot both pass (decision 0120).
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(listEntries)
      .where(eq(listEntries.listId, add.listId));
    const room = MAX_LIST_ENTRIES - (held?.n ?? 0);
    if (fresh.length > room) {
      throw new AppError(
        "conflict",
        room <= 0
          ? `This list is full: a list holds at most ${MAX_LIST_ENTRIES.toLocaleString("en-US")} listings. Remove some first.`
          : `This list has room for ${room} more listing${room === 1 ? "" : "s"} (at most ${MAX_LIST_ENTRIES.toLocaleString("en-US")}); you chose ${fresh.length}.`,
      );
    }
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${listEntries.position}), -1)::int` })
      .from(listEntries)
      .where(eq(listEntries.columnId, column.id));
    await tx.insert(listEntries).values(
      fresh.map((listingId, i) => ({
        listId: add.listId,
        listingId,
        columnId: column.id,
        position: (last?.max ?? -1) + 1 + i,
        addedBy: add.actorId,
        addedAt: now,
        movedAt: now,
      })),
    );
    for (const listingId of fresh) await recordListEvent(tx, { listId: add.listId, actorId: add.actorId, action: "added", listingId }, now);
    return fresh;
  });
}
