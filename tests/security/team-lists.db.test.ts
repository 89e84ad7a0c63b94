/**
 * Lists (issue 37, decision 0120) attacked over real HTTP, through the whole application: a member outside the demo
 * team gets 404 for every page, route data (.data) and form post of the team's list and its entries, the same as for
 * a list that does not exist; a member of the team cannot reach another list's entry by posting its id through their
 * own list; a note is stored and shown as text; a NUL or an oversized field is said beside the field, never a 500;
 * an entry's page shows its newest notes only and takes no more than the limit; a listing above the member's plan
 * cannot be added to a list by posting its id.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TEAM, DEMO_TEAM_LIST } from "#demo/demo-team.ts";
import { Browser } from "../multi-server/support/browser.ts";
import { signIn, type DemoUserId } from "../multi-server/support/sign-in.ts";
import { startAppOverHttp, type AppOverHttp } from "../support/app-over-http.ts";
import { rawRequest } from "../support/raw-request.ts";

const NOBODYS = "00000000-0000-4000-8000-00000000abcd";

let app: AppOverHttp;
const cookies: Partial<Record<DemoUserId, string>> = {};
let listId: string;
let entryId: string;
let columnId: string;
let openListing: string;

beforeAll(async () => {
  app = await startAppOverHttp();
  for (const user of ["demo-public", "demo-premium", "demo-subscriber"] as const) {
    const browser = new Browser();
    await signIn(browser, { url: app.base, name: "app" }, user);
    cookies[user] = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  const [row] = await app.database.rows<{ list: string; entry: string; col: string }>(sql`
    SELECT l.id::text AS list, e.id::text AS entry, c.id::text AS col
    FROM lists l JOIN list_entries e ON e.list_id = l.id JOIN list_columns c ON c.list_id = l.id
    WHERE l.team_id = ${DEMO_TEAM.id}::uuid ORDER BY e.position, c.position LIMIT 1`);
  ({ list: listId, entry: entryId, col: columnId } = row!);
  const [listing] = await app.database.rows<{ id: string }>(
    sql`SELECT id::text AS id FROM listings WHERE processing_status = 'published' AND visibility = 'public' ORDER BY slug LIMIT 1`,
  );
  openListing = listing!.id;
});

afterAll(async () => {
  await app?.close();
});

const as = (user: DemoUserId) => ({ Cookie: cookies[user]!, Origin: app.base });
const get = (user: DemoUserId, path: string) => rawRequest(app.base, { path, headers: as(user) });
const post = (user: DemoUserId, path: string, form: Record<string, string>) =>
  rawRequest(app.base, { method: "POST", path, form, headers: as(user) });

describe("a list of a team the member is not in", () => {
  it("answers 404 for every page and its route data, as for a list that does not exist", async () => {
    // The team's own member opens the same pages.
    expect(await get("demo-subscriber", `/lists/${listId}`)).toMatchObject({ status: 200, body: expect.stringContaining(DEMO_TEAM_LIST) });
    expect(await get("demo-subscriber", `/lists/${listId}/entries/${entryId}`)).toMatchObject({ status: 200 });
    for (const id of [listId, NOBODYS, "not-a-list"]) {
      for (const path of [
        `/lists/${id}`,
        `/lists/${id}?view=table&sort=name`,
        `/lists/${id}?view=history`,
        `/lists/${id}?view=settings`,
        `/lists/${id}.data`,
        `/lists/${id}/entries/${entryId}`,
        `/lists/${id}/entries/${entryId}.data`,
      ]) {
        const answer = await get("demo-public", path);
        expect({ path, status: answer.status }).toEqual({ path, status: 404 });
        expect(answer.body).not.toContain(DEMO_TEAM_LIST);
      }
    }
  });

  it("answers 404 for every form post and changes nothing", async () => {
    const before = await app.database.rows(sql`SELECT count(*)::int AS n FROM list_events WHERE list_id = ${listId}::uuid`);
    const posts: Array<[string, Record<string, string>]> = [
      [`/lists/${listId}`, { intent: "move", entryId, columnId }],
      [`/lists/${listId}`, { intent: "remove-entry", entryId }],
      [`/lists/${listId}`, { intent: "rename-list", name: "Mine now" }],
      [`/lists/${listId}`, { intent: "delete-list" }],
      [`/lists/${listId}`, { intent: "add-column", column: "Stolen" }],
      [`/lists/${listId}`, { intent: "remove-column", columnId }],
      [`/lists/${listId}.data`, { intent: "rename-list", name: "Mine now" }],
      [`/lists/${listId}/entries/${entryId}`, { intent: "add-note", body: "hello" }],
      [`/lists/${listId}/entries/${entryId}`, { intent: "add-tag", tag: "mine" }],
      [`/lists/${listId}/entries/${entryId}.data`, { intent: "add-note", body: "hello" }],
      ["/lists/add", { listId, listingIds: openListing }],
    ];
    for (const [path, form] of posts) {
      const answer = await post("demo-public", path, form);
      expect({ path, intent: form.intent, status: answer.status }).toEqual({ path, intent: form.intent, status: 404 });
    }
    expect(await app.database.rows(sql`SELECT count(*)::int AS n FROM list_events WHERE list_id = ${listId}::uuid`)).toEqual(before);
    // The same route takes the team member's post.
    expect((await post("demo-subscriber", `/lists/${listId}`, { intent: "rename-list", name: DEMO_TEAM_LIST })).status).toBe(200);
  });
});

describe("a member of the team", () => {
  it("reads any history page number as a page, never a 500", async () => {
    for (const page of ["1e400", "-3", "x", "99999999999999999999"]) {
      expect(await get("demo-subscriber", `/lists/${listId}?view=history&page=${page}`)).toMatchObject({ status: 200 });
    }
  });

  it("cannot reach another list's entry or column through their own list", async () => {
    const { createList, addEntries } = await import("~/features/lists/list-access.server.ts");
    const others = await createList(app.database, { name: "Public's own", keeper: { userId: "demo-public" }, createdBy: "demo-public" });
    await addEntries(app.database, { listId: others, listingIds: [openListing], actorId: "demo-public" });
    const [theirs] = await app.database.rows<{ id: string }>(sql`SELECT id::text AS id FROM list_entries WHERE list_id = ${others}::uuid`);
    // Their own list's entry and column go through (the entry is in that column already: nothing changes).
    expect((await post("demo-premium", `/lists/${listId}`, { intent: "move", entryId, columnId })).status).toBe(200);
    const move = await post("demo-premium", `/lists/${listId}`, { intent: "move", entryId: theirs!.id, columnId });
    expect(move.status).toBe(404);
    const note = await post("demo-premium", `/lists/${listId}/entries/${theirs!.id}`, { intent: "add-note", body: "x" });
    expect(note.status).toBe(404);
    const [otherColumn] = await app.database.rows<{ id: string }>(
      sql`SELECT id::text AS id FROM list_columns WHERE list_id = ${others}::uuid LIMIT 1`,
    );
    const into = await post("demo-premium", `/lists/${listId}`, { intent: "move", entryId, columnId: otherColumn!.id });
    expect(into.status).toBe(404);
    expect(await get("demo-premium", `/lists/${others}`)).toMatchObject({ status: 404 });
  });

  it("sees a note as text, and gets NUL and oversized fields said beside the field", async () => {
    const entry = `/lists/${listId}/entries/${entryId}`;
    expect((await post("demo-subscriber", entry, { intent: "add-note", body: "<script>alert(1)</script>" })).status).toBe(200);
    const page = await get("demo-subscriber", entry);
    expect(page.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page.body).not.toContain("<script>alert(1)</script>");
    const nul = await post("demo-subscriber", entry, { intent: "add-note", body: "a\0b" });
    expect(nul.status).toBe(400);
    expect(nul.body).toContain("NUL");
    const huge = await post("demo-subscriber", entry, { intent: "add-tag", tag: "x".repeat(5_000) });
    expect(huge.status).toBe(400);
    expect(huge.body).toContain("A tag has at most 30 characters.");
    const target = await post("demo-subscriber", "/lists/add", { listingIds: openListing, listId: "x".repeat(5_000) });
    expect(target.status).toBe(400);
    expect(target.body).toContain("Choose one of your lists, or a new one.");
    const named = await post("demo-subscriber", "/lists", { name: "\0", keeper: "me" });
    expect(named.status).toBe(400);
    expect(named.body).toContain("NUL");
    // A tag to take off is a hidden field: a NUL in it is refused with the page's message, not a database error.
    const untag = await post("demo-subscriber", entry, { intent: "remove-tag", tag: "a\0" });
    expect(untag.status).toBe(400);
    expect(untag.body).toContain("A tag cannot contain a NUL character.");
    await app.database.rows(sql`DELETE FROM list_entry_notes WHERE body LIKE '<script>%'`);
  });

  it("sees the newest notes of an entry with more than the page shows, and how many there are", async () => {
    const { MAX_NOTES_PER_ENTRY } = await import("~/features/lists/list-rules.ts");
    // Notes written before the limit existed: more than an entry may now hold.
    await app.database.rows(sql`
      INSERT INTO list_entry_notes (entry_id, author_id, body, created_at)
      SELECT ${entryId}::uuid, 'demo-subscriber', 'Old note ' || n, now() - (n || ' minutes')::interval
      FROM generate_series(1, ${MAX_NOTES_PER_ENTRY + 1}) AS n`);
    const [held] = await app.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM list_entry_notes WHERE entry_id = ${entryId}::uuid`,
    );
    const page = await get("demo-subscriber", `/lists/${listId}/entries/${entryId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`Showing the newest ${MAX_NOTES_PER_ENTRY} of ${held!.n} notes.`);
    expect(page.body).toContain("Old note 1<");
    expect(page.body).not.toContain(`Old note ${MAX_NOTES_PER_ENTRY + 1}<`);
    const more = await post("demo-subscriber", `/lists/${listId}/entries/${entryId}`, { intent: "add-note", body: "One more" });
    expect(more.status).toBe(409);
    expect(more.body).toContain(`An entry has at most ${MAX_NOTES_PER_ENTRY} notes.`);
    await app.database.rows(sql`DELETE FROM list_entry_notes WHERE body LIKE 'Old note %'`);
  });

  it("cannot add a listing above their plan by posting its id", async () => {
    const [premium] = await app.database.rows<{ id: string }>(
      sql`SELECT id::text AS id FROM listings WHERE processing_status = 'published' AND visibility = 'premium' ORDER BY slug LIMIT 1`,
    );
    const answer = await post("demo-public", "/lists/add", { listingIds: premium!.id, listId: "new", name: "Sneaky", keeper: "me" });
    expect(answer.status).toBe(403);
    const [held] = await app.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM list_entries WHERE listing_id = ${premium!.id}::uuid`,
    );
    expect(held!.n).toBe(0);
  });

  it("sees a listing above their plan, added by a colleague with a bigger plan, as its teaser on every view", async () => {
    const { addEntries } = await import("~/features/lists/list-access.server.ts");
    const [premium] = await app.database.rows<{ id: string; name: string }>(
      sql`SELECT id::text AS id, name FROM listings WHERE processing_status = 'published' AND visibility = 'premium' AND type = 'startup' ORDER BY slug LIMIT 1`,
    );
    // A figure an open card shows and a teaser never does (decision 0084), unique enough to search the answers for.
    await app.database.rows(sql`UPDATE listings SET total_funding_raised = 987654321 WHERE id = ${premium!.id}::uuid`);
    await addEntries(app.database, { listId, listingIds: [premium!.id], actorId: "demo-premium" });
    const [entry] = await app.database.rows<{ id: string }>(
      sql`SELECT id::text AS id FROM list_entries WHERE list_id = ${listId}::uuid AND listing_id = ${premium!.id}::uuid`,
    );
    const views = [`/lists/${listId}`, `/lists/${listId}.data`, `/lists/${listId}?view=table`, `/lists/${listId}?view=history`];
    for (const path of [...views, `/lists/${listId}/entries/${entry!.id}`, `/lists/${listId}/entries/${entry!.id}.data`]) {
      const answer = await get("demo-subscriber", path);
      expect({ path, status: answer.status, leaked: answer.body.includes("987654321") }).toEqual({ path, status: 200, leaked: false });
      expect(answer.body).toContain(premium!.name);
    }
    expect((await get("demo-subscriber", `/lists/${listId}`)).body).toContain("Not open on your plan");
    // The colleague whose plan opens it sees the figure: the check above can fail.
    expect((await get("demo-premium", `/lists/${listId}.data`)).body).toContain("987654321");
    await app.database.rows(sql`DELETE FROM list_entries WHERE id = ${entry!.id}::uuid`);
  });
});
