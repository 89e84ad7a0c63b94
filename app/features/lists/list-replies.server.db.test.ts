/**
 * What the list and entry pages answer (issue 37 review, items 8-10): a form that changes nothing says so instead of
 * "moved", "renamed" or "removed", and leaves no history line; a tag to take off with a NUL in it is a 400 with a
 * message, never a database error; an entry holds at most MAX_NOTES_PER_ENTRY notes, also when two tabs race for the
 * last place, and its page reads the newest of them only, saying so when there are more.
 */
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { listEntryNotes, listEvents } from "#db/schema/lists.ts";
import { listings } from "#db/schema/listings.ts";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import type { AppError } from "~/lib/errors.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { addEntries, createList, visibleList } from "./list-access.server.ts";
import { listColumnsOf, readListEntries } from "./list-entries.server.ts";
import { entryPageAction } from "./entry-page.server.ts";
import { addNote, entryNotesAndTags, removeTag } from "./list-entry-work.server.ts";
import { listPageAction } from "./list-page.server.ts";
import { MAX_NOTES_PER_ENTRY } from "./list-rules.ts";

let database: Database;
let open: string[];
const now = new Date("2026-11-02T10:00:00Z");
const user: SessionUser = { id: "priya", name: "Priya Partner", email: "priya@fund.test", picture: null, role: "user", tier: "premium" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 6);
  await database.db.insert(users).values({ id: user.id, name: user.name, email: user.email, tier: "premium" });
  const rows = await database.db
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.processingStatus, "published"))
    .orderBy(asc(listings.name))
    .limit(2);
  open = rows.map((r) => r.id);
  await database.db
    .update(listings)
    .set({ visibility: "public" })
    .where(sql`${listings.id} IN ${open}`);
});

afterAll(async () => {
  await database?.close();
});

async function privateList(name: string) {
  const listId = await createList(database, { name, keeper: { userId: user.id }, createdBy: user.id }, now);
  await addEntries(database, { listId, listingIds: open, actorId: user.id }, now);
  const list = (await visibleList(database, user.id, listId))!;
  const columns = await listColumnsOf(database, listId);
  const [entry] = await readListEntries(database, listId, { tier: "premium" });
  return { list, columns, entryId: entry!.id };
}

const events = async (listId: string) =>
  (
    await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(listEvents)
      .where(eq(listEvents.listId, listId))
  )[0]!.n;

const answer = (outcome: object) => ("result" in outcome ? (outcome.result as { ok: boolean; message?: string }) : outcome);

