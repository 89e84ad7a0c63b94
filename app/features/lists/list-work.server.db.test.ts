/**
 * Working in a list (issue 37, decision 0120): moves leave a history line naming both columns; a column goes only once
 * empty; notes and tags keep their author and date and only a note's author deletes it; ids of another list's entries
 * and columns are 404; the limits hold under the list's lock, also when two tabs race for the last place; the history
 * names a listing only as the viewer's card does.
 */
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { listEntries, listEvents } from "#db/schema/lists.ts";
import { listings } from "#db/schema/listings.ts";
import { teamMemberships, teams } from "#db/schema/teams.ts";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import type { AppError } from "~/lib/errors.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { addEntries, createList } from "./list-access.server.ts";
import { listColumnsOf, readListEntries } from "./list-entries.server.ts";
import { addNote, addTag, deleteNote, entryNotesAndTags, moveEntry, removeEntry, removeTag } from "./list-entry-work.server.ts";
import { describeHistoryLine } from "./list-history.ts";
import { readListHistory } from "./list-history.server.ts";
import { addColumn, createListFor, deleteList, moveColumn, removeColumn, renameColumn } from "./list-keeping.server.ts";
import { MAX_LIST_ENTRIES, MAX_LISTS_PER_KEEPER, MAX_TAGS_PER_ENTRY } from "./list-rules.ts";
import { visibleList } from "./list-access.server.ts";

let database: Database;
let open: string[];
let teamId: string;
let otherTeamId: string;
const now = new Date("2026-11-02T10:00:00Z");
const later = new Date("2026-11-02T12:00:00Z");
const people = [
  { id: "priya", name: "Priya Partner", email: "priya@fund.test", tier: "premium" },
  { id: "sam", name: "Sam Scout", email: "sam@fund.test", tier: "public" },
  { id: "olga", name: "Olga Other", email: "olga@else.test", tier: "premium" },
] as const;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 12);
  await database.db.insert(users).values(people.map((p) => ({ ...p })));
  open = (
    await database.db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.processingStatus, "published"))
      .orderBy(asc(listings.name))
      .limit(6)
  ).map((r) => r.id);
  await database.db
    .update(listings)
    .set({ visibility: "public" })
    .where(sql`${listings.id} IN ${open}`);
  const [team, other] = await database.db
    .insert(teams)
    .values([{ name: "Fund" }, { name: "Elsewhere" }])
    .returning({ id: teams.id });
  teamId = team!.id;
  otherTeamId = other!.id;
  await database.db.insert(teamMemberships).values([
    { teamId, userId: "priya", role: "owner" },
    { teamId, userId: "sam", role: "member" },
    { teamId: otherTeamId, userId: "olga", role: "owner" },
  ]);
});

afterAll(async () => {
  await database?.close();
});

async function teamList(name: string, listingIds = open.slice(0, 2)) {
  const listId = await createList(database, { name, keeper: { teamId }, createdBy: "priya" }, now);
  await addEntries(database, { listId, listingIds, actorId: "priya" }, now);
  const columns = await listColumnsOf(database, listId);
  const entries = await readListEntries(database, listId, { tier: "premium" });
  return { listId, columns, entries };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "passed",
    (error: AppError) => error.code,
  );

