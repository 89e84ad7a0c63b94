/**
 * One ordinary call per documented operation, as a given caller makes it: what a client that read the document
 * would send (valid parameters, a valid body). The conformance test makes each as every kind of caller and against
 * a database that is down; a new operation in the document without a sample here fails that test.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { addEntries, createList } from "~/features/lists/list-access.server.ts";
import { createSavedSearch } from "~/features/saved-searches/saved-searches.server.ts";
import type { ApiCall } from "./api-call.ts";
import { as, type Caller, type Fixture } from "./conformance-fixture.ts";

export type Sample = (fx: Fixture, caller: Caller) => Promise<ApiCall>;

let made = 0;

/** An id of a saved search of the caller's, made for the call; a random one when the caller may have none. */
async function savedSearchOf(fx: Fixture, caller: Caller): Promise<string> {
  const user = caller.user;
  if (!user || user.tier === "public") return randomUUID();
  const row = await createSavedSearch(
    fx.database,
    { id: user.id, tier: user.tier },
    {
      name: `Sample ${++made}`,
      query: `type=startup&searchQuery=sample${made}`,
      alertFrequency: "off",
    },
  );
  return row.id;
}

const publicStartup = (fx: Fixture) => fx.listing("startup", "public");

/** A private list of the caller's holding one public startup, and its entry (random ids for a visitor). */
async function listOf(fx: Fixture, caller: Caller): Promise<{ id: string; entryId: string }> {
  const user = caller.user;
  if (!user) return { id: randomUUID(), entryId: randomUUID() };
  const id = await createList(fx.database, { name: `Sample list ${++made}`, keeper: { userId: user.id }, createdBy: user.id });
  await addEntries(fx.database, { listId: id, listingIds: [publicStartup(fx).id], actorId: user.id });
  const [entry] = await fx.database.rows<{ id: string }>(sql`SELECT id::text AS id FROM list_entries WHERE list_id = ${id}::uuid`);
  return { id, entryId: entry!.id };
}

