/**
 * The lists JSON API's guards and answers (issue 37, decision 0121); routes api.lists*.ts are thin. Who calls decides
 * which lists they reach ("scope"): a signed-in session or a member's API key reaches the member's private lists and
 * their teams' lists (listsVisibleTo); a team's API key reaches that team's lists only, and nothing once its member
 * has left the team (membership is read on every call). A list out of scope answers 404 exactly as an unknown one.
 */
import { and, asc, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { listEntries, listEntryTags } from "#db/schema/lists.ts";
import { viewerFor } from "~/features/access/viewer.ts";
import { getAppContext } from "~/lib/app-context.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { parse } from "~/lib/parse.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { teamMembership } from "../teams/team-membership.server.ts";
import { listsVisibleTo, visibleList, type ListSummary } from "./list-access.server.ts";
import { listColumnsOf, readListEntries, type ListColumn, type ListEntry } from "./list-entries.server.ts";
import type { ListEntrySchema, ListSchema } from "./lists-api-schema.ts";

const NOT_YOUR_LIST = "You don't have this list.";

export interface ListsCaller {
  user: SessionUser;
  database: Database;
  /** Null: every list the member sees; a team's id: a team key's calls reach only that team's lists. */
  teamId: string | null;
}

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The caller and their scope; 401 signed out; 403 for a team key whose member is no longer in its team. */
export async function requireListsCaller({ context }: Args): Promise<ListsCaller> {
  const { database, user } = getAppContext(context);
  if (!user) throw new AppError("unauthorized", "Sign in, or send an API key, to use lists.");
  if (!user.keyTeamId) return { user, database, teamId: null };
  const membership = await teamMembership(database, user.id, user.keyTeamId);
  if (!membership) throw new AppError("forbidden", "This API key is for a team you are no longer in. Create a new key in Settings.");
  return { user, database, teamId: membership.teamId };
}

/** The lists in the caller's scope. */
export function listsInScope(caller: ListsCaller): Promise<ListSummary[]> {
  return listsVisibleTo(caller.database, caller.user.id, caller.teamId === null ? undefined : { teamId: caller.teamId });
}

/** The list if it is in the caller's scope, else 404 whether or not it exists. */
export async function requireListInScope(caller: ListsCaller, listId: string): Promise<ListSummary> {
  const list = await visibleList(caller.database, caller.user.id, listId);
  if (!list || (caller.teamId !== null && list.teamId !== caller.teamId)) notFound(NOT_YOUR_LIST);
  return list;
}

/** The entry of this list with this id, else 404. */
export async function requireEntryOf(caller: ListsCaller, listId: string, entryId: string): Promise<{ id: string; listingId: string }> {
  const [entry] = await caller.database.db
    .select({ id: listEntries.id, listingId: listEntries.listingId })
    .from(listEntries)
    .where(and(eq(listEntries.id, entryId), eq(listEntries.listId, listId)));
  if (!entry) notFound("This list has no entry with that id.");
  return entry;
}

export function listJson(list: ListSummary, columns?: ListColumn[]): z.infer<typeof ListSchema> {
  return {
    id: list.id,
    name: list.name,
    team: list.teamId ? { id: list.teamId, name: list.teamName ?? "" } : null,
    entries: list.entries,
    updatedAt: list.updatedAt.toISOString(),
    ...(columns ? { columns: columns.map((c) => ({ id: c.id, name: c.name, position: c.position })) } : {}),
  };
}

/** The entry's listing as the caller's card shows it: a locked teaser's fields only, an open card's few more. */
function listingOfEntry(card: NonNullable<ListEntry["card"]>): z.infer<typeof ListEntrySchema>["listing"] {
  const shown = {
    id: card.id,
    name: card.name,
    type: card.type,
    url: `/profile/${card.type}/${card.slug}`,
    tagline: card.tagline,
    fundingStage: card.fundingStage,
    industries: card.industry,
    access: card.listingVisibility,
  };
  return card.locked
    ? { locked: true, ...shown }
    : { locked: false, ...shown, countries: card.countries, businessModel: card.businessModel };
}

/** An entry with its listing exactly as the caller's card shows it (a teaser above their plan, null when unpublished). */
function entryJson(entry: ListEntry, columns: ListColumn[]): z.infer<typeof ListEntrySchema> {
  const card = entry.card;
  return {
    id: entry.id,
    column: { id: entry.columnId, name: columns.find((c) => c.id === entry.columnId)?.name ?? "" },
    position: entry.position,
    listingId: entry.listingId,
    listing: card ? listingOfEntry(card) : null,
    addedBy: entry.addedBy,
    addedAt: entry.addedAt.toISOString(),
    movedAt: entry.movedAt.toISOString(),
    tags: entry.tags,
    notes: entry.notes,
  };
}

/** The list's columns and entries as the caller sees them. */
export async function entriesJson(caller: ListsCaller, listId: string) {
  const [columns, entries] = await Promise.all([
    listColumnsOf(caller.database, listId),
    readListEntries(caller.database, listId, viewerFor(caller.user)),
  ]);
  return { columns, entries: entries.map((e) => entryJson(e, columns)) };
}

/** A JSON (or form) body through its schema; anything else is a 400 naming the field. */
export function parseListsBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== "object") throw new AppError("bad_request", "Send a JSON object.");
  return parse(schema, body);
}

/**
 * Where a new list goes: `teamId` is one of the caller's teams (404 otherwise, as for a stranger); a team key always
 * makes its own team's list (another team named is refused).
 */
export async function createListFor(caller: ListsCaller, teamId: string | null): Promise<{ userId: string } | { teamId: string }> {
  if (caller.teamId !== null) {
    if (teamId !== null && teamId.toLowerCase() !== caller.teamId) notFound("You are not in this team.");
    return { teamId: caller.teamId };
  }
  if (teamId === null) return { userId: caller.user.id };
  const membership = await teamMembership(caller.database, caller.user.id, teamId);
  if (!membership) notFound("You are not in this team.");
  return { teamId: membership.teamId };
}

/** An entry's tags, in order. */
export async function entryTags(caller: ListsCaller, entryId: string): Promise<string[]> {
  const rows = await caller.database.db
    .select({ tag: listEntryTags.tag })
    .from(listEntryTags)
    .where(eq(listEntryTags.entryId, entryId))
    .orderBy(asc(listEntryTags.tag));
  return rows.map((r) => r.tag);
}