describe("moving entries", () => {
  it("moves an entry to another column, last in it, with a history line naming both columns and the mover", async () => {
    const { listId, columns, entries } = await teamList("Moves");
    const [sourced, contacted] = columns;
    expect(await moveEntry(database, listId, "sam", { entryId: entries[0]!.id, columnId: contacted!.id }, later)).toEqual({
      moved: true,
      column: "Contacted",
    });
    const after = await readListEntries(database, listId, { tier: "public" });
    expect(after.map((e) => [e.id, e.columnId])).toEqual([
      [entries[1]!.id, sourced!.id],
      [entries[0]!.id, contacted!.id],
    ]);
    expect(after[1]!.movedAt).toEqual(later);
    const { lines } = await readListHistory(database, listId, { tier: "public" });
    expect(lines[0]).toMatchObject({ actor: "Sam Scout", action: "moved", detail: { from: "Sourced", to: "Contacted" } });
    expect(describeHistoryLine(lines[0]!, lines[0]!.listing!.name)).toBe(`moved ${entries[0]!.card!.name} from Sourced to Contacted`);
    // Moving into the column it is in changes nothing, writes nothing, and says so (the page does not claim "Moved").
    expect(await moveEntry(database, listId, "sam", { entryId: entries[0]!.id, columnId: contacted!.id }, later)).toEqual({
      moved: false,
      column: "Contacted",
    });
    expect((await readListHistory(database, listId, { tier: "public" })).lines).toHaveLength(lines.length);
  });

  it("answers 404 for an entry or a column of another list, even a list the member also has", async () => {
    const a = await teamList("A");
    const b = await teamList("B");
    expect(await codeOf(moveEntry(database, a.listId, "priya", { entryId: b.entries[0]!.id, columnId: a.columns[1]!.id }, now))).toBe(
      "not_found",
    );
    expect(await codeOf(moveEntry(database, a.listId, "priya", { entryId: a.entries[0]!.id, columnId: b.columns[1]!.id }, now))).toBe(
      "not_found",
    );
    expect(await codeOf(addNote(database, a.listId, "priya", { entryId: b.entries[0]!.id, body: "x" }, now))).toBe("not_found");
    expect(await codeOf(addTag(database, a.listId, "priya", { entryId: b.entries[0]!.id, tag: "x" }, now))).toBe("not_found");
    expect(await codeOf(removeEntry(database, a.listId, "priya", b.entries[0]!.id, now))).toBe("not_found");
    expect(await codeOf(removeEntry(database, a.listId, "priya", "not-an-id", now))).toBe("not_found");
    expect((await readListEntries(database, b.listId, { tier: "premium" })).map((e) => e.columnId)).toEqual(
      b.entries.map((e) => e.columnId),
    );
  });
});

describe("columns", () => {
  it("adds, renames and reorders columns, and removes one only once it is empty", async () => {
    const { listId, columns, entries } = await teamList("Columns");
    await addColumn(database, listId, "sam", "Term sheet", now);
    expect(await codeOf(addColumn(database, listId, "sam", "term SHEET", now))).toBe("conflict");
    await renameColumn(database, listId, "sam", { columnId: columns[2]!.id, name: "First meeting" }, now);
    await moveColumn(database, listId, "sam", { columnId: columns[2]!.id, direction: "up" }, now);
    expect((await listColumnsOf(database, listId)).map((c) => c.name)).toEqual([
      "Sourced",
      "First meeting",
      "Contacted",
      "Passed",
      "Term sheet",
    ]);
    const refusal = await removeColumn(database, listId, "sam", columns[0]!.id, now).catch((e: AppError) => e);
    expect(refusal).toMatchObject({ code: "conflict", message: '"Sourced" still holds 2 entries. Move or remove them first.' });
    for (const entry of entries) await moveEntry(database, listId, "sam", { entryId: entry.id, columnId: columns[3]!.id }, now);
    await removeColumn(database, listId, "sam", columns[0]!.id, now);
    expect((await listColumnsOf(database, listId)).map((c) => c.name)).toEqual(["First meeting", "Contacted", "Passed", "Term sheet"]);
    const changes = await database.db
      .select({ detail: listEvents.detail })
      .from(listEvents)
      .where(eq(listEvents.action, "columns_changed"));
    expect(changes.map((c) => c.detail?.change)).toEqual(expect.arrayContaining(["added", "renamed", "reordered", "removed"]));
  });

  it("keeps a list's columns within the limit and at least one", async () => {
    const listId = await createList(database, { name: "Few", keeper: { teamId }, createdBy: "priya", columns: ["Only"] }, now);
    const [only] = await listColumnsOf(database, listId);
    expect(await codeOf(removeColumn(database, listId, "priya", only!.id, now))).toBe("conflict");
    for (let i = 1; i < 12; i++) await addColumn(database, listId, "priya", `Column ${i}`, now);
    expect(await codeOf(addColumn(database, listId, "priya", "One too many", now))).toBe("conflict");
  });
});

