/**
 * A member's saved searches (issue 18 §2, decision 0062): save a directory state under a name, list, rename, set the
 * alert frequency, delete, and "N new since you last looked". Every read and write names the owner in its WHERE
 * clause, so another member's saved search is "not found", never read or changed.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { savedSearches, savedSearchSnapshots } from "#db/schema/saved-searches.ts";
import { inTransactionOf, withinLimit } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import type { Viewer } from "../access/redact-listing.ts";
import { plansNamed } from "../access/plan-catalogue.ts";
import { getPlanCatalogue } from "../access/tier-records.server.ts";
import { normalizeLevel } from "../access/tiers.ts";
import { getReferenceData } from "../catalog/reference-data.server.ts";
import { directoryQueryToParams, FILTER_NOUNS } from "../directory/directory-filters.ts";
import { resolveFilterValues, spellFilterValues } from "../directory/filter-values.ts";
import { compareWithSnapshot, type Snapshot } from "../directory/server/matching-listings.server.ts";
import { listingSummaries, type ListingSummary } from "./listing-summaries.server.ts";
import type { AlertFrequency } from "./saved-search-choices.ts";
import { canonicalQuery, SAVED_SEARCH_LIMITS, SAVED_SEARCH_TIERS } from "./saved-search-rules.ts";

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type SnapshotPurpose = (typeof savedSearchSnapshots.$inferSelect)["purpose"];

/** A member as these functions need them: the tier is read on every request, so a changed plan counts at once. */
export interface Member {
  id: string;
  tier: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = "No such saved search.";

function viewerOf(member: Member): Viewer {
  return { tier: normalizeLevel(member.tier) };
}

/** The member's saved search, or a 404 (also for an id that is not a uuid, and for another member's search). */
export async function getSavedSearch({ db }: Database, member: Member, id: string): Promise<SavedSearchRow> {
  if (!UUID.test(id)) notFound(NOT_FOUND);
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, member.id)))
    .limit(1);
  if (!row) notFound(NOT_FOUND);
  return row;
}

export async function readSnapshot({ db }: Database, savedSearchId: string, purpose: SnapshotPurpose): Promise<Snapshot | null> {
  const [row] = await db
    .select({ listingIds: savedSearchSnapshots.listingIds, truncated: savedSearchSnapshots.truncated })
    .from(savedSearchSnapshots)
    .where(and(eq(savedSearchSnapshots.savedSearchId, savedSearchId), eq(savedSearchSnapshots.purpose, purpose)))
    .limit(1);
  return row ?? null;
}

export async function writeSnapshot(
  { db }: Database,
  savedSearchId: string,
  purpose: SnapshotPurpose,
  snapshot: Snapshot,
  at: Date,
): Promise<void> {
  const values = { listingIds: [...snapshot.listingIds], truncated: snapshot.truncated, takenAt: at };
  await db
    .insert(savedSearchSnapshots)
    .values({ savedSearchId, purpose, ...values })
    .onConflictDoUpdate({ target: [savedSearchSnapshots.savedSearchId, savedSearchSnapshots.purpose], set: values });
}

/** The directory state of a stored search (always canonical: it was checked when saved). */
export function queryOf(row: Pick<SavedSearchRow, "query">) {
  const parsed = canonicalQuery(row.query);
  if (!parsed.ok) throw new AppError("internal", `A stored saved search does not parse: ${parsed.error}`);
  return parsed.query;
}

export interface SaveInput {
  name: string;
  query: string;
  alertFrequency: AlertFrequency;
}

/** "the Subscriber and Premium plans", as the plan catalogue names them today (decision 0080). */
async function savedSearchPlans(database: Database): Promise<string> {
  return plansNamed(await getPlanCatalogue(database), SAVED_SEARCH_TIERS);
}

/**
 * Saves a directory state. Refused: a tier that may not save searches, a state that does not parse or names filter
 * values we do not have, a state the member already saved (409, naming it), and one over the tier's count (checked
 * and inserted under one lock, so parallel saves cannot pass it).
 */
export async function createSavedSearch(database: Database, member: Member, input: SaveInput, now = new Date()): Promise<SavedSearchRow> {
  const viewer = viewerOf(member);
  const limit = SAVED_SEARCH_LIMITS[viewer.tier];
  if (limit === 0)
    throw new AppError("forbidden", `Saved searches come with ${await savedSearchPlans(database)}. Upgrade to save this search.`);
  const reference = await getReferenceData(database);
  const asTyped = canonicalQuery(input.query);
  if (!asTyped.ok) throw new AppError("bad_request", asTyped.error, { details: { field: "query" } });
  const [first] = resolveFilterValues(asTyped.query, reference).unknown;
  if (first) throw new AppError("bad_request", `No ${FILTER_NOUNS[first.filter].one} called "${first.value.slice(0, 60)}".`);
  // Filter values match without case: "fintech" and "FinTech" are one state, kept in the reference's spelling.
  const parsed = canonicalQuery(directoryQueryToParams(spellFilterValues(asTyped.query, reference)));
  if (!parsed.ok) throw new AppError("bad_request", parsed.error, { details: { field: "query" } });
  const [existing] = await database.db
    .select({ name: savedSearches.name })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, member.id), eq(savedSearches.query, parsed.canonical)))
    .limit(1);
  if (existing) throw new AppError("conflict", `You already saved this search as "${existing.name}".`);
  // The baseline for "new since you last looked" and for the first digest: what it matches now.
  const { next } = await compareWithSnapshot(database, parsed.query, viewer, null, undefined, now);
  const outcome = await withinLimit(database, {
    key: `saved-searches:${member.id}`,
    limit,
    used: async (tx) => (await tx.db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, member.id)))[0]!.n,
    use: async (tx) => {
      const [row] = await tx.db
        .insert(savedSearches)
        .values({
          userId: member.id,
          name: input.name,
          query: parsed.canonical,
          alertFrequency: input.alertFrequency,
          alertsChangedAt: now,
          lastLookedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError("conflict", "You already saved this search.");
      await writeSnapshot(tx, row.id, "look", next, now);
      await writeSnapshot(tx, row.id, "digest", next, now);
      return row;
    },
  });
  if (!outcome.allowed) {
    throw new AppError("bad_request", `You can keep at most ${limit} saved searches on your plan. Delete one to save another.`);
  }
  return outcome.value;
}

