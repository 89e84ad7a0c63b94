/**
 * A team's members (issue 37, decision 0118): leaving or being removed takes the team's lists and its plan at once
 * (seat and tier), and the working-team choice; who may change roles and remove whom; the owner's hand-over and its
 * races with leaving; deleting a team.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { auditLog } from "#db/schema/audit.ts";
import { savedSearches } from "#db/schema/saved-searches.ts";
import { activeTeams, teamMemberships, teams, teamSeatGrants, teamSubscriptions } from "#db/schema/teams.ts";
import { refreshMemberTier } from "~/features/access/member-tier.server.ts";
import { createList, listsVisibleTo } from "~/features/lists/list-access.server.ts";
import { createSavedSearch } from "~/features/saved-searches/saved-searches.server.ts";
import { shareSavedSearch, teamSavedSearchesOf } from "~/features/saved-searches/team-saved-searches.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { testUser } from "#test-support/test-route.ts";
import { createTeam, deleteTeam, renameTeam, teamsOf, transferOwnership } from "./team-admin.server.ts";
import { activeTeam } from "./team-membership.server.ts";
import { changeRole, chooseWorkingTeam, leaveTeam, membersOf, removeMember } from "./team-members.server.ts";

let database: Database;
const NOW = new Date("2026-11-29T12:00:00Z");
const DAY_BEFORE = new Date("2026-11-28T12:00:00Z");
const person = (id: string) => ({ ...testUser("public"), id, name: `Person ${id}`, email: `${id}@fund.test` });
const zoe = person("zoe");

const tierOf = async (id: string) => (await database.db.select({ tier: users.tier }).from(users).where(eq(users.id, id)))[0]!.tier;
const roleOf = async (teamId: string, id: string) =>
  (
    await database.db
      .select({ role: teamMemberships.role })
      .from(teamMemberships)
      .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, id)))
  )[0]?.role ?? null;

type Person = ReturnType<typeof person>;
let funds = 0;

/** A saved search the member keeps, shared with the team. */
async function sharedSearch(who: Person, teamId: string, name: string): Promise<string> {
  const saver = { id: who.id, tier: "premium" };
  const { id } = await createSavedSearch(database, saver, { name, query: "type=investor", alertFrequency: "daily" }, NOW);
  await shareSavedSearch(database, saver, id, teamId, NOW);
  return id;
}
const searchRow = async (id: string) =>
  (
    await database.db
      .select({ userId: savedSearches.userId, teamId: savedSearches.teamId })
      .from(savedSearches)
      .where(eq(savedSearches.id, id))
  )[0] ?? null;
const teamSees = async (who: Person) => (await teamSavedSearchesOf(database, { id: who.id, tier: "premium" })).map((s) => s.name);

/**
 * A team of fresh people (so no other team lends them a seat): olga owns it, adam is an admin, mia and max are members,
 * each of the three with a seat of a premium complimentary grant.
 */
async function fundWithSeats(name: string): Promise<{ teamId: string; olga: Person; adam: Person; mia: Person; max: Person }> {
  const n = ++funds;
  const [olga, adam, mia, max] = ["olga", "adam", "mia", "max"].map((p) => person(`${p}${n}`)) as [Person, Person, Person, Person];
  for (const u of [olga, adam, mia, max])
    await database.db.insert(users).values({ id: u.id, name: u.name, email: u.email, emailVerified: true });
  const [team] = await database.db.insert(teams).values({ name, createdBy: olga.id }).returning({ id: teams.id });
  const teamId = team!.id;
  await database.db.insert(teamMemberships).values([
    { teamId, userId: olga.id, role: "owner", joinedAt: new Date("2026-11-01T00:00:00Z") },
    { teamId, userId: adam.id, role: "admin", seat: true, seatSince: NOW, joinedAt: new Date("2026-11-02T00:00:00Z") },
    { teamId, userId: mia.id, role: "member", seat: true, seatSince: NOW, joinedAt: new Date("2026-11-03T00:00:00Z") },
    { teamId, userId: max.id, role: "member", seat: true, seatSince: NOW, joinedAt: new Date("2026-11-04T00:00:00Z") },
  ]);
  await database.db
    .insert(teamSeatGrants)
    .values({ teamId, source: "complimentary", tier: "premium", seats: 5, grantedBy: olga.id, startsAt: DAY_BEFORE });
  for (const u of [adam, mia, max]) await refreshMemberTier(database, u.id, NOW);
  return { teamId, olga, adam, mia, max };
}