export const SAMPLES: Record<string, Sample> = {
  "get /api/listings": async (_fx, c) => as(c, { method: "GET", url: "/api/listings?type=startup&sort=newest&pageSize=25" }),
  "get /api/listings/export.csv": async (_fx, c) => as(c, { method: "GET", url: "/api/listings/export.csv?type=startup&sort=newest" }),
  "get /api/listings/{type}/{slug}": async (fx, c) => as(c, { method: "GET", url: `/api/listings/startup/${publicStartup(fx).slug}` }),
  "get /api/listings/{type}/{slug}/matches": async (fx, c) =>
    as(c, { method: "GET", url: `/api/listings/startup/${publicStartup(fx).slug}/matches?limit=5` }),
  "post /api/listings/{type}/{slug}/summary": async (fx, c) =>
    as(c, { method: "POST", url: `/api/listings/startup/${publicStartup(fx).slug}/summary`, json: {} }),
  "post /api/listings/{type}/{slug}/intro-message": async (fx, c) =>
    as(c, { method: "POST", url: `/api/listings/startup/${publicStartup(fx).slug}/intro-message`, json: { senderName: "Ada" } }),
  "post /api/listings/plain-words": async (_fx, c) =>
    as(c, { method: "POST", url: "/api/listings/plain-words", json: { sentence: "seed-stage fintech startups in Germany" } }),
  "get /api/reference": async (_fx, c) => as(c, { method: "GET", url: "/api/reference" }),
  "get /api/saved-searches": async (_fx, c) => as(c, { method: "GET", url: "/api/saved-searches" }),
  "post /api/saved-searches": async (_fx, c) =>
    as(c, { method: "POST", url: "/api/saved-searches", json: { name: `Saved ${++made}`, query: `type=investor&searchQuery=s${made}` } }),
  "get /api/saved-searches/{id}": async (fx, c) => as(c, { method: "GET", url: `/api/saved-searches/${await savedSearchOf(fx, c)}` }),
  "patch /api/saved-searches/{id}": async (fx, c) =>
    as(c, { method: "PATCH", url: `/api/saved-searches/${await savedSearchOf(fx, c)}`, json: { alertFrequency: "weekly" } }),
  "delete /api/saved-searches/{id}": async (fx, c) => as(c, { method: "DELETE", url: `/api/saved-searches/${await savedSearchOf(fx, c)}` }),
  "get /api/saved-searches/{id}/new": async (fx, c) =>
    as(c, { method: "GET", url: `/api/saved-searches/${await savedSearchOf(fx, c)}/new` }),
  "post /api/saved-searches/{id}/new": async (fx, c) =>
    as(c, { method: "POST", url: `/api/saved-searches/${await savedSearchOf(fx, c)}/new` }),
  "get /api/follows": async (_fx, c) => as(c, { method: "GET", url: "/api/follows" }),
  "post /api/follows": async (fx, c) => as(c, { method: "POST", url: "/api/follows", json: { listingId: publicStartup(fx).id } }),
  "get /api/follows/{listingId}": async (fx, c) => as(c, { method: "GET", url: `/api/follows/${publicStartup(fx).id}` }),
  "delete /api/follows/{listingId}": async (fx, c) => as(c, { method: "DELETE", url: `/api/follows/${publicStartup(fx).id}` }),
  "get /api/lists": async (_fx, c) => as(c, { method: "GET", url: "/api/lists" }),
  "post /api/lists": async (_fx, c) => as(c, { method: "POST", url: "/api/lists", json: { name: `List ${++made}` } }),
  "get /api/lists/{id}": async (fx, c) => as(c, { method: "GET", url: `/api/lists/${(await listOf(fx, c)).id}` }),
  "patch /api/lists/{id}": async (fx, c) =>
    as(c, { method: "PATCH", url: `/api/lists/${(await listOf(fx, c)).id}`, json: { name: "Renamed" } }),
  "delete /api/lists/{id}": async (fx, c) => as(c, { method: "DELETE", url: `/api/lists/${(await listOf(fx, c)).id}` }),
  "get /api/lists/{id}/entries": async (fx, c) => as(c, { method: "GET", url: `/api/lists/${(await listOf(fx, c)).id}/entries` }),
  "post /api/lists/{id}/entries": async (fx, c) =>
    as(c, { method: "POST", url: `/api/lists/${(await listOf(fx, c)).id}/entries`, json: { listingIds: [publicStartup(fx).id] } }),
  "patch /api/lists/{id}/entries/{entryId}": async (fx, c) => {
    const { id, entryId } = await listOf(fx, c);
    return as(c, { method: "PATCH", url: `/api/lists/${id}/entries/${entryId}`, json: { column: "Meeting" } });
  },
  "delete /api/lists/{id}/entries/{entryId}": async (fx, c) => {
    const { id, entryId } = await listOf(fx, c);
    return as(c, { method: "DELETE", url: `/api/lists/${id}/entries/${entryId}` });
  },
  "post /api/lists/{id}/entries/{entryId}/notes": async (fx, c) => {
    const { id, entryId } = await listOf(fx, c);
    return as(c, { method: "POST", url: `/api/lists/${id}/entries/${entryId}/notes`, json: { body: "A note." } });
  },
  "post /api/lists/{id}/entries/{entryId}/tags": async (fx, c) => {
    const { id, entryId } = await listOf(fx, c);
    return as(c, { method: "POST", url: `/api/lists/${id}/entries/${entryId}/tags`, json: { tag: "warm" } });
  },
  "delete /api/lists/{id}/entries/{entryId}/tags/{tag}": async (fx, c) => {
    const { id, entryId } = await listOf(fx, c);
    return as(c, { method: "DELETE", url: `/api/lists/${id}/entries/${entryId}/tags/warm` });
  },
  "get /api/openapi.json": async (_fx, c) => as(c, { method: "GET", url: "/api/openapi.json" }),
};
