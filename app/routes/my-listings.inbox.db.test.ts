/**
 * /my-listings/:listingId/inbox as its users meet it (issue 36, decision 0116): an owner sees the listing's forwarded
 * requests and answers them; a member who does not keep the listing gets the same 404 on the page and on every form; a
 * request of another listing is not reachable through this inbox; bad input is a 400 with its message, never a 500.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { createIntroRequest } from "~/features/introductions/intro-requests.server.ts";
import { reviewIntroRequest } from "~/features/introductions/intro-review.server.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import { grantOwnership } from "~/features/listing-owners/ownership.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs } from "#test-support/test-route.ts";
import * as inbox from "./my-listings.inbox.tsx";
import * as settings from "./settings.tsx";

let database: Database;
type Row = { id: string; type: "startup" | "investor" | "partner"; slug: string; name: string };
let mine: Row;
let theirs: Row;
let owner: SessionUser;
let stranger: SessionUser;
let requestId: string;
let theirRequestId: string;
let n = 0;

const requesters = new Map<string, SessionUser>();

async function approved(listing: Row): Promise<string> {
  const requester = await insertMember(database, `inbox-route-requester-${++n}`, "subscriber");
  const created = await createIntroRequest(database, {
    input: {
      recipientType: listing.type,
      recipientSlug: listing.slug,
      senderName: requester.name,
      senderEmail: requester.email,
      message: "A pilot together would help both of our customers.",
    },
    user: requester,
    clientAddress: `10.7.0.${n}`,
  });
  await reviewIntroRequest(database, { requestId: created.id, decision: "approve", reason: null, admin: { id: "inbox-route-admin" } });
  requesters.set(created.id, requester);
  return created.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 12);
  [mine, theirs] = (await database.rows<Row>(
    sql`SELECT id::text AS id, type, slug, name FROM listings WHERE visibility = 'public' AND processing_status = 'published' ORDER BY slug LIMIT 2`,
  )) as [Row, Row];
  await insertMember(database, "inbox-route-admin", "premium", "admin");
  owner = await insertMember(database, "inbox-route-owner", "subscriber");
  stranger = await insertMember(database, "inbox-route-stranger", "premium");
  const actor = { id: "inbox-route-admin", source: "admin" as const };
  await grantOwnership(database.db, { listingId: mine.id, listingName: mine.name, userId: owner.id, via: "operator", actor });
  await grantOwnership(database.db, { listingId: theirs.id, listingName: theirs.name, userId: stranger.id, via: "operator", actor });
  requestId = await approved(mine);
  theirRequestId = await approved(theirs);
});

afterAll(async () => {
  await database?.close();
});

const path = (listing: Row) => `/my-listings/${listing.id}/inbox`;
const load = (listing: Row, user: SessionUser | null) =>
  answerOf(inbox.loader(loaderArgs(database, path(listing), { listingId: listing.id }, { user }) as never));
async function post(listing: Row, user: SessionUser | null, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) body.append(k, value);
  const result = await answerOf(
    inbox.action(loaderArgs(database, path(listing), { listingId: listing.id }, { user, init: { method: "POST", body } }) as never),
  );
  // A page action answers with data(): the status and the form result.
  const wrapped = result as unknown as {
    init?: { status?: number };
    data?: { ok: boolean; message?: string; errors?: Record<string, string> };
  };
  if (result instanceof Response) return { status: result.status, body: await result.json().catch(() => null) };
  return { status: wrapped.init?.status ?? 200, body: wrapped.data! };
}

describe("the owner", () => {
  it("sees the listing's forwarded requests and only those, without the requesters' addresses", async () => {
    const data = (await load(mine, owner)) as unknown as Awaited<ReturnType<typeof inbox.loader>>;
    expect(data.requests.map((r) => r.id)).toEqual([requestId]);
    expect(JSON.stringify(data)).not.toContain("@members.test");
    expect(data.choices.plans.length).toBe(3);
  });

  it("bad input is a 400 with a message: a reason not on the list, a short question, a cap that is not a number", async () => {
    expect(await post(mine, owner, { intent: "decline", requestId, reason: "you are rude" })).toMatchObject({
      status: 400,
      body: { errors: { reason: "Choose a reason from the list." } },
    });
    expect(await post(mine, owner, { intent: "ask", requestId, question: "Why?" })).toMatchObject({ status: 400 });
    expect(await post(mine, owner, { intent: "accept", requestId: "not-a-uuid" })).toMatchObject({ status: 400 });
    expect(await post(mine, owner, { intent: "preferences", monthlyCap: "lots" })).toMatchObject({
      status: 400,
      body: { errors: { monthlyCap: "Enter a whole number, or leave it empty for no limit." } },
    });
    expect(await post(mine, owner, { intent: "nonsense" })).toMatchObject({ status: 400, body: { message: "Unknown inbox action." } });
  });

  it("cannot reach another listing's request through this inbox (404), accepts their own once (then 409)", async () => {
    expect(await post(mine, owner, { intent: "accept", requestId: theirRequestId, note: "" })).toMatchObject({
      status: 404,
      body: { message: "No such request in this inbox." },
    });
    expect(await post(mine, owner, { intent: "accept", requestId, note: "Glad to meet." })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await post(mine, owner, { intent: "decline", requestId, reason: "timing" })).toMatchObject({
      status: 409,
      body: { message: "This request was already answered." },
    });
  });

  it("saves preferences from the form's ticked boxes", async () => {
    expect(
      await post(mine, owner, { intent: "preferences", tiers: ["premium", "subscriber"], monthlyCap: "12", paused: "on" }),
    ).toMatchObject({ status: 200 });
    const data = (await load(mine, owner)) as unknown as Awaited<ReturnType<typeof inbox.loader>>;
    expect(data.preferences).toMatchObject({ tiers: ["premium", "subscriber"], monthlyCap: 12, paused: true, allowUnknown: false });
    expect(await post(mine, owner, { intent: "preferences", allowUnknown: "on" })).toMatchObject({ status: 200 });
  });
});

describe("a member who does not keep the listing", () => {
  it("gets the same 404 on the page and on every form, and their answer changes nothing", async () => {
    expect((await load(mine, stranger)).status).toBe(404);
    const forms: Array<Record<string, string>> = [
      { intent: "accept", requestId: theirRequestId, note: "" },
      { intent: "decline", requestId, reason: "timing" },
      { intent: "preferences", paused: "on" },
    ];
    for (const fields of forms) {
      expect((await post(mine, stranger, fields)).status).toBe(404);
    }
    const [row] = await database.rows<{ status: string }>(sql`SELECT status FROM intro_requests WHERE id = ${theirRequestId}`);
    expect(row!.status).toBe("awaiting_recipient");
  });

  it("signed out: the page sends them to sign in and the forms change nothing", async () => {
    const page = await load(mine, null);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toContain("/sign-in?returnTo=");
    expect((await post(mine, null, { intent: "preferences", paused: "on" })).status).toBe(302);
  });
});

describe("the requester answers an owner's question from /settings", () => {
  async function answer(user: SessionUser, fields: Record<string, string>) {
    const init = { method: "POST", body: new URLSearchParams({ intent: "answer-intro-question", ...fields }) };
    const result = (await settings.action(loaderArgs(database, "/settings", {}, { user, init }) as never)) as unknown as {
      init?: { status?: number };
      data: { ok: boolean; message?: string; errors?: Record<string, string> };
    };
    return { status: result.init?.status ?? 200, body: result.data };
  }

  it("sees the question, answers it (bad input 400, someone else's request 409), and the request is back in the inbox", async () => {
    const id = await approved(mine);
    const requester = requesters.get(id)!;
    expect(await post(mine, owner, { intent: "ask", requestId: id, question: "Which stores would the pilot cover?" })).toMatchObject({
      status: 200,
    });
    const page = (await settings.loader(loaderArgs(database, "/settings", {}, { user: requester }) as never)) as {
      intros: Array<Record<string, unknown>>;
    };
    expect(page.intros.find((r) => r.id === id)).toMatchObject({
      status: "awaiting_requester",
      ownerQuestion: "Which stores would the pilot cover?",
    });

    expect(await answer(requester, { requestId: id, answer: "Ten." })).toMatchObject({
      status: 400,
      body: { errors: { answer: expect.stringContaining("at least 10") } },
    });
    expect(await answer(stranger, { requestId: id, answer: "I am not the one who asked for this." })).toMatchObject({
      status: 409,
      body: { message: "This request is not waiting for your answer." },
    });
    expect(await answer(requester, { requestId: id, answer: "The ten stores in the north region." })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const data = (await load(mine, owner)) as unknown as Awaited<ReturnType<typeof inbox.loader>>;
    expect(data.requests.find((r) => r.id === id)).toMatchObject({
      status: "awaiting_recipient",
      requesterAnswer: "The ten stores in the north region.",
    });
  });
});