beforeAll(async () => {
  database = await openTestDatabase();
  for (const u of [zoe]) await database.db.insert(users).values({ id: u.id, name: u.name, email: u.email, emailVerified: true });
});

afterAll(async () => {
  await database?.close();
});

describe("leaving and being removed", () => {
  it("a member who leaves loses the team's lists, its plan (seat and tier) and their choice of it as working team, at once", async () => {
    const { teamId, olga, mia, max } = await fundWithSeats("Leavers Fund");
    const listId = await createList(database, { name: "Pipeline", keeper: { teamId }, createdBy: olga.id }, NOW);
    await chooseWorkingTeam(database, { userId: mia.id, teamId, now: NOW });
    expect(await tierOf(mia.id)).toBe("premium");
    expect((await listsVisibleTo(database, mia.id)).map((l) => l.id)).toContain(listId);
    expect((await activeTeam(database, mia.id))?.teamId).toBe(teamId);

    await leaveTeam(database, { userId: mia.id, teamId, now: NOW });

    expect(await tierOf(mia.id)).toBe("public");
    expect((await listsVisibleTo(database, mia.id)).map((l) => l.id)).not.toContain(listId);
    expect(await database.db.select().from(activeTeams).where(eq(activeTeams.userId, mia.id))).toEqual([]);
    expect(await roleOf(teamId, mia.id)).toBeNull();
    // The others keep theirs.
    expect(await tierOf(max.id)).toBe("premium");
    expect((await listsVisibleTo(database, max.id)).map((l) => l.id)).toContain(listId);
    const [line] = await database.db
      .select({ action: auditLog.action, actor: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.operation, "team"), eq(auditLog.action, "left"), eq(auditLog.recordId, teamId)));
    expect(line).toMatchObject({ actor: mia.id, details: { role: "member", seat: true } });
  });

  it("a member an admin removes loses the lists and the plan the same way, in the same transaction", async () => {
    const { teamId, olga, adam, max } = await fundWithSeats("Removal Fund");
    const listId = await createList(database, { name: "Deals", keeper: { teamId }, createdBy: olga.id }, NOW);
    await chooseWorkingTeam(database, { userId: max.id, teamId, now: NOW });
    expect(await tierOf(max.id)).toBe("premium");

    expect(await removeMember(database, { actorId: adam.id, teamId, userId: max.id, now: NOW })).toEqual({ name: max.name });

    expect(await tierOf(max.id)).toBe("public");
    expect((await listsVisibleTo(database, max.id)).map((l) => l.id)).not.toContain(listId);
    expect(await activeTeam(database, max.id)).toBeNull();
    expect(await database.db.select().from(activeTeams).where(eq(activeTeams.userId, max.id))).toEqual([]);
  });

  it("a member who leaves, or is removed, takes the saved searches they shared: theirs alone again, gone from the team", async () => {
    const { teamId, adam, mia, max } = await fundWithSeats("Shared Searches Fund");
    const mias = await sharedSearch(mia, teamId, "Mia's investors");
    const maxs = await sharedSearch(max, teamId, "Max's investors");
    expect(await teamSees(adam)).toEqual(["Max's investors", "Mia's investors"]);

    await leaveTeam(database, { userId: mia.id, teamId, now: NOW });
    await removeMember(database, { actorId: adam.id, teamId, userId: max.id, now: NOW });

    expect(await teamSees(adam)).toEqual([]);
    expect(await searchRow(mias)).toEqual({ userId: mia.id, teamId: null });
    expect(await searchRow(maxs)).toEqual({ userId: max.id, teamId: null });
  });

  it("nobody removes the owner; an admin removes members but not a fellow admin; a member removes nobody", async () => {
    const { teamId, olga, adam, mia, max } = await fundWithSeats("Rules Fund");
    await database.db.insert(teamMemberships).values({ teamId, userId: zoe.id, role: "admin" });
    await expect(removeMember(database, { actorId: adam.id, teamId, userId: olga.id, now: NOW })).rejects.toMatchObject({
      status: 403,
      message: "Nobody can remove the team's owner.",
    });
    await expect(removeMember(database, { actorId: adam.id, teamId, userId: zoe.id, now: NOW })).rejects.toMatchObject({
      status: 403,
      message: "Only the team's owner can remove an admin.",
    });
    await expect(removeMember(database, { actorId: mia.id, teamId, userId: max.id, now: NOW })).rejects.toMatchObject({ status: 403 });
    await expect(removeMember(database, { actorId: "stranger", teamId, userId: max.id, now: NOW })).rejects.toMatchObject({ status: 404 });
    expect(await roleOf(teamId, olga.id)).toBe("owner");
    expect(await roleOf(teamId, zoe.id)).toBe("admin");
    expect(await roleOf(teamId, max.id)).toBe("member");
    await removeMember(database, { actorId: olga.id, teamId, userId: zoe.id, now: NOW });
    expect(await roleOf(teamId, zoe.id)).toBeNull();
  });

  it("the owner cannot leave: they transfer first, or delete the team when alone", async () => {
    const { teamId, olga } = await fundWithSeats("Owner Leaves Fund");
    await expect(leaveTeam(database, { userId: olga.id, teamId, now: NOW })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/transfer the ownership/),
    });
    const alone = await createTeam(database, { user: zoe, name: "Solo", now: NOW });
    await expect(leaveTeam(database, { userId: zoe.id, teamId: alone, now: NOW })).rejects.toMatchObject({
      message: "You are the team's only member: delete the team instead.",
    });
    await deleteTeam(database, { ownerId: zoe.id, teamId: alone, now: NOW });
    expect(await teamsOf(database, zoe.id)).toEqual([]);
  });
});