describe("a form that changes nothing says so", () => {
  it("moving the first column up or the last down answers that it is there already, with no history line", async () => {
    const { list, columns } = await privateList("Ends");
    const before = await events(list.id);
    const first = columns[0]!;
    const last = columns.at(-1)!;
    expect(answer(await listPageAction(database, user, list, { intent: "column-up", columnId: first.id }, now))).toEqual({
      ok: true,
      intent: "column-up",
      target: first.id,
      message: `${first.name} is already the first column.`,
    });
    expect(answer(await listPageAction(database, user, list, { intent: "column-down", columnId: last.id }, now))).toMatchObject({
      message: `${last.name} is already the last column.`,
    });
    expect(await events(list.id)).toBe(before);
    // A real move still says it moved.
    expect(answer(await listPageAction(database, user, list, { intent: "column-down", columnId: first.id }, now))).toMatchObject({
      message: `Moved ${first.name} right.`,
    });
    expect(await events(list.id)).toBe(before + 1);
  });

  it("renaming a column or the list to the name it has answers that it is called so already", async () => {
    const { list, columns } = await privateList("Names");
    const before = await events(list.id);
    const column = columns[1]!;
    expect(
      answer(await listPageAction(database, user, list, { intent: "rename-column", columnId: column.id, column: column.name }, now)),
    ).toMatchObject({ ok: true, message: `The column is already called ${column.name}.` });
    expect(answer(await listPageAction(database, user, list, { intent: "rename-list", name: "Names" }, now))).toMatchObject({
      ok: true,
      message: "The list is already called Names.",
    });
    expect(await events(list.id)).toBe(before);
    expect(
      answer(await listPageAction(database, user, list, { intent: "rename-column", columnId: column.id, column: "Met" }, now)),
    ).toMatchObject({ message: "Column renamed to Met." });
  });

  it("taking off a tag the entry does not have, or adding one it has, says so and writes nothing", async () => {
    const { list, entryId } = await privateList("Tags");
    const act = async (form: Record<string, string>) => answer(await entryPageAction(database, user, list, entryId, form, now));
    expect(await act({ intent: "add-tag", tag: "Fintech" })).toMatchObject({ ok: true, message: 'Tagged "fintech".' });
    const before = await events(list.id);
    expect(await act({ intent: "add-tag", tag: "fintech" })).toMatchObject({ ok: true, message: 'Already tagged "fintech".' });
    expect(await act({ intent: "remove-tag", tag: "climate" })).toMatchObject({ ok: true, message: 'No tag "climate" on this entry.' });
    expect(await events(list.id)).toBe(before);
    expect(await act({ intent: "remove-tag", tag: "FinTech" })).toMatchObject({ ok: true, message: 'Removed the tag "fintech".' });
    expect(await events(list.id)).toBe(before + 1);
  });
});

describe("a tag to take off with a NUL in it", () => {
  it("is refused with a 400 and a message before it reaches the database", async () => {
    const { list, entryId } = await privateList("Nul");
    const refusal = (await removeTag(database, list.id, user.id, { entryId, tag: "a\0" }, now).catch((e: unknown) => e)) as AppError;
    expect({ code: refusal.code, message: refusal.message }).toEqual({
      code: "bad_request",
      message: "A tag cannot contain a NUL character.",
    });
  });
});

describe("notes on one entry", () => {
  it(`are at most ${MAX_NOTES_PER_ENTRY}, also when two tabs race for the last place`, async () => {
    const { list, entryId } = await privateList("Chatty");
    await database.db
      .insert(listEntryNotes)
      .values(Array.from({ length: MAX_NOTES_PER_ENTRY - 1 }, (_, i) => ({ entryId, authorId: user.id, body: `n${i}`, createdAt: now })));
    const tabs = await Promise.allSettled([
      addNote(database, list.id, user.id, { entryId, body: "one" }, now),
      addNote(database, list.id, user.id, { entryId, body: "two" }, now),
    ]);
    expect(tabs.map((t) => t.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = tabs.find((t) => t.status === "rejected")!.reason as AppError;
    expect({ code: refused.code, message: refused.message }).toEqual({
      code: "conflict",
      message: `An entry has at most ${MAX_NOTES_PER_ENTRY} notes. Delete one to add another.`,
    });
    const [held] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(listEntryNotes)
      .where(eq(listEntryNotes.entryId, entryId));
    expect(held!.n).toBe(MAX_NOTES_PER_ENTRY);
  });

  it("are read newest first up to the limit, oldest of them on top, with how many there are", async () => {
    const { entryId } = await privateList("Older");
    // More than the limit: notes written before it existed.
    const count = MAX_NOTES_PER_ENTRY + 3;
    await database.db.insert(listEntryNotes).values(
      Array.from({ length: count }, (_, i) => ({
        entryId,
        authorId: user.id,
        body: `note ${i}`,
        createdAt: new Date(now.getTime() + i * 60_000),
      })),
    );
    const { notes, noteCount } = await entryNotesAndTags(database, entryId);
    expect(noteCount).toBe(count);
    expect(notes).toHaveLength(MAX_NOTES_PER_ENTRY);
    expect(notes[0]!.body).toBe("note 3");
    expect(notes.at(-1)!.body).toBe(`note ${count - 1}`);
  });
});
