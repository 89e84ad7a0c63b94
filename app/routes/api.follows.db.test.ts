/**
 * The follows API and the /following page as a client sees them: statuses, messages and bodies in the shapes of
 * follows-api-schema.ts, the form post that works without JavaScript, and the Follow button's state in the profile.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { listings } from "#db/schema/listings.ts";
import { seedListings } from "#demo/seed-database.ts";
import { FOLLOW_CAP } from "~/features/follows/follow-limits.ts";
import { FOLLOWS_API, FollowListResponse, FollowResponse, FollowStateResponse } from "~/features/follows/follows-api-schema.ts";
import type { Database } from "~/lib/db.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs, testUser } from "#test-support/test-route.ts";
import routes from "../routes.ts";
import * as follows from "./api.follows.ts";
import * as follow from "./api.follows.$listingId.ts";
import * as following from "./following.tsx";
import * as profile from "./profile.tsx";
import * as settings from "./settings.tsx";

let database: Database;
let open: Array<{ id: string; type: string; slug: string }>;
let premiumOnly: { id: string; type: string; slug: string };
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

async function member(id: string, tier: SessionUser["tier"]): Promise<SessionUser> {
  const user = { ...testUser(tier), id, email: `${id}@members.test` };
  await database.db.insert(users).values({ id, name: user.name, email: user.email, tier, emailVerified: true });
  return user;
}

const json = (body: unknown, method = "POST"): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
const list = (user: SessionUser | null) => answerOf(follows.loader(loaderArgs(database, "/api/follows", {}, { user }) as never));
const post = (user: SessionUser | null, init: RequestInit) =>
  answerOf(follows.action(loaderArgs(database, "/api/follows", {}, { user, init }) as never));
const state = (user: SessionUser | null, listingId: string) =>
  answerOf(follow.loader(loaderArgs(database, `/api/follows/${listingId}`, { listingId }, { user }) as never));
const remove = (user: SessionUser | null, listingId: string, method = "DELETE") =>
  answerOf(follow.action(loaderArgs(database, `/api/follows/${listingId}`, { listingId }, { user, init: { method } }) as never));

async function published(visibility: "public" | "premium", n: number) {
  return database.db
    .select({ id: listings.id, type: listings.type, slug: listings.slug })
    .from(listings)
    .where(and(eq(listings.visibility, visibility), eq(listings.processingStatus, "published")))
    .orderBy(asc(listings.name))
    .limit(n);
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
  open = await published("public", 10);
  [premiumOnly] = (await published("premium", 1)) as [typeof premiumOnly];
});

afterAll(async () => {
  await database?.close();
});

describe("the follows API", () => {
  it("answers 401 with a message to a signed-out client, on every endpoint", async () => {
    for (const response of [
      await list(null),
      await post(null, json({ listingId: open[0]!.id })),
      await state(null, open[0]!.id),
      await remove(null, open[0]!.id),
    ]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Sign in to follow listings." });
    }
  });

  it("answers 400 with a message for bad input", async () => {
    const m = await member("api-bad-input", "premium");
    const cases: Array<[RequestInit, RegExp]> = [
      [json({}), /listingId must be the id of a listing/],
      [json({ listingId: "acme" }), /listingId must be the id of a listing/],
      [json(["x"]), /Send a JSON object/],
      [{ method: "POST", headers: { "Content-Type": "application/json" }, body: "{nope" }, /not valid JSON/],
    ];
    for (const [init, message] of cases) {
      const response = await post(m, init);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatch(message);
    }
    expect((await remove(m, "acme")).status).toBe(400);
    expect((await state(m, "acme")).status).toBe(400);
  });

  it("follows (201), follows again (200), lists, tells the state and unfollows idempotently, in the documented shapes", async () => {
    const m = await member("api-follower", "subscriber");
    const first = await post(m, json({ listingId: open[0]!.id }));
    expect(first.status).toBe(201);
    expect(FollowResponse.parse(await first.json())).toEqual({
      listingId: open[0]!.id,
      following: true,
      changed: true,
      count: 1,
      cap: FOLLOW_CAP.subscriber,
    });
    const again = await post(m, json({ listingId: open[0]!.id }));
    expect(again.status).toBe(200);
    expect(FollowResponse.parse(await again.json())).toMatchObject({ changed: false, count: 1 });

    const listed = FollowListResponse.parse(await (await list(m)).json());
    expect(listed.data.map((item) => [item.listingId, item.url])).toEqual([[open[0]!.id, `/profile/${open[0]!.type}/${open[0]!.slug}`]]);
    expect(FollowStateResponse.parse(await (await state(m, open[0]!.id)).json())).toMatchObject({ following: true });

    const gone = await remove(m, open[0]!.id);
    expect(gone.status).toBe(200);
    expect(FollowResponse.parse(await gone.json())).toMatchObject({ following: false, changed: true, count: 0 });
    expect(FollowResponse.parse(await (await remove(m, open[0]!.id)).json())).toMatchObject({ following: false, changed: false });
  });

  it("answers 404 for no such listing, 403 for one above the tier, 409 at the cap, 405 for another method", async () => {
    const m = await member("api-refusals", "public");
    const missing = await post(m, json({ listingId: UNKNOWN }));
    expect([missing.status, (await missing.json()).error]).toEqual([404, "No listing with this id is in the directory."]);
    expect((await remove(m, UNKNOWN)).status).toBe(404);
    const locked = await post(m, json({ listingId: premiumOnly.id }));
    expect([locked.status, (await locked.json()).error]).toEqual([403, "This listing is not open on your plan. Upgrade to follow it."]);
    for (const listing of open.slice(0, FOLLOW_CAP.public)) expect((await post(m, json({ listingId: listing.id }))).status).toBe(201);
    const full = await post(m, json({ listingId: open[FOLLOW_CAP.public]!.id }));
    expect(full.status).toBe(409);
    expect((await full.json()).error).toMatch(/^You follow 5 listings, the most your plan allows/);
    expect((await remove(m, open[0]!.id, "PUT")).status).toBe(405);
  });

  it("documents every endpoint it serves, and serves every endpoint it documents", () => {
    const served = JSON.stringify(routes);
    for (const endpoint of Object.keys(FOLLOWS_API)) {
      const path = endpoint
        .split(" ")[1]!
        .slice(1)
        .replace(/\{(\w+)\}/g, ":$1");
      expect(served).toContain(`"path":"${path}"`);
    }
    expect(Object.keys(FOLLOWS_API).sort()).toEqual([
      "DELETE /api/follows/{listingId}",
      "GET /api/follows",
      "GET /api/follows/{listingId}",
      "POST /api/follows",
    ]);
  });
});

describe("/following without JavaScript", () => {
  const form = (fields: Record<string, string>): RequestInit => ({ method: "POST", body: new URLSearchParams(fields) });
  const submit = (user: SessionUser | null, fields: Record<string, string>) =>
    following.action(loaderArgs(database, "/following", {}, { user, init: form(fields) }) as never) as Promise<
      Response | { data: { ok: boolean; message?: string }; init: { status: number } }
    >;

  it("follows and goes back to the profile; an address off our site goes to /following instead", async () => {
    const m = await member("form-follower", "premium");
    const back = `/profile/${open[1]!.type}/${open[1]!.slug}`;
    const done = (await submit(m, { intent: "follow", listingId: open[1]!.id, returnTo: back })) as Response;
    expect([done.status, done.headers.get("Location")]).toEqual([303, back]);
    const offsite = (await submit(m, { intent: "unfollow", listingId: open[1]!.id, returnTo: "//evil.example/x" })) as Response;
    expect([offsite.status, offsite.headers.get("Location")]).toEqual([303, "/following"]);
    expect((await following.loader(loaderArgs(database, "/following", {}, { user: m }) as never)) as { items: unknown[] }).toMatchObject({
      items: [],
    });
  });

  it("refuses with the page's message: signed out, bad input, a locked listing", async () => {
    const m = await member("form-refused", "public");
    const refusals = [
      await submit(null, { intent: "follow", listingId: open[1]!.id }),
      await submit(m, { intent: "befriend", listingId: open[1]!.id }),
      await submit(m, { intent: "follow", listingId: premiumOnly.id }),
    ] as Array<{ data: { ok: boolean; message?: string }; init: { status: number } }>;
    expect(refusals.map((r) => [r.init.status, r.data.message])).toEqual([
      [401, "Sign in to follow listings."],
      [400, "Choose follow or unfollow."],
      [403, "This listing is not open on your plan. Upgrade to follow it."],
    ]);
  });
  it("turns follow e-mails off and on again (the settings section and this page), back where the form was", async () => {
    const m = await member("form-emails", "public");
    const emailsOf = async () =>
      ((await settings.loader(loaderArgs(database, "/settings", {}, { user: m }) as never)) as { follows: { emails: boolean } }).follows
        .emails;
    expect(await emailsOf()).toBe(true);
    const off = (await submit(m, { intent: "follow-emails", emails: "off", returnTo: "/settings#following" })) as Response;
    expect([off.status, off.headers.get("Location")]).toEqual([303, "/settings#following"]);
    expect(await emailsOf()).toBe(false);
    expect(await following.loader(loaderArgs(database, "/following", {}, { user: m }) as never)).toMatchObject({ emails: false });
    const on = (await submit(m, { intent: "follow-emails", emails: "on", returnTo: "/following" })) as Response;
    expect([on.status, on.headers.get("Location")]).toEqual([303, "/following"]);
    expect(await emailsOf()).toBe(true);
    const refused = (await submit(m, { intent: "follow-emails", emails: "maybe" })) as {
      data: { message?: string };
      init: { status: number };
    };
    expect([refused.init.status, refused.data.message]).toEqual([400, "Choose whether to get e-mails about the listings you follow."]);
    const signedOut = (await submit(null, { intent: "follow-emails", emails: "off" })) as { init: { status: number } };
    expect(signedOut.init.status).toBe(401);
    expect(await emailsOf()).toBe(true);
  });
});

describe("the Follow button's state and the settings section", () => {
  it("comes with an open profile for a member, and not for a visitor or a locked teaser", async () => {
    const m = await member("profile-follower", "public");
    const listing = open[2]!;
    await post(m, json({ listingId: listing.id }));
    const args = (user: SessionUser | null, l: { type: string; slug: string }) =>
      loaderArgs(database, `/profile/${l.type}/${l.slug}`, { type: l.type, slug: l.slug }, { user }) as never;
    expect(await profile.loader(args(m, listing))).toMatchObject({
      status: "ok",
      follow: { listingId: listing.id, following: true, count: 1 },
    });
    expect(await profile.loader(args(null, listing))).toMatchObject({ status: "ok", follow: null });
    expect(await profile.loader(args(m, premiumOnly))).not.toHaveProperty("follow");
    expect(await settings.loader(loaderArgs(database, "/settings", {}, { user: m }) as never)).toMatchObject({
      follows: { count: 1, cap: FOLLOW_CAP.public, items: [{ listingId: listing.id }] },
    });
  });
});
