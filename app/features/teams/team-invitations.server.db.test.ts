/**
 * Team invitations (issue 37, decision 0118): a signed link mailed to the address, which only that address's account
 * may use, once, within a week; revoked or resent links stop working; a member cannot invite; a team sends at most 20 a
 * day; two accepts at once join once.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { auditLog } from "#db/schema/audit.ts";
import { outboxEmails } from "#db/schema/messages.ts";
import { teamMemberships, teams } from "#db/schema/teams.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { testUser } from "#test-support/test-route.ts";
import { downloadMemberData } from "~/features/member-data/export-member-data.server.ts";
import { acceptInvitation, inviteToTeam, pendingInvitations, readInvitation, revokeInvitation } from "./team-invitations.server.ts";
import { INVITATIONS_PER_TEAM_PER_DAY } from "./team-rules.ts";

let database: Database;
const NOW = new Date("2026-11-29T12:00:00Z");
const later = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
const person = (id: string, email = `${id}@fund.test`) => ({ ...testUser("public"), id, name: `Person ${id}`, email });
const owner = person("inv-owner");
const member = person("inv-member");
const guest = person("inv-guest", "Guest@Fund.test");
const other = person("inv-other", "someone.else@elsewhere.test");
let teamId: string;
const OWNER_VIEW = { role: "owner" } as const;

const lastLinkTo = async (address: string) => {
  const [mail] = await database.db
    .select({ text: outboxEmails.text, subject: outboxEmails.subject })
    .from(outboxEmails)
    .where(sql`${address} = ANY(${outboxEmails.to}) AND ${outboxEmails.kind} = 'team_invitation'`)
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return { token: decodeURIComponent(/\/team-invitation\?token=(\S+)/.exec(mail!.text)![1]!), subject: mail!.subject };
};
const roleOf = async (userId: string) =>
  (
    await database.db
      .select({ role: teamMemberships.role })
      .from(teamMemberships)
      .where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, userId)))
  )[0]?.role ?? null;

beforeAll(async () => {
  database = await openTestDatabase();
  for (const u of [owner, member, guest, other])
    await database.db.insert(users).values({ id: u.id, name: u.name, email: u.email, emailVerified: true });
  const [team] = await database.db.insert(teams).values({ name: "Northwind Test", createdBy: owner.id }).returning({ id: teams.id });
  teamId = team!.id;
  await database.db.insert(teamMemberships).values([
    { teamId, userId: owner.id, role: "owner" },
    { teamId, userId: member.id, role: "member" },
  ]);
});

afterAll(async () => {
  await database?.close();
});

describe("an invitation", () => {
  it("is mailed as a signed link that shows the team, inviter and role to the invited address's account, and joins it once", async () => {
    expect(await inviteToTeam(database, { actor: owner, teamId, email: "guest@fund.test", role: "admin", now: NOW })).toEqual({
      email: "guest@fund.test",
    });
    const { token, subject } = await lastLinkTo("guest@fund.test");
    expect(subject).toBe("Person inv-owner invites you to the team Northwind Test on Introbase");
    expect((await pendingInvitations(database, teamId, OWNER_VIEW, NOW)).map((i) => [i.email, i.role, i.inviterName])).toEqual([
      ["guest@fund.test", "admin", "Person inv-owner"],
    ]);
    // Opening it does nothing; the address is compared without regard to case.
    expect(await readInvitation(database, token, guest, later(1))).toMatchObject({
      state: "open",
      team: { id: teamId, name: "Northwind Test" },
      inviterName: "Person inv-owner",
      role: "admin",
    });
    expect(await roleOf(guest.id)).toBeNull();
    expect(await acceptInvitation(database, token, guest, later(1))).toEqual({
      state: "done",
      team: { id: teamId, name: "Northwind Test" },
    });
    expect(await roleOf(guest.id)).toBe("admin");
    expect(await acceptInvitation(database, token, guest, later(2))).toEqual({ state: "used" });
    expect(await pendingInvitations(database, teamId, OWNER_VIEW, later(2))).toEqual([]);
    const actions = await database.db
      .select({ action: auditLog.action, actor: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.operation, "team"), eq(auditLog.recordId, teamId)));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: "invited", actor: owner.id },
        { action: "joined", actor: guest.id },
      ]),
    );
    await database.db.delete(teamMemberships).where(and(eq(teamMemberships.teamId, teamId), eq(teamMemberships.userId, guest.id)));
  });

  it("refuses another account: 'other_account' with the address masked, nothing about the team", async () => {
    await inviteToTeam(database, { actor: owner, teamId, email: "guest@fund.test", role: "member", now: NOW });
    const { token } = await lastLinkTo("guest@fund.test");
    const answer = await readInvitation(database, token, other, later(1));
    expect(answer).toEqual({ state: "other_account", maskedEmail: "g•••@fund.test" });
    expect(JSON.stringify(answer)).not.toMatch(/Northwind|inv-owner/);
    expect(await acceptInvitation(database, token, other, later(1))).toEqual({ state: "other_account", maskedEmail: "g•••@fund.test" });
    expect(await roleOf(other.id)).toBeNull();
  });

  it("tells a forged, an expired, a revoked and a replaced link apart", async () => {
    const { token } = await lastLinkTo("guest@fund.test");
    const forged = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    expect(await readInvitation(database, forged, guest, later(1))).toEqual({ state: "invalid" });
    expect(await readInvitation(database, "t.nonsense", guest, later(1))).toEqual({ state: "invalid" });
    expect(await readInvitation(database, token, guest, later(7 * 24 + 1))).toEqual({ state: "expired" });
    // Resent: the old link is revoked, the new one works.
    const [open] = await pendingInvitations(database, teamId, OWNER_VIEW, NOW);
    await inviteToTeam(database, { actor: owner, teamId, email: "", role: "member", replacing: open!.id, now: later(1) });
    const resent = await lastLinkTo("guest@fund.test");
    expect(resent.token).not.toBe(token);
    expect(await readInvitation(database, token, guest, later(2))).toEqual({ state: "revoked" });
    expect(await readInvitation(database, resent.token, guest, later(2))).toMatchObject({ state: "open" });
    const [again] = await pendingInvitations(database, teamId, OWNER_VIEW, later(2));
    await revokeInvitation(database, { actorId: owner.id, teamId, invitationId: again!.id, now: later(3) });
    expect(await acceptInvitation(database, resent.token, guest, later(4))).toEqual({ state: "revoked" });
    expect(await roleOf(guest.id)).toBeNull();
  });

  it("cannot be sent or revoked by a plain member, nor to someone already in the team or already invited", async () => {
    await expect(inviteToTeam(database, { actor: member, teamId, email: "x@fund.test", role: "member", now: NOW })).rejects.toMatchObject({
      status: 403,
    });
    await expect(inviteToTeam(database, { actor: other, teamId, email: "x@fund.test", role: "member", now: NOW })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      inviteToTeam(database, { actor: owner, teamId, email: "INV-MEMBER@fund.test", role: "member", now: NOW }),
    ).rejects.toMatchObject({ status: 409, message: "inv-member@fund.test is already in the team." });
    await inviteToTeam(database, { actor: owner, teamId, email: "twice@fund.test", role: "member", now: NOW });
    await expect(inviteToTeam(database, { actor: owner, teamId, email: "twice@fund.test", role: "admin", now: NOW })).rejects.toMatchObject(
      {
        status: 409,
        message: expect.stringMatching(/already waiting/),
      },
    );
    const [twice] = (await pendingInvitations(database, teamId, OWNER_VIEW, NOW)).filter((i) => i.email === "twice@fund.test");
    await expect(revokeInvitation(database, { actorId: member.id, teamId, invitationId: twice!.id, now: NOW })).rejects.toMatchObject({
      status: 403,
    });
  });

  it("lets only the owner invite an admin: an admin's admin invitation, or its resend, is refused", async () => {
    const admin = person("inv-admin");
    await database.db.insert(users).values({ id: admin.id, name: admin.name, email: admin.email });
    await database.db.insert(teamMemberships).values({ teamId, userId: admin.id, role: "admin" });
    await expect(inviteToTeam(database, { actor: admin, teamId, email: "alt@fund.test", role: "admin", now: NOW })).rejects.toMatchObject({
      status: 403,
      message: "Only the team's owner can invite an admin.",
    });
    await inviteToTeam(database, { actor: owner, teamId, email: "chosen@fund.test", role: "admin", now: NOW });
    const [chosen] = (await pendingInvitations(database, teamId, OWNER_VIEW, NOW)).filter((i) => i.email === "chosen@fund.test");
    await expect(
      inviteToTeam(database, { actor: admin, teamId, email: "", role: "member", replacing: chosen!.id, now: NOW }),
    ).rejects.toMatchObject({ status: 403 });
    expect(await inviteToTeam(database, { actor: admin, teamId, email: "plain@fund.test", role: "member", now: NOW })).toEqual({
      email: "plain@fund.test",
    });
    await database.db.delete(teamMemberships).where(eq(teamMemberships.userId, admin.id));
  });

  it("joins once when accepted twice at the same moment", async () => {
    await inviteToTeam(database, { actor: owner, teamId, email: "someone.else@elsewhere.test", role: "member", now: NOW });
    const { token } = await lastLinkTo("someone.else@elsewhere.test");
    const answers = await Promise.all([
      acceptInvitation(database, token, other, later(1)),
      acceptInvitation(database, token, other, later(1)),
    ]);
    expect(answers.map((a) => a.state).sort()).toEqual(["done", "used"]);
    const joined = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, "joined"), eq(auditLog.actorId, other.id)));
    expect(joined[0]!.n).toBe(1);
    expect(await roleOf(other.id)).toBe("member");
  });
});

describe("the daily limit", () => {
  it("lets a team send 20 invitations a day (resends and revoked ones count), counted in the database", async () => {
    const [team] = await database.db.insert(teams).values({ name: "Busy", createdBy: owner.id }).returning({ id: teams.id });
    await database.db.insert(teamMemberships).values({ teamId: team!.id, userId: owner.id, role: "owner" });
    const sends = Array.from({ length: INVITATIONS_PER_TEAM_PER_DAY + 2 }, (_, i) =>
      inviteToTeam(database, { actor: owner, teamId: team!.id, email: `p${i}@busy.test`, role: "member", now: NOW }),
    );
    const outcomes = await Promise.allSettled(sends);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(INVITATIONS_PER_TEAM_PER_DAY);
    expect(outcomes.filter((o) => o.status === "rejected")).toEqual([
      {
        status: "rejected",
        reason: expect.objectContaining({ status: 429, message: "A team can send 20 invitations a day. Please try again tomorrow." }),
      },
      { status: "rejected", reason: expect.objectContaining({ status: 429 }) },
    ]);
    await expect(
      inviteToTeam(database, { actor: owner, teamId: team!.id, email: "next@busy.test", role: "member", now: later(25) }),
    ).resolves.toEqual({ email: "next@busy.test" });
  });
});

describe("Download my data", () => {
  it("holds the member's teams and the invitations they sent or received, never a link", async () => {
    const ownerFile = (await (await downloadMemberData(database, owner)).json()) as Record<string, Array<Record<string, unknown>>>;
    expect(ownerFile.teams).toEqual(
      expect.arrayContaining([expect.objectContaining({ teamId, team: "Northwind Test", role: "owner", seat: false, workingIn: false })]),
    );
    expect(ownerFile.teamInvitations).toEqual(
      expect.arrayContaining([expect.objectContaining({ team: "Northwind Test", direction: "sent", email: null, role: "admin" })]),
    );
    const otherFile = (await (await downloadMemberData(database, other)).json()) as Record<string, Array<Record<string, unknown>>>;
    expect(otherFile.teams).toEqual([expect.objectContaining({ teamId, role: "member" })]);
    expect(otherFile.teamInvitations).toEqual([
      expect.objectContaining({ direction: "received", email: "someone.else@elsewhere.test", acceptedAt: expect.any(String) }),
    ]);
    // Never a link, nor the address of someone the member invited.
    expect(JSON.stringify([ownerFile, otherFile])).not.toMatch(/token=|t\.[0-9a-f-]{36}\.|guest@fund\.test/);
  });
});
