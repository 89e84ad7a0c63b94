/**
 * The lists JSON API over real HTTP (issue 37, decision 0121), as a client and as an attacker use it: no credentials,
 * a member's key (their private lists and their teams'), a team's key (that team's lists only, and nothing once its
 * member has left the team), another team's list by id, bad input, and the gate: a member whose plan does not open a
 * listing reads its teaser on a team list a bigger plan filled.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_NOTES_PER_ENTRY } from "~/features/lists/list-rules.ts";
import { startAppOverHttp, type AppOverHttp } from "../support/app-over-http.ts";
import { rawRequest } from "../support/raw-request.ts";

const NORTHWIND = "7e0a0000-0000-4000-8000-000000000001";
const OWNER = "demo-premium";

let app: AppOverHttp;
let ownerKey: string;
let ownerTeamKey: string;
let ivy: { id: string; cookie: string };
let ivyKey: string;
let ivyTeamKey: string;
let sol: { id: string; cookie: string };
let rivalList: string;
let dealFlow: string;
let startups: Array<{ id: string; visibility: string }>;

type Json = Record<string, unknown> & { error?: string };

async function call(method: string, path: string, auth: { key?: string; cookie?: string } = {}, json?: unknown) {
  const headers: Record<string, string> = {};
  if (auth.key) headers.Authorization = `Bearer ${auth.key}`;
  if (auth.cookie) Object.assign(headers, { Cookie: auth.cookie, Origin: app.base });
  if (json !== undefined) headers["Content-Type"] = "application/json";
  const answer = await rawRequest(app.base, { method, path, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  return { status: answer.status, headers: answer.headers, body: (answer.body ? JSON.parse(answer.body) : {}) as Json };
}

beforeAll(async () => {
  app = await startAppOverHttp();
  const { createApiKey } = await import("~/features/api-keys/api-keys.server.ts");
  const { signUp } = await import("./support/plant-member.ts");
  const { createList } = await import("~/features/lists/list-access.server.ts");
  ({ secret: ownerKey } = await createApiKey(app.database, OWNER, "member key"));
  ({ secret: ownerTeamKey } = await createApiKey(app.database, OWNER, "team key", new Date(), NORTHWIND));
  ivy = await signUp(app.database, "Ivy Analyst", "ivy.analyst@example.org");
  sol = await signUp(app.database, "Sol Scout", "sol.scout@example.org");
  const rex = await signUp(app.database, "Rex Rival", "rex.rival@example.org");
  await app.database.rows(sql`UPDATE users SET tier = 'premium' WHERE id IN (${ivy.id}, ${rex.id}) RETURNING id`);
  await app.database.rows(sql`UPDATE users SET tier = 'subscriber' WHERE id = ${sol.id} RETURNING id`);
  await app.database.rows(sql`
    INSERT INTO team_memberships (team_id, user_id, role) VALUES (${NORTHWIND}::uuid, ${ivy.id}, 'member'), (${NORTHWIND}::uuid, ${sol.id}, 'member')
    RETURNING user_id`);
  ({ secret: ivyKey } = await createApiKey(app.database, ivy.id, "ivy member key"));
  ({ secret: ivyTeamKey } = await createApiKey(app.database, ivy.id, "ivy team key", new Date(), NORTHWIND));
  const [rival] = await app.database.rows<{ id: string }>(sql`INSERT INTO teams (name) VALUES ('Rival Capital') RETURNING id::text AS id`);
  await app.database.rows(
    sql`INSERT INTO team_memberships (team_id, user_id, role) VALUES (${rival!.id}::uuid, ${rex.id}, 'owner') RETURNING user_id`,
  );
  rivalList = await createList(app.database, { name: "Rival pipeline", keeper: { teamId: rival!.id }, createdBy: rex.id });
  [{ id: dealFlow }] = (await app.database.rows<{ id: string }>(
    sql`SELECT id::text AS id FROM lists WHERE team_id = ${NORTHWIND}::uuid AND name = 'Deal flow'`,
  )) as [{ id: string }];
  startups = await app.database.rows(sql`
    SELECT id::text AS id, visibility FROM listings WHERE type = 'startup' AND processing_status = 'published' AND visibility <> 'premium'
    AND id NOT IN (SELECT listing_id FROM list_entries) ORDER BY name LIMIT 3`);
});

afterAll(async () => {
  await app?.close();
});

describe("the lists API", () => {
  it("answers 401 to a caller without a session or a key", async () => {
    expect((await call("GET", "/api/lists")).status).toBe(401);
    expect((await call("POST", "/api/lists", {}, { name: "x" })).status).toBe(401);
    expect((await call("GET", `/api/lists/${dealFlow}`)).status).toBe(401);
  });

  it("gives a member's key their private lists and their team's; a team's key only the team's", async () => {
    const made = await call("POST", "/api/lists", { key: ownerKey }, { name: "My own shortlist" });
    expect(made.status).toBe(201);
    expect(made.headers.location).toBe(`/api/lists/${(made.body.list as { id: string }).id}`);
    expect(made.body.list).toMatchObject({
      name: "My own shortlist",
      team: null,
      columns: [{ name: "Sourced" }, { name: "Contacted" }, { name: "Meeting" }, { name: "Passed" }],
    });
    const privateId = (made.body.list as { id: string }).id;

    const mine = (await call("GET", "/api/lists", { key: ownerKey })).body.lists as Array<{ name: string }>;
    expect(mine.map((l) => l.name)).toEqual(expect.arrayContaining(["My own shortlist", "Deal flow"]));
    const teams = (await call("GET", "/api/lists", { key: ownerTeamKey })).body.lists as Array<{ name: string; team: { id: string } }>;
    expect(teams.map((l) => l.name)).not.toContain("My own shortlist");
    expect(teams.every((l) => l.team.id === NORTHWIND)).toBe(true);
    // The team key cannot read, change or fill the private list: 404, as for a list that does not exist.
    expect((await call("GET", `/api/lists/${privateId}`, { key: ownerTeamKey })).status).toBe(404);
    expect((await call("PATCH", `/api/lists/${privateId}`, { key: ownerTeamKey }, { name: "Taken" })).status).toBe(404);
    expect((await call("POST", `/api/lists/${privateId}/entries`, { key: ownerTeamKey }, { listingIds: [startups[0]!.id] })).status).toBe(
      404,
    );
    // What a team key makes is the team's.
    const teamMade = await call("POST", "/api/lists", { key: ownerTeamKey }, { name: "Made by the team key" });
    expect(teamMade.body.list).toMatchObject({ team: { id: NORTHWIND, name: "Northwind Ventures" } });
    // A member key naming a team the member is not in: 404.
    expect((await call("POST", "/api/lists", { key: ivyKey }, { name: "Sneak", teamId: await rivalTeam() })).status).toBe(404);
  });

  it("keeps a team's key to the team's lists: every other keyed route refuses it, while the member's own key passes", async () => {
    for (const path of ["/api/saved-searches", "/api/follows", "/api/listings"]) {
      const refused = await call("GET", path, { key: ownerTeamKey });
      expect(refused.status, path).toBe(403);
      expect(refused.body.error).toBe("A team's API key works on the team's lists only (/api/lists…). Use a key of your own here.");
      expect((await call("GET", path, { key: ownerKey })).status, path).toBe(200);
    }
    const intro = await call("POST", "/api/intro-requests", { key: ownerTeamKey }, {});
    expect(intro.status).toBe(403);
    expect((await call("GET", "/api/lists", { key: ownerTeamKey })).status).toBe(200);
  });

  it("answers 404 for another team's list whatever the method or the key", async () => {
    for (const key of [ownerKey, ownerTeamKey]) {
      expect((await call("GET", `/api/lists/${rivalList}`, { key })).status).toBe(404);
      expect((await call("GET", `/api/lists/${rivalList}/entries`, { key })).status).toBe(404);
      expect((await call("PATCH", `/api/lists/${rivalList}`, { key }, { name: "Ours now" })).status).toBe(404);
      expect((await call("DELETE", `/api/lists/${rivalList}`, { key })).status).toBe(404);
      expect((await call("POST", `/api/lists/${rivalList}/entries`, { key }, { listingIds: [startups[0]!.id] })).status).toBe(404);
    }
    const [still] = await app.database.rows<{ name: string; n: number }>(
      sql`SELECT name, (SELECT count(*)::int FROM list_entries WHERE list_id = l.id) AS n FROM lists l WHERE id = ${rivalList}::uuid`,
    );
    expect(still).toEqual({ name: "Rival pipeline", n: 0 });
  });

  it("adds, moves by column name, notes, tags and removes an entry, each in the list's history", async () => {
    const list = (await call("POST", "/api/lists", { key: ownerTeamKey }, { name: "Round trip" })).body.list as { id: string };
    const added = await call(
      "POST",
      `/api/lists/${list.id}/entries`,
      { key: ownerTeamKey },
      { listingIds: [startups[0]!.id, startups[0]!.id, startups[1]!.id] },
    );
    expect(added.status).toBe(200);
    expect(added.body.added).toEqual([startups[0]!.id, startups[1]!.id]);
    const entries = added.body.entries as Array<{ id: string; listingId: string; column: { name: string } }>;
    const entry = entries.find((e) => e.listingId === startups[0]!.id)!;
    expect(entry.column.name).toBe("Sourced");

    const moved = await call("PATCH", `/api/lists/${list.id}/entries/${entry.id}`, { key: ownerTeamKey }, { column: "meeting" });
    expect(moved.status).toBe(200);
    expect(moved.body.entry).toMatchObject({ id: entry.id, column: { name: "Meeting" }, position: 0 });
    const unknown = await call("PATCH", `/api/lists/${list.id}/entries/${entry.id}`, { key: ownerTeamKey }, { column: "Won" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      field: "column",
      error: 'This list has no column "Won". Its columns: Sourced, Contacted, Meeting, Passed.',
    });

    const note = await call(
      "POST",
      `/api/lists/${list.id}/entries/${entry.id}/notes`,
      { key: ivyKey },
      { body: "Met the founders; strong team." },
    );
    expect(note.status).toBe(201);
    expect(note.body.note).toMatchObject({ body: "Met the founders; strong team.", author: { id: ivy.id, name: "Ivy Analyst" } });
    expect((await call("POST", `/api/lists/${list.id}/entries/${entry.id}/tags`, { key: ownerKey }, { tag: "warm intro" })).body).toEqual({
      tags: ["warm intro"],
    });
    expect((await call("POST", `/api/lists/${list.id}/entries/${entry.id}/tags`, { key: ownerKey }, { tag: "fintech" })).body).toEqual({
      tags: ["fintech", "warm intro"],
    });
    expect((await call("DELETE", `/api/lists/${list.id}/entries/${entry.id}/tags/warm%20intro`, { key: ownerKey })).body).toEqual({
      tags: ["fintech"],
    });
    const read = (await call("GET", `/api/lists/${list.id}`, { key: ivyTeamKey })).body.entries as Array<{
      id: string;
      notes: number;
      tags: string[];
    }>;
    expect(read.find((e) => e.id === entry.id)).toMatchObject({ notes: 1, tags: ["fintech"] });
    expect((await call("DELETE", `/api/lists/${list.id}/entries/${entry.id}`, { key: ownerKey })).body).toEqual({ deleted: true });

    const history = await app.database.rows<{ action: string; actor_id: string }>(
      sql`SELECT action, actor_id FROM list_events WHERE list_id = ${list.id}::uuid ORDER BY at, action`,
    );
    expect(history.map((h) => h.action).sort()).toEqual([
      "added",
      "added",
      "commented",
      "created",
      "moved",
      "removed",
      "tagged",
      "tagged",
      "untagged",
    ]);
    expect(history.find((h) => h.action === "commented")!.actor_id).toBe(ivy.id);
  });

  it("shows each listing as the caller's own card does: a subscriber reads a premium listing's teaser", async () => {
    const premium = startups[2]!.id;
    await app.database.rows(sql`UPDATE listings SET visibility = 'premium' WHERE id = ${premium}::uuid RETURNING id`);
    const { addEntries } = await import("~/features/lists/list-access.server.ts");
    await addEntries(app.database, { listId: dealFlow, listingIds: [premium], actorId: OWNER });
    const asOwner = (await call("GET", `/api/lists/${dealFlow}/entries`, { key: ownerKey })).body.entries as Array<{
      listingId: string;
      listing: Json;
    }>;
    expect(asOwner.find((e) => e.listingId === premium)!.listing).toMatchObject({ locked: false, countries: expect.any(Array) });
    const asSol = await call("GET", `/api/lists/${dealFlow}/entries`, { cookie: sol.cookie });
    expect(asSol.status).toBe(200);
    const teaser = (asSol.body.entries as Array<{ listingId: string; listing: Json }>).find((e) => e.listingId === premium)!.listing;
    expect(teaser).toMatchObject({ locked: true, access: "premium" });
    expect(teaser).not.toHaveProperty("countries");
    expect(teaser).not.toHaveProperty("businessModel");
    // And Sol cannot add a listing above their plan: it comes back skipped, not added.
    const tried = await call("POST", `/api/lists/${dealFlow}/entries`, { cookie: sol.cookie }, { listingIds: [premium, startups[1]!.id] });
    expect(tried.status).toBe(200);
    expect(tried.body.skipped).toEqual([{ listingId: premium, reason: "locked" }]);
    expect(tried.body.added).toEqual([startups[1]!.id]);
  });

  it("stops a member's keys reaching the team's lists once they leave the team", async () => {
    expect((await call("GET", `/api/lists/${dealFlow}`, { key: ivyKey })).status).toBe(200);
    expect((await call("GET", "/api/lists", { key: ivyTeamKey })).status).toBe(200);
    await app.database.rows(sql`DELETE FROM team_memberships WHERE user_id = ${ivy.id} RETURNING user_id`);
    expect((await call("GET", `/api/lists/${dealFlow}`, { key: ivyKey })).status).toBe(404);
    const teamKey = await call("GET", "/api/lists", { key: ivyTeamKey });
    expect(teamKey.status).toBe(403);
    expect(teamKey.body.error).toBe("This API key is for a team you are no longer in. Create a new key in Settings.");
    expect((await call("GET", `/api/lists/${dealFlow}`, { key: ivyTeamKey })).status).toBe(403);
  });

  it("refuses a session's change sent from another site (CSRF), as every cookie-authenticated POST is", async () => {
    const answer = await rawRequest(app.base, {
      method: "POST",
      path: "/api/lists",
      headers: { Cookie: sol.cookie, Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Planted" }),
    });
    expect(answer.status).toBe(403);
    const [planted] = await app.database.rows(sql`SELECT 1 FROM lists WHERE name = 'Planted'`);
    expect(planted).toBeUndefined();
  });

  it("answers bad input with 400 and what to change", async () => {
    const bad = async (method: string, path: string, json?: unknown) => {
      const answer = await call(method, path, { key: ownerKey }, json);
      expect(answer.status, `${method} ${path} ${JSON.stringify(json)}`).toBe(400);
      expect(answer.body.error).toEqual(expect.any(String));
      return answer.body.error!;
    };
    expect(await bad("GET", "/api/lists/not-a-uuid")).toBe("The list id in the path must be a UUID.");
    expect(await bad("POST", "/api/lists", { name: "  " })).toBe(
      "name must be one line of text, not empty and without control characters.",
    );
    expect(await bad("POST", "/api/lists", { name: "A", colour: "red" })).toMatch(/colour/);
    expect(await bad("POST", `/api/lists/${dealFlow}/entries`, { listingIds: [] })).toBe("listingIds: send at least one listing id.");
    expect(await bad("POST", `/api/lists/${dealFlow}/entries`, { listingIds: ["x"] })).toBe("listingIds must be listing ids (UUIDs).");
  });
});

describe("the lists API keeps the pages' rules (one write path)", () => {
  const entryOnNewList = async (name: string, listing: string) => {
    const list = (await call("POST", "/api/lists", { key: ownerKey }, { name })).body.list as { id: string };
    const added = await call("POST", `/api/lists/${list.id}/entries`, { key: ownerKey }, { listingIds: [listing] });
    return { listId: list.id, entryId: (added.body.entries as Array<{ id: string }>)[0]!.id };
  };
  // These tests make many calls with one key: each starts with a fresh per-key window of the API's rate limit.
  beforeEach(async () => {
    await app.database.rows(sql`DELETE FROM rate_limit_windows WHERE key LIKE 'api-calls:%' RETURNING key`);
  });
  const events = async (listId: string, action: string) =>
    (await app.database.rows(sql`SELECT 1 FROM list_events WHERE list_id = ${listId}::uuid AND action = ${action}`)).length;

  it("refuses the 21st tag on an entry, as the entry page does", async () => {
    const { listId, entryId } = await entryOnNewList("Tag limit", startups[0]!.id);
    const tags = `/api/lists/${listId}/entries/${entryId}/tags`;
    for (let i = 1; i <= 20; i++) expect((await call("POST", tags, { key: ownerKey }, { tag: `t${i}` })).status).toBe(200);
    const refused = await call("POST", tags, { key: ownerKey }, { tag: "one too many" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("An entry has at most 20 tags.");
    const [held] = await app.database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM list_entry_tags WHERE entry_id = ${entryId}::uuid`,
    );
    expect(held!.n).toBe(20);
  });

  it("refuses a note past the most an entry holds with 409, as the entry page does", async () => {
    const { listId, entryId } = await entryOnNewList("Note limit", startups[0]!.id);
    await app.database.rows(sql`
      INSERT INTO list_entry_notes (entry_id, author_id, body)
      SELECT ${entryId}::uuid, ${OWNER}, 'n' || n FROM generate_series(1, ${MAX_NOTES_PER_ENTRY}) AS n`);
    const refused = await call("POST", `/api/lists/${listId}/entries/${entryId}/notes`, { key: ownerKey }, { body: "One more" });
    expect([refused.status, refused.body.error]).toEqual([
      409,
      `An entry has at most ${MAX_NOTES_PER_ENTRY} notes. Delete one to add another.`,
    ]);
  });

  it("writes a tag as the page does: normalised, at most 30 characters, letters and digits first", async () => {
    const { listId, entryId } = await entryOnNewList("Tag shape", startups[1]!.id);
    const tags = `/api/lists/${listId}/entries/${entryId}/tags`;
    expect((await call("POST", tags, { key: ownerKey }, { tag: "  Deep   Tech " })).body).toEqual({ tags: ["deep tech"] });
    expect((await call("POST", tags, { key: ownerKey }, { tag: "DEEP TECH" })).body).toEqual({ tags: ["deep tech"] });
    expect(await events(listId, "tagged")).toBe(1);
    const tooLong = await call("POST", tags, { key: ownerKey }, { tag: "x".repeat(31) });
    expect([tooLong.status, tooLong.body.error]).toEqual([400, "tag can be at most 30 characters."]);
    const shape = await call("POST", tags, { key: ownerKey }, { tag: "<script>" });
    expect(shape.status).toBe(400);
    expect(shape.body.error).toMatch(/^A tag is letters, digits/);
    expect((await call("POST", tags, { key: ownerKey }, { tag: "nul\u0000tag" })).status).toBe(400);
    // Taking a tag off finds it however it is written, as it was put on.
    expect((await call("DELETE", `${tags}/Deep%20%20Tech`, { key: ownerKey })).body).toEqual({ tags: [] });
  });

  it("refuses an over-long or NUL name or note with 400", async () => {
    const { listId, entryId } = await entryOnNewList("Text limits", startups[2]!.id);
    for (const name of ["n".repeat(81), "nul\u0000name"]) {
      expect((await call("PATCH", `/api/lists/${listId}`, { key: ownerKey }, { name })).status).toBe(400);
      expect((await call("POST", "/api/lists", { key: ownerKey }, { name })).status).toBe(400);
    }
    for (const body of ["b".repeat(4001), "nul\u0000note"])
      expect((await call("POST", `/api/lists/${listId}/entries/${entryId}/notes`, { key: ownerKey }, { body })).status).toBe(400);
    const [kept] = await app.database.rows<{ name: string; notes: number }>(
      sql`SELECT name, (SELECT count(*)::int FROM list_entry_notes WHERE entry_id = ${entryId}::uuid) AS notes FROM lists WHERE id = ${listId}::uuid`,
    );
    expect(kept).toEqual({ name: "Text limits", notes: 0 });
  });

  it("writes no history for a move to the entry's own column or a rename to the list's own name, as the pages do", async () => {
    const { listId, entryId } = await entryOnNewList("No-op changes", startups[0]!.id);
    const stay = await call("PATCH", `/api/lists/${listId}/entries/${entryId}`, { key: ownerKey }, { column: "Sourced" });
    expect(stay.status).toBe(200);
    expect(stay.body.entry).toMatchObject({ column: { name: "Sourced" }, position: 0 });
    expect(await events(listId, "moved")).toBe(0);
    expect((await call("PATCH", `/api/lists/${listId}`, { key: ownerKey }, { name: "No-op changes" })).status).toBe(200);
    expect(await events(listId, "renamed")).toBe(0);
    // A position still reorders within the entry's own column, through the same write the board uses.
    await call("POST", `/api/lists/${listId}/entries`, { key: ownerKey }, { listingIds: [startups[1]!.id] });
    const ahead = await call("PATCH", `/api/lists/${listId}/entries/${entryId}`, { key: ownerKey }, { column: "sourced", position: 5 });
    expect(ahead.body.entry).toMatchObject({ column: { name: "Sourced" }, position: 2 });
    const first = await call("PATCH", `/api/lists/${listId}/entries/${entryId}`, { key: ownerKey }, { column: "Sourced", position: 0 });
    expect(first.body.entry).toMatchObject({ position: 0 });
    const order = (await call("GET", `/api/lists/${listId}/entries`, { key: ownerKey })).body.entries as Array<{ id: string }>;
    expect(order[0]!.id).toBe(entryId);
    expect(await events(listId, "moved")).toBe(2);
  });
});

async function rivalTeam(): Promise<string> {
  const [row] = await app.database.rows<{ id: string }>(sql`SELECT id::text AS id FROM teams WHERE name = 'Rival Capital'`);
  return row!.id;
}
