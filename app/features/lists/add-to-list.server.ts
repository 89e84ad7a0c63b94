/**
 * Adding listings to a list from a card, a profile or a selection of search results (issue 37, decision 0120). The
 * member may add only what they may open: each listing passes the directory card's gate for the member's plan, and a
 * locked teaser is left out (named in the answer) however the ids were posted. The list is one the member has
 * (requireList's rule), or a new one made on the way.
 */
import { viewerFor } from "~/features/access/viewer.ts";
import { gatedCardsByIds } from "~/features/directory/server/search-listings.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { memberTeams, type TeamMembership } from "../teams/team-membership.server.ts";
import { addEntries, listsVisibleTo, visibleList, type ListSummary } from "./list-access.server.ts";
import { createListFor } from "./list-keeping.server.ts";
import { isUuid, MAX_ADD_AT_ONCE } from "./list-rules.ts";

export interface ChosenListing {
  id: string;
  name: string;
  /** Above the member's plan: shown by name (its teaser), never added. */
  locked: boolean;
}

/** The listing ids of a request, once each; junk is dropped, more than MAX_ADD_AT_ONCE is refused. */
export function chosenIds(values: readonly unknown[]): string[] {
  const ids = [...new Set(values.filter(isUuid).map((id) => id.toLowerCase()))];
  if (ids.length > MAX_ADD_AT_ONCE) throw new AppError("bad_request", `Choose at most ${MAX_ADD_AT_ONCE} listings at once.`);
  return ids;
}

/** What the "Add to list" page shows: the chosen listings as the member's cards name them, their lists and teams. */
export async function addToListChoices(
  database: Database,
  user: SessionUser,
  ids: readonly string[],
): Promise<{ listings: ChosenListing[]; lists: ListSummary[]; teams: TeamMembership[] }> {
  const [cards, lists, teams] = await Promise.all([
    gatedCardsByIds(database, ids, viewerFor(user)),
    listsVisibleTo(database, user.id),
    memberTeams(database, user.id),
  ]);
  return { listings: cards.map((c) => ({ id: c.id, name: c.name, locked: c.locked === true })), lists, teams };
}

export type AddTarget = { listId: string } | { newList: { name: string; keeper: string } };

export interface AddOutcome {
  listId: string;
  listName: string;
  added: number;
  /** Already on the list. */
  already: number;
  /** Left out: above the member's plan. */
  locked: string[];
}

export type SkipReason = "locked" | "unknown" | "already_on_list";

/**
 * The one way listings go onto a list (the pages and the API): each passes the card's gate for the member's plan, and
 * what is left out comes back with why: above their plan ("locked"), not in the directory ("unknown"), or already
 * on the list. `columnId` (the first column when absent) must be one of the list's columns, else 404.
 */
export async function addOpenListings(
  database: Database,
  user: SessionUser,
  add: { listId: string; listingIds: readonly string[]; columnId?: string },
  now: Date,
): Promise<{ added: string[]; skipped: Array<{ listingId: string; reason: SkipReason }> }> {
  const ids = [...new Set(add.listingIds.map((id) => id.toLowerCase()))];
  const cards = await gatedCardsByIds(database, ids, viewerFor(user));
  const open = new Set(cards.filter((c) => !c.locked).map((c) => c.id));
  const locked = new Set(cards.filter((c) => c.locked).map((c) => c.id));
  const added = await addEntries(
    database,
    { listId: add.listId, listingIds: ids.filter((id) => open.has(id)), actorId: user.id, columnId: add.columnId },
    now,
  );
  const addedSet = new Set(added);
  const skipped = ids
    .filter((id) => !addedSet.has(id))
    .map((listingId) => ({
      listingId,
      reason: locked.has(listingId) ? ("locked" as const) : open.has(listingId) ? ("already_on_list" as const) : ("unknown" as const),
    }));
  return { added, skipped };
}

/** Adds the listings the member may open to the target list; refuses when none of them may be added. */
export async function addToList(
  database: Database,
  user: SessionUser,
  input: { listingIds: readonly string[]; target: AddTarget },
  now: Date,
): Promise<{ ok: true; outcome: AddOutcome } | { ok: false; field: "keeper"; message: string }> {
  if (!input.listingIds.length) throw new AppError("bad_request", "Choose at least one listing to add.");
  const cards = await gatedCardsByIds(database, input.listingIds, viewerFor(user));
  const open = cards.filter((c) => !c.locked);
  const locked = cards.filter((c) => c.locked).map((c) => c.name);
  if (!open.length) {
    if (!cards.length) notFound("None of these listings is in the directory.");
    throw new AppError(
      "forbidden",
      locked.length === 1
        ? `Your plan does not open ${locked[0]}, so it cannot be added to a list.`
        : "Your plan opens none of these listings, so they cannot be added to a list.",
    );
  }
  let list: ListSummary | null;
  if ("listId" in input.target) {
    list = await visibleList(database, user.id, input.target.listId);
    if (!list) notFound("You don't have this list.");
  } else {
    const made = await createListFor(database, { userId: user.id, ...input.target.newList }, now);
    if (!made.ok) return made;
    list = await visibleList(database, user.id, made.listId);
  }
  const { added, skipped } = await addOpenListings(database, user, { listId: list!.id, listingIds: open.map((c) => c.id) }, now);
  return {
    ok: true,
    outcome: {
      listId: list!.id,
      listName: list!.name,
      added: added.length,
      already: skipped.filter((s) => s.reason === "already_on_list").length,
      locked,
    },
  };
}
