/** The saved-search JSON API: 401 signed out, 400 for bad input with a clear message, 404 for another member's search. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "~/lib/test-database.ts";
import { answerOf, loaderArgs, testUser } from "~/lib/test-route.ts";
import { action as create, loader as list } from "./api.saved-searches.ts";
import { action as change, loader as read } from "./api.saved-searches.item.ts";
import { loader as newOnes } from "./api.saved-searches.new.ts";
import { action as unsubscribe } from "./unsubscribe.tsx";
import { SAVED_SEARCHES_API } from "~/features/saved-searches/saved-searches-api-schema.ts";

let database: Database;
const owner = testUser("premium");
const other = { ...testUser("subscriber"), id: "api-other" };

const post = (body: unknown, method = "POST") => ({
  init: { method, body: typeof body === "string" ? body : JSON.stringify(body), headers: { "Content-Type": "application/json" } },
});

async function createAs(user: typeof owner | null, body: unknown) {
  return answerOf(create(loaderArgs<never>(database, "/api/saved-searches", {}, { user, ...post(body) })));
}

beforeAll(async () => {
  database = await openTestDatabase();
  for (const u of [owner, other]) {
    await database.rows(
      sql`INSERT INTO users (id, name, email, email_verified, tier) VALUES (${u.id}, ${u.name}, ${u.email}, true, ${u.tier})`,
    );
  }
});

afterAll(async () => {
  await database?.close();
});

describe("/api/saved-searches", () => {
  it("answers 405 to a method it does not take", async () => {
    const answer = await answerOf(
      create(loaderArgs<never>(database, "/api/saved-searches", {}, { user: owner, init: { method: "DELETE" } })),
    );
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("GET, POST");
  });

  it("answers 401 to a visitor", async () => {
    expect((await answerOf(list(loaderArgs<never>(database, "/api/saved-searches")))).status).toBe(401);
    expect((await createAs(null, { name: "x", query: "type=startup" })).status).toBe(401);
  });

  it.each([
    [{ name: "", query: "type=startup" }, /name: Give the search a name/],
    [{ name: "x".repeat(81), query: "type=startup" }, /at most 80 characters/],
    [{ name: "a\u0000b", query: "type=startup" }, /NUL/],
    [{ name: "ok", query: "type=rocket" }, /entityType must be one of/],
    [{ name: "ok", query: "sort=sideways" }, /sort must be one of/],
    [{ name: "ok", query: "q=a\u0000" }, /NUL/],
    [{ name: "ok", query: "type=startup", alertFrequency: "hourly" }, /no e-mail, daily or weekly/],
    [{ name: "ok", query: "type=startup", extra: 1 }, /Unknown field "extra"/],
    ["[1,2]", /JSON object/],
  ])("refuses %j with a 400 that says why", async (body, message) => {
    const answer = await createAs(owner, body);
    expect(answer.status).toBe(400);
    expect(SAVED_SEARCHES_API.errors.parse(await answer.json()).error).toMatch(message);
  });

  it("creates, lists, renames and deletes; another member gets 404 for every one of them", async () => {
    const made = await createAs(owner, { name: "Fintech", query: "/listings?type=startup&page=2", alertFrequency: "weekly" });
    expect(made.status).toBe(201);
    // Every answer is checked against the schema the OpenAPI document publishes for its endpoint.
    const { savedSearch } = SAVED_SEARCHES_API["POST /api/saved-searches"].response.parse(await made.json());
    expect(savedSearch).toMatchObject({ query: "type=startup", url: "/listings?type=startup" });
    const path = `/api/saved-searches/${savedSearch.id}`;
    const params = { id: savedSearch.id };

    for (const attempt of [
      () => read(loaderArgs<never>(database, path, params, { user: other })),
      () => newOnes(loaderArgs<never>(database, `${path}/new`, params, { user: other })),
      () => change(loaderArgs<never>(database, path, params, { user: other, ...post({ name: "Mine now" }, "PATCH") })),
      () => change(loaderArgs<never>(database, path, params, { user: other, init: { method: "DELETE" } })),
    ]) {
      expect((await answerOf(attempt())).status).toBe(404);
    }

    const renamed = await answerOf(
      change(loaderArgs<never>(database, path, params, { user: owner, ...post({ name: "Renamed", alertFrequency: "off" }, "PATCH") })),
    );
    expect(SAVED_SEARCHES_API["PATCH /api/saved-searches/{id}"].response.parse(await renamed.json())).toMatchObject({
      savedSearch: { name: "Renamed", alertFrequency: "off" },
    });
    const mine = await answerOf(newOnes(loaderArgs<never>(database, `${path}/new`, params, { user: owner })));
    expect(SAVED_SEARCHES_API["GET /api/saved-searches/{id}/new"].response.parse(await mine.json())).toMatchObject({
      newSinceLastLook: 0,
      listings: [],
    });
    const listed = SAVED_SEARCHES_API["GET /api/saved-searches"].response.parse(
      await (await answerOf(list(loaderArgs<never>(database, "/api/saved-searches", {}, { user: owner })))).json(),
    );
    expect(listed).toMatchObject({ limit: 50, savedSearches: [{ name: "Renamed", newSinceLastLook: 0 }] });
    const deleted = await answerOf(change(loaderArgs<never>(database, path, params, { user: owner, init: { method: "DELETE" } })));
    expect(SAVED_SEARCHES_API["DELETE /api/saved-searches/{id}"].response.parse(await deleted.json())).toEqual({ deleted: true });
    expect((await answerOf(read(loaderArgs<never>(database, path, params, { user: owner })))).status).toBe(404);
  });
});

describe("/unsubscribe/:token", () => {
  it("answers a made-up or cut-short link with a page saying so, not an error", async () => {
    for (const token of ["a.api-other.zz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "nonsense", "s.%00"]) {
      const args = loaderArgs<never>(
        database,
        `/unsubscribe/x`,
        { token },
        {
          init: { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded" } },
        },
      );
      expect(await unsubscribe(args)).toEqual({ state: "invalid" });
    }
  });
});
