/**
 * The foundation of teams and lists (issue 37): a member sees their own lists and their teams' while they are in the
 * team, never another's; the guard answers a stranger's list and an unknown one alike; adding is once per listing;
 * a seat lends the team plan's tier and leaving the team takes both the lists and the plan.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { listEvents } from "#db/schema/lists.ts";
import { listings } from "#db/schema/listings.ts";
import { teamMemberships, teamSeatGrants, teams } from "#db/schema/teams.ts";
import { seedListings } from "#demo/seed-database.ts";
import { refreshMemberTier } from "~/features/access/member-tier.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import { addEntries, createList, listsVisibleTo, requireList } from "./list-access.server.ts";
import { readListEntries } from "./list-entries.server.ts";

let database: Database;
let picked: string[];
let teamId: string;
const now = new Date("2026-11-02T10:00:00Z");
const alice = { ...testUser("public"), id: "alice", email: "alice@fund.test" };
const bob = { ...testUser("public"), id: "bob", email: "bob@fund.test" };
const eve = { ...testUser("premium"), id: "eve", email: "eve@else.test" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 8);
  for (const u of [alice, bob, eve]) await database.db.insert(users).values({ id: u.id, name: u.name, email: u.email, tier: u.tier });
  picked = (
    await database.db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.processingStatus, "published"))
      .orderBy(asc(listings.name))
      .limit(3)
  ).map((r) => r.id);
  const [team] = await database.db.insert(teams).values({ name: "Fund" }).returning({ id: teams.id });
  teamId = team!.id;
  await database.db.insert(teamMemberships).values([
    { teamId, userId: alice.id, role: "owner" },
    { teamId, userId: bob.id, role: "member" },
  ]);
});

afterAll(async () => {
  await database?.close();
});

describe("lists", () => {
  it("shows a team's list to its members and a private list to its member only", async () => {
    const shared = await createList(database, { name: "Pipeline", keeper: { teamId }, createdBy: alice.id }, now);
    const mine = await createList(database, { name: "Mine", keeper: { userId: bob.id }, createdBy: bob.id }, now);
    expect((await listsVisibleTo(database, alice.id)).map((l) => l.id)).toEqual([shared]);
    expect((await listsVisibleTo(database, bob.id)).map((l) => l.id)).toEqual([mine, shared]);
    expect(await listsVisibleTo(database, eve.id)).toEqual([]);
    const guard = (user: typeof eve, listId: string) => requireList(loaderArgs(database, `/lists/${listId}`, { listId }, { user }), listId);
    await expect(guard(eve, shared)).rejects.toMatchObject({ status: 404 });
    await expect(guard(eve, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
    await expect(guard(bob, shared)).resolves.toMatchObject({ list: { name: "Pipeline", teamName: "Fund" } });
  });

  it("adds each published listing once, in the first column, with a history line each", async () => {
    const listId = await createList(database, { name: "Adds", keeper: { teamId }, createdBy: alice.id }, now);
    const first = await addEntries(database, { listId, listingIds: [picked[0]!, picked[1]!, "junk"], actorId: alice.id }, now);
    const again = await addEntries(database, { listId, listingIds: [picked[1]!, picked[2]!], actorId: bob.id }, now);
    expect(first).toEqual([picked[0], picked[1]]);
    expect(again).toEqual([picked[2]]);
    const added = await database.db.select({ actor: listEvents.actorId }).from(listEvents).where(eq(listEvents.listId, listId));
    expect(added.map((e) => e.actor).sort()).toEqual(["alice", "alice", "alice", "bob"]);
  });

  it("reads each entry through the card's gate: a listing above the viewer's plan is its teaser, for every member", async () => {
    const listId = await createList(database, { name: "Gated", keeper: { teamId }, createdBy: alice.id }, now);
    await addEntries(database, { listId, listingIds: [picked[0]!, picked[1]!], actorId: alice.id }, now);
    await database.db.update(listings).set({ visibility: "premium" }).where(eq(listings.id, picked[1]!));
    const asPublic = await readListEntries(database, listId, { tier: "public" });
    const asPremium = await readListEntries(database, listId, { tier: "premium" });
    expect(asPublic.map((e) => e.card?.locked)).toEqual([false, true]);
    expect(asPublic[1]!.card).not.toHaveProperty("countries");
    expect(asPremium.map((e) => e.card?.locked)).toEqual([false, false]);
    expect(asPublic[0]).toMatchObject({ addedBy: { id: "alice" }, tags: [], notes: 0 });
    await database.db.update(listings).set({ visibility: "public" }).where(eq(listings.id, picked[1]!));
  });
});

describe("seats", () => {
  it("lends the plan to no more holders than the team has seats in force: the first to get a seat keep it", async () => {
    const [team] = await database.db.insert(teams).values({ name: "Small fund" }).returning({ id: teams.id });
    const small = team!.id;
    const earlier = new Date(now.getTime() - 60_000);
    await database.db.insert(teamMemberships).values([
      { teamId: small, userId: eve.id, role: "owner", seat: true, seatSince: now },
      { teamId: small, userId: alice.id, role: "member", seat: true, seatSince: earlier },
    ]);
    // Two seats handed out, one in force (a plan bought again for fewer, or shrunk at the provider).
    await database.db
      .insert(teamSeatGrants)
      .values({ teamId: small, source: "complimentary", tier: "premium", seats: 1, startsAt: earlier });
    await database.db.update(users).set({ tier: "public" }).where(eq(users.id, eve.id));
    expect((await refreshMemberTier(database, alice.id, now)).tier).toBe("premium");
    expect((await refreshMemberTier(database, eve.id, now)).tier).toBe("public");
    await database.db.update(teamSeatGrants).set({ seats: 2 }).where(eq(teamSeatGrants.teamId, small));
    expect((await refreshMemberTier(database, eve.id, now)).tier).toBe("premium");
    await database.db.delete(teams).where(eq(teams.id, small));
    await refreshMemberTier(database, alice.id, now);
  });

  it("lends the team plan's tier to a seat holder only, and not once they leave", async () => {
    await database.db.insert(teamSeatGrants).values({ teamId, source: "complimentary", tier: "premium", seats: 1, startsAt: now });
    await database.db.update(teamMemberships).set({ seat: true, seatSince: now }).where(eq(teamMemberships.userId, bob.id));
    expect((await refreshMemberTier(database, bob.id, now)).tier).toBe("premium");
    expect((await refreshMemberTier(database, alice.id, now)).tier).toBe("public");
    await database.db.delete(teamMemberships).where(eq(teamMemberships.userId, bob.id));
    expect((await refreshMemberTier(database, bob.id, now)).tier).toBe("public");
    expect((await listsVisibleTo(database, bob.id)).map((l) => l.name)).toEqual(["Mine"]);
  });
});