describe("roles", () => {
  it("only the owner makes or unmakes admins; the owner's role moves only by a transfer", async () => {
    const { teamId, olga, adam, mia } = await fundWithSeats("Roles Fund");
    await expect(changeRole(database, { actorId: adam.id, teamId, userId: mia.id, role: "admin" })).rejects.toMatchObject({ status: 403 });
    await expect(changeRole(database, { actorId: olga.id, teamId, userId: olga.id, role: "member" })).rejects.toMatchObject({
      message: "The owner's role changes only by a transfer of ownership.",
    });
    await changeRole(database, { actorId: olga.id, teamId, userId: mia.id, role: "admin" });
    await changeRole(database, { actorId: olga.id, teamId, userId: adam.id, role: "member" });
    expect(await roleOf(teamId, mia.id)).toBe("admin");
    expect(await roleOf(teamId, adam.id)).toBe("member");
  });

  it("members see each other's names, only owners and admins see addresses", async () => {
    const { teamId, olga, adam, mia, max } = await fundWithSeats("Addresses Fund");
    const asMember = await membersOf(database, teamId, { role: "member" });
    const asAdmin = await membersOf(database, teamId, { role: "admin" });
    expect(asMember.map((m) => [m.name, m.role, m.email])).toEqual([
      [`Person ${olga.id}`, "owner", null],
      [`Person ${adam.id}`, "admin", null],
      [`Person ${mia.id}`, "member", null],
      [`Person ${max.id}`, "member", null],
    ]);
    expect(asAdmin.map((m) => m.email)).toEqual([olga.email, adam.email, mia.email, max.email]);
  });
});

describe("transferring ownership", () => {
  it("swaps the two roles in one step: the old owner becomes an admin; only the owner may", async () => {
    const { teamId, olga, adam, mia } = await fundWithSeats("Transfer Fund");
    await expect(transferOwnership(database, { ownerId: adam.id, teamId, toUserId: mia.id })).rejects.toMatchObject({ status: 403 });
    expect(await transferOwnership(database, { ownerId: olga.id, teamId, toUserId: mia.id })).toEqual({ toName: mia.name });
    expect(await roleOf(teamId, mia.id)).toBe("owner");
    expect(await roleOf(teamId, olga.id)).toBe("admin");
    // Now olga may leave, and the team keeps its one owner.
    await leaveTeam(database, { userId: olga.id, teamId, now: NOW });
    const owners = await database.db
      .select({ id: teamMemberships.userId })
      .from(teamMemberships)
      .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.role, "owner")));
    expect(owners).toEqual([{ id: mia.id }]);
  });

  it("a transfer to a member who leaves at the same moment: either the heir left first (no transfer) or they own it (no leaving)", async () => {
    for (const round of [1, 2, 3]) {
      const { teamId, olga, max } = await fundWithSeats(`Race Fund ${round}`);
      const [transfer, leave] = await Promise.allSettled([
        transferOwnership(database, { ownerId: olga.id, teamId, toUserId: max.id }),
        leaveTeam(database, { userId: max.id, teamId, now: NOW }),
      ]);
      const owner = (
        await database.db
          .select({ id: teamMemberships.userId })
          .from(teamMemberships)
          .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.role, "owner")))
      ).map((r) => r.id);
      // Exactly one of the two happened, and the team has exactly one owner who is in it.
      expect([transfer.status, leave.status].sort()).toEqual(["fulfilled", "rejected"]);
      if (transfer.status === "fulfilled") {
        expect(owner).toEqual([max.id]);
        expect(leave).toMatchObject({ reason: { status: 409 } });
      } else {
        expect(owner).toEqual([olga.id]);
        expect(transfer).toMatchObject({ reason: { status: 409, message: "That person is no longer in the team." } });
      }
    }
  });
});