async function listSavedSearches({ db }: Database, member: Member): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, member.id))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

export async function renameSavedSearch(
  database: Database,
  member: Member,
  id: string,
  name: string,
  now = new Date(),
): Promise<SavedSearchRow> {
  await getSavedSearch(database, member, id);
  const [row] = await database.db
    .update(savedSearches)
    .set({ name, updatedAt: now })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, member.id)))
    .returning();
  if (!row) notFound(NOT_FOUND);
  return row;
}

/**
 * Sets how often the search e-mails. Turning alerts on again starts the digest from what it matches now, so the
 * first e-mail is not a backlog of everything that changed while they were off.
 */
export async function setAlertFrequency(
  database: Database,
  member: Member,
  id: string,
  frequency: AlertFrequency,
  now = new Date(),
): Promise<SavedSearchRow> {
  const current = await getSavedSearch(database, member, id);
  if (current.alertFrequency === frequency) return current;
  if (frequency !== "off" && !SAVED_SEARCH_LIMITS[normalizeLevel(member.tier)]) {
    throw new AppError("forbidden", `E-mail alerts come with ${await savedSearchPlans(database)}.`);
  }
  const restart =
    current.alertFrequency === "off" ? (await compareWithSnapshot(database, queryOf(current), viewerOf(member), null)).next : null;
  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(savedSearches)
      .set({ alertFrequency: frequency, alertsChangedAt: now, updatedAt: now })
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, member.id)))
      .returning();
    if (!row) notFound(NOT_FOUND);
    if (restart) await writeSnapshot(inTransactionOf(database, tx), id, "digest", restart, now);
    return row;
  });
}

export async function deleteSavedSearch({ db }: Database, member: Member, id: string): Promise<void> {
  if (!UUID.test(id)) notFound(NOT_FOUND);
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, member.id)))
    .returning({ id: savedSearches.id });
  if (!deleted.length) notFound(NOT_FOUND);
}

export interface NewSinceLastLook {
  savedSearch: SavedSearchRow;
  /** Listings the member may open that match now. */
  total: number;
  newCount: number;
  /** The newest of the new ones, as the member may see them. */
  newListings: ListingSummary[];
}

/** How many new listings are shown at most; the count says how many there are. */
const NEW_LISTINGS_SHOWN = 50;

/**
 * What matches now that did not when the member last looked. `markLooked` (opening the search) makes now the new
 * "last looked"; the count and list returned are still those from before.
 */
export async function newSinceLastLook(
  database: Database,
  member: Member,
  id: string,
  { markLooked = false, now = new Date() }: { markLooked?: boolean; now?: Date } = {},
): Promise<NewSinceLastLook> {
  const row = await getSavedSearch(database, member, id);
  const viewer = viewerOf(member);
  const report = await compareWithSnapshot(database, queryOf(row), viewer, await readSnapshot(database, id, "look"));
  const newListings = await listingSummaries(database, report.newIds.slice(0, NEW_LISTINGS_SHOWN), viewer);
  let savedSearch = row;
  if (markLooked) {
    savedSearch = await database.db.transaction(async (tx) => {
      await writeSnapshot(inTransactionOf(database, tx), id, "look", report.next, now);
      const [updated] = await tx
        .update(savedSearches)
        .set({ lastLookedAt: now })
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, member.id)))
        .returning();
      return updated ?? row;
    });
  }
  return { savedSearch, total: report.total, newCount: report.newIds.length, newListings };
}

/** Every saved search of the member with its "new since you last looked" count (the settings list). */
export async function listWithNewCounts(
  database: Database,
  member: Member,
): Promise<Array<{ savedSearch: SavedSearchRow; total: number; newCount: number }>> {
  const rows = await listSavedSearches(database, member);
  const viewer = viewerOf(member);
  const out = [];
  for (const row of rows) {
    const report = await compareWithSnapshot(database, queryOf(row), viewer, await readSnapshot(database, row.id, "look"));
    out.push({ savedSearch: row, total: report.total, newCount: report.newIds.length });
  }
  return out;
}

/** The saved search of this member for a canonical state, if any (the directory's "Saved as …"). */
export async function findSavedSearchFor({ db }: Database, member: Member, canonical: string): Promise<SavedSearchRow | null> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, member.id), eq(savedSearches.query, canonical)))
    .limit(1);
  return row ?? null;
}
