/**
 * A saved search's new results added to a list in one click (issue 37, decision 0121). Opening a saved search marks
 * it looked at, so the page that offers the button has already moved "last looked" on: the form carries the new
 * listings the page showed, and the action keeps only those the search still matches for the member and that the
 * member may open (the search's own gated matches: a listing above their plan is never among them), adds them with
 * addEntries, and marks the search looked at again, as opening it does.
 */
import { compareWithSnapshot } from "~/features/directory/server/matching-listings.server.ts";
import { normalizeLevel } from "~/features/access/tiers.ts";
import { getSavedSearch, newSinceLastLook, queryOf, type Member } from "~/features/saved-searches/saved-searches.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { notFound } from "~/lib/errors.ts";
import { activeTeam } from "../teams/team-membership.server.ts";
import { addEntries, listsVisibleTo, visibleList } from "./list-access.server.ts";

export interface ListChoice {
  id: string;
  name: string;
  /** Null: the member's private list. */
  teamName: string | null;
}

/** The member's lists for the "Add to" select: the working team's first, then their other teams', then their own. */
export async function listChoices(database: Database, userId: string): Promise<ListChoice[]> {
  const [lists, working] = await Promise.all([listsVisibleTo(database, userId), activeTeam(database, userId)]);
  const rank = (teamId: string | null) => (teamId !== null && teamId === working?.teamId ? 0 : teamId !== null ? 1 : 2);
  return lists
    .map((l, i) => ({ l, i }))
    .sort((a, b) => rank(a.l.teamId) - rank(b.l.teamId) || a.i - b.i)
    .map(({ l }) => ({ id: l.id, name: l.name, teamName: l.teamName }));
}

/**
 * Adds to `listId` the listings of `listingIds` that the saved search matches now for the member and that they may
 * open; 404 for a search or a list that is not theirs. Returns the list's name and how many were added.
 */
export async function addSavedSearchResults(
  database: Database,
  member: Member,
  input: { savedSearchId: string; listId: string; listingIds: readonly string[] },
  now = new Date(),
): Promise<{ listName: string; added: number; offered: number }> {
  const search = await getSavedSearch(database, member, input.savedSearchId);
  const list = await visibleList(database, member.id, input.listId);
  if (!list) notFound("You don't have this list.");
  const matches = await compareWithSnapshot(database, queryOf(search), { tier: normalizeLevel(member.tier) }, null, undefined, now);
  const matching = new Set(matches.next.listingIds);
  const wanted = [...new Set(input.listingIds.map((id) => id.toLowerCase()))].filter((id) => matching.has(id));
  const added = await addEntries(database, { listId: list.id, listingIds: wanted, actorId: member.id }, now);
  await newSinceLastLook(database, member, search.id, { markLooked: true, now });
  return { listName: list.name, added: added.length, offered: input.listingIds.length };
}