describe("renaming and deleting", () => {
  it("renames for owners and admins only, audited with the old name", async () => {
    const { teamId, adam, mia } = await fundWithSeats("Old Name");
    await expect(renameTeam(database, { actorId: mia.id, teamId, name: "Mine now" })).rejects.toMatchObject({ status: 403 });
    await renameTeam(database, { actorId: adam.id, teamId, name: "New Name" });
    expect((await database.db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId)))[0]!.name).toBe("New Name");
    const [line] = await database.db
      .select({ details: auditLog.details, name: auditLog.companyName })
      .from(auditLog)
      .where(and(eq(auditLog.action, "renamed"), eq(auditLog.recordId, teamId)));
    expect(line).toEqual({ details: { from: "Old Name" }, name: "New Name" });
  });

  it("refuses while a subscription pays for seats; otherwise deletes the team and its seat holders lose its plan", async () => {
    const { teamId, olga, adam, mia } = await fundWithSeats("Paying Fund");
    await database.db
      .insert(teamSubscriptions)
      .values({ id: "sub_paying_fund", teamId, providerCustomerId: "cus_pf", status: "active", tier: "premium", quantity: 3 });
    await expect(deleteTeam(database, { ownerId: adam.id, teamId, now: NOW })).rejects.toMatchObject({ status: 403 });
    await expect(deleteTeam(database, { ownerId: olga.id, teamId, now: NOW })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/Seats and billing/),
    });
    await database.db.update(teamSubscriptions).set({ status: "canceled", endedAt: NOW }).where(eq(teamSubscriptions.teamId, teamId));
    expect(await tierOf(adam.id)).toBe("premium");
    await deleteTeam(database, { ownerId: olga.id, teamId, now: NOW });
    expect(await database.db.select().from(teams).where(eq(teams.id, teamId))).toEqual([]);
    expect(await tierOf(adam.id)).toBe("public");
    expect(await tierOf(mia.id)).toBe("public");
  });

  it("keeps the saved searches members shared with a deleted team: they are their savers', theirs alone again", async () => {
    const { teamId, olga, mia } = await fundWithSeats("Deleted With Searches Fund");
    const mias = await sharedSearch(mia, teamId, "Mia's deal flow");
    await deleteTeam(database, { ownerId: olga.id, teamId, now: NOW });
    expect(await searchRow(mias)).toEqual({ userId: mia.id, teamId: null });
  });
});

describe("creating", () => {
  it("makes the creator the owner, and allows five a day per member, deleted ones counted", async () => {
    const maker = { ...person("maker") };
    await database.db.insert(users).values({ id: maker.id, name: maker.name, email: maker.email, emailVerified: true });
    for (let i = 1; i <= 5; i++) {
      const teamId = await createTeam(database, { user: maker, name: `Team ${i}`, now: NOW });
      if (i === 1) await deleteTeam(database, { ownerId: maker.id, teamId, now: NOW });
    }
    await expect(createTeam(database, { user: maker, name: "Sixth", now: NOW })).rejects.toMatchObject({
      status: 429,
      message: "You can create 5 teams a day. Please try again tomorrow.",
    });
    expect((await teamsOf(database, maker.id)).map((t) => [t.teamName, t.role, t.members])).toEqual([
      ["Team 2", "owner", 1],
      ["Team 3", "owner", 1],
      ["Team 4", "owner", 1],
      ["Team 5", "owner", 1],
    ]);
    await expect(createTeam(database, { user: maker, name: "Next day", now: new Date(NOW.getTime() + 86_401_000) })).resolves.toBeTruthy();
  });
});

describe("the working team", () => {
  it("is one of the member's teams or none; a team they are not in is 404", async () => {
    const { teamId, adam } = await fundWithSeats("Working Fund");
    await expect(chooseWorkingTeam(database, { userId: zoe.id, teamId, now: NOW })).rejects.toMatchObject({ status: 404 });
    expect(await chooseWorkingTeam(database, { userId: adam.id, teamId, now: NOW })).toMatchObject({ teamName: "Working Fund" });
    expect((await activeTeam(database, adam.id))?.teamId).toBe(teamId);
    await chooseWorkingTeam(database, { userId: adam.id, teamId: null, now: NOW });
    expect(await activeTeam(database, adam.id)).toBeNull();
  });
});