describe("notes and tags", () => {
  it("keeps each note's author and date; only its author deletes it", async () => {
    const { listId, entries } = await teamList("Notes");
    await addNote(database, listId, "priya", { entryId: entries[0]!.id, body: "<b>Met</b> the founders" }, now);
    await addNote(database, listId, "sam", { entryId: entries[0]!.id, body: "Follow up in May" }, later);
    const { notes } = await entryNotesAndTags(database, entries[0]!.id);
    expect(notes.map((n) => [n.author.name, n.body, n.createdAt])).toEqual([
      ["Priya Partner", "<b>Met</b> the founders", now],
      ["Sam Scout", "Follow up in May", later],
    ]);
    expect(await codeOf(deleteNote(database, listId, "sam", { entryId: entries[0]!.id, noteId: notes[0]!.id }))).toBe("forbidden");
    expect(await codeOf(deleteNote(database, listId, "sam", { entryId: entries[1]!.id, noteId: notes[1]!.id }))).toBe("not_found");
    await deleteNote(database, listId, "sam", { entryId: entries[0]!.id, noteId: notes[1]!.id });
    expect((await entryNotesAndTags(database, entries[0]!.id)).notes.map((n) => n.author.id)).toEqual(["priya"]);
    expect((await readListEntries(database, listId, { tier: "public" }))[0]!.notes).toBe(1);
  });

  it("tags an entry once per tag with who and when, at most the limit, and untags", async () => {
    const { listId, entries } = await teamList("Tags");
    const entryId = entries[0]!.id;
    await addTag(database, listId, "sam", { entryId, tag: "fintech" }, now);
    await addTag(database, listId, "priya", { entryId, tag: "fintech" }, later);
    expect((await entryNotesAndTags(database, entryId)).tags).toEqual([{ tag: "fintech", addedBy: "Sam Scout", addedAt: now }]);
    for (let i = 1; i < MAX_TAGS_PER_ENTRY; i++) await addTag(database, listId, "sam", { entryId, tag: `t${i}` }, now);
    expect(await codeOf(addTag(database, listId, "sam", { entryId, tag: "one-more" }, now))).toBe("conflict");
    await removeTag(database, listId, "priya", { entryId, tag: "fintech" }, later);
    expect((await readListEntries(database, listId, { tier: "public" }))[0]!.tags).not.toContain("fintech");
    const { lines } = await readListHistory(database, listId, { tier: "public" });
    expect(lines[0]).toMatchObject({ actor: "Priya Partner", action: "untagged", detail: { tag: "fintech" } });
  });
});

