/** The saved-search JSON API: 401 signed out, 400 for bad input with a clear message, 404 for another member's search. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs, testUser } from "#test-support/test-route.ts";
import { action as create, loader as list } from "./api.saved-searches.ts";
import { action as change, loader as read } from "./api.saved-searches.item.ts";
import { loader as newOnes } from "./api.saved-searches.new.ts";
import { action as unsubscribe, loader as page } from "./unsubscribe.tsx";
import { SAVED_SEARCHES_API } from "~/features/saved-searches/saved-searches-api-schema.ts";
import { createSavedSearch, setAlertFrequency } from "~/features/saved-searches/saved-searches.server.ts";
import { makeUnsubscribeToken } from "~/features/saved-searches/unsubscribe.server.ts";

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
  /** The page's answer as React Router sends it: its status and what it says (a plain object is a 200). */
  function answered(result: unknown): { status: number; state: unknown } {
    if (typeof result === "object" && result !== null && (result as { type?: unknown }).type === "DataWithResponseInit") {
      const { data, init } = result as { data: { state: unknown }; init: ResponseInit | null };
      return { status: init?.status ?? 200, state: data.state };
    }
    return { status: 200, state: (result as { state: unknown }).state };
  }
  const oneClick = { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded" } };
  const open = async (token: string) => answered(await page(loaderArgs<never>(database, "/unsubscribe/x", { token })));
  const click = async (token: string) =>
    answered(await unsubscribe(loaderArgs<never>(database, "/unsubscribe/x", { token }, { init: oneClick })));

  it("answers a made-up, cut-short or tampered link with 400 and a page saying so, opened or one-clicked", async () => {
    const real = await makeUnsubscribeToken(database, { kind: "all", userId: owner.id }, new Date());
    for (const token of ["a.api-other.zz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "nonsense", "s.%00", `${real.slice(0, -3)}abc`]) {
      expect(await open(token)).toEqual({ status: 400, state: "invalid" });
      expect(await click(token)).toEqual({ status: 400, state: "invalid" });
    }
  });

  it("answers 404 for a saved search that is gone and 410 for a link the member's later choice replaced", async () => {
    const gone = await makeUnsubscribeToken(
      database,
      { kind: "search", savedSearchId: "0b6f3c39-5a7e-4a8e-9d6f-2f7d1c9e4b10" },
      new Date(),
    );
    expect(await open(gone)).toEqual({ status: 404, state: "gone" });
    expect(await click(gone)).toEqual({ status: 404, state: "gone" });

    const saved = await createSavedSearch(database, owner, { name: "Unsubscribe me", query: "type=investor", alertFrequency: "weekly" });
    const sent = new Date(saved.alertsChangedAt.getTime() + 60_000);
    const link = await makeUnsubscribeToken(database, { kind: "search", savedSearchId: saved.id }, sent);
    expect(await open(link)).toEqual({ status: 200, state: "open" });
    // The member chooses again after the e-mail went out: the old link no longer speaks for them.
    await setAlertFrequency(database, owner, saved.id, "daily", new Date(sent.getTime() + 60_000));
    expect(await open(link)).toEqual({ status: 410, state: "out_of_date" });
    expect(await click(link)).toEqual({ status: 410, state: "out_of_date" });

    const fresh = await makeUnsubscribeToken(database, { kind: "search", savedSearchId: saved.id }, new Date(sent.getTime() + 120_000));
    expect(await click(fresh)).toEqual({ status: 200, state: "done" });
    // Clicked twice (a mail client retrying): still a success, nothing to do.
    expect(await click(fresh)).toEqual({ status: 200, state: "already_off" });
  });
});