describe("limits", () => {
  it("holds a list at the most entries when two tabs race for the last place", async () => {
    const listId = await createList(database, { name: "Full", keeper: { teamId }, createdBy: "priya" }, now);
    const [column] = await listColumnsOf(database, listId);
    // Filler entries (a listing id need not exist: entries keep ids without a foreign key, for merges).
    await database.rows(sql`
      INSERT INTO list_entries (list_id, listing_id, column_id, position)
      SELECT ${listId}::uuid, gen_random_uuid(), ${column!.id}::uuid, g FROM generate_series(1, ${MAX_LIST_ENTRIES - 1}) g`);
    const tabs = await Promise.allSettled([
      addEntries(database, { listId, listingIds: [open[0]!], actorId: "priya" }, now),
      addEntries(database, { listId, listingIds: [open[1]!], actorId: "sam" }, now),
    ]);
    expect(tabs.map((t) => t.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refusal = tabs.find((t): t is PromiseRejectedResult => t.status === "rejected")!.reason as AppError;
    expect(refusal).toMatchObject({ code: "conflict", message: expect.stringContaining("at most 2,000 listings") });
    const [held] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(listEntries)
      .where(eq(listEntries.listId, listId));
    expect(held!.n).toBe(MAX_LIST_ENTRIES);
  });

  it("refuses a selection larger than the room left, adding none of it", async () => {
    const listId = await createList(database, { name: "Nearly full", keeper: { teamId }, createdBy: "priya" }, now);
    const [column] = await listColumnsOf(database, listId);
    await database.rows(sql`
      INSERT INTO list_entries (list_id, listing_id, column_id, position)
      SELECT ${listId}::uuid, gen_random_uuid(), ${column!.id}::uuid, g FROM generate_series(1, ${MAX_LIST_ENTRIES - 2}) g`);
    const refusal = await addEntries(database, { listId, listingIds: open.slice(0, 3), actorId: "priya" }, now).catch((e: AppError) => e);
    expect(refusal).toMatchObject({ code: "conflict", message: expect.stringContaining("room for 2 more listings") });
  });

  it("holds a member's private lists at the most there can be, also when created at once", async () => {
    await database.rows(sql`
      INSERT INTO lists (name, user_id, created_by) SELECT 'filler ' || g, 'olga', 'olga' FROM generate_series(1, ${MAX_LISTS_PER_KEEPER - 1}) g`);
    const tabs = await Promise.allSettled([
      createListFor(database, { userId: "olga", name: "Last one", keeper: "me" }, now),
      createListFor(database, { userId: "olga", name: "Past the limit", keeper: "me" }, now),
    ]);
    expect(tabs.map((t) => t.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await createListFor(database, { userId: "olga", name: "Theirs", keeper: teamId }, now)).toEqual({
      ok: false,
      field: "keeper",
      message: "Choose yourself or one of your teams.",
    });
  });
});

describe("deleting lists", () => {
  it("lets the list's maker and the team's owner delete a team list, not another member", async () => {
    const byPriya = await createList(database, { name: "Priya's", keeper: { teamId }, createdBy: "priya" }, now);
    const bySam = await createList(database, { name: "Sam's", keeper: { teamId }, createdBy: "sam" }, now);
    const summary = async (id: string, who: string) => (await visibleList(database, who, id))!;
    expect(await codeOf(deleteList(database, await summary(byPriya, "sam"), "sam"))).toBe("forbidden");
    await deleteList(database, await summary(bySam, "sam"), "sam");
    await deleteList(database, await summary(byPriya, "priya"), "priya");
    expect(await visibleList(database, "priya", byPriya)).toBeNull();
  });
});

describe("history and gating", () => {
  it("names a listing above the viewer's plan by its teaser's name only, and one no longer listed not at all", async () => {
    const { listId, entries } = await teamList("Gated history", open.slice(3, 5));
    const [gated, gone] = [entries[0]!, entries[1]!];
    await addNote(database, listId, "priya", { entryId: gated.id, body: "Secret terms" }, later);
    await database.db.update(listings).set({ visibility: "premium" }).where(eq(listings.id, gated.listingId));
    await database.db.update(listings).set({ processingStatus: "archived" }).where(eq(listings.id, gone.listingId));
    const { lines } = await readListHistory(database, listId, { tier: "public" });
    const about = lines.filter((l) => l.aboutListing);
    expect(about.map((l) => l.listing?.name ?? null).sort()).toEqual([gated.card!.name, gated.card!.name, null].sort());
    expect(JSON.stringify(lines)).not.toContain("Secret terms");
    const asPublic = await readListEntries(database, listId, { tier: "public" });
    expect(asPublic.map((e) => e.card?.locked ?? null)).toEqual([true, null]);
    await database.db
      .update(listings)
      .set({ visibility: "public", processingStatus: "published" })
      .where(sql`${listings.id} IN ${open}`);
  });
});
