/**
 * The team pages' actions and the invitation page (issue 37, decision 0118), called as React Router calls them: a
 * team's name is 2-80 characters and a NUL is said beside the field with the typing kept; creating opens the new team;
 * the invitation page answers forged 404, expired and withdrawn 410, used 409, another account 403, and opening it does
 * nothing.
 */
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { outboxEmails } from "#db/schema/messages.ts";
import { teamMemberships, teams } from "#db/schema/teams.ts";
import { inviteToTeam, revokeInvitation } from "~/features/teams/team-invitations.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { NUL_FIELD_MESSAGE } from "~/lib/form-parse.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import * as memberDetail from "./admin.members.detail.tsx";
import * as invitationPage from "./team-invitation.tsx";
import * as invitationsPage from "./teams.invitations.tsx";
import * as membersPage from "./teams.members.tsx";
import * as teamsPage from "./teams.tsx";
import * as workingTeam from "./teams.working-team.ts";

let database: Database;
const owner = { ...testUser("public"), id: "pages-owner", name: "Olga Owner", email: "olga@pages.test" };
const guest = { ...testUser("public"), id: "pages-guest", name: "Gus Guest", email: "gus@pages.test" };
const other = { ...testUser("public"), id: "pages-other", name: "Oscar Other", email: "oscar@pages.test" };
let teamId: string;

const form = (user: typeof owner, body: string) => ({
  user,
  init: { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } },
});
type Answer<T> = { data: T; init: { status: number } | null };
const open = async (user: typeof owner, token: string) =>
  (await invitationPage.loader(
    loaderArgs(database, `/team-invitation?${new URLSearchParams({ token })}`, {}, { user }) as never,
  )) as Answer<{
    state: string;
  }>;
const join = async (user: typeof owner, token: string) =>
  (await invitationPage.action(
    loaderArgs(database, "/team-invitation", {}, form(user, new URLSearchParams({ token }).toString())) as never,
  )) as Answer<{ state: string }>;
const lastToken = async () => {
  const [mail] = await database.db
    .select({ text: outboxEmails.text })
    .from(outboxEmails)
    .where(eq(outboxEmails.kind, "team_invitation"))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return decodeURIComponent(/\/team-invitation\?token=(\S+)/.exec(mail!.text)![1]!);
};

beforeAll(async () => {
  database = await openTestDatabase();
  for (const u of [owner, guest, other])
    await database.db.insert(users).values({ id: u.id, name: u.name, email: u.email, emailVerified: true });
  const [team] = await database.db.insert(teams).values({ name: "Pages Fund", createdBy: owner.id }).returning({ id: teams.id });
  teamId = team!.id;
  await database.db.insert(teamMemberships).values({ teamId, userId: owner.id, role: "owner" });
});

afterAll(async () => {
  await database?.close();
});

describe("creating a team", () => {
  it("says a NUL and a too-short or too-long name beside the field, keeping what was typed", async () => {
    for (const [body, message, kept] of [
      ["name=Acme%00Fund", NUL_FIELD_MESSAGE, "AcmeFund"],
      ["name=+A+", "Give the team a name of at least 2 characters.", " A "],
      [`name=${"x".repeat(81)}`, "At most 80 characters.", "x".repeat(81)],
    ] as const) {
      const answer = (await teamsPage.action(loaderArgs(database, "/teams", {}, form(owner, body)) as never)) as Answer<{
        errors: { name: string };
        values: { name: string };
      }>;
      expect(answer.init?.status).toBe(400);
      expect(answer.data.errors.name).toBe(message);
      expect(answer.data.values.name).toBe(kept);
    }
    expect(await database.db.select().from(teams).where(eq(teams.createdBy, guest.id))).toEqual([]);
  });

  it("makes the member the owner of a team named as typed (trimmed) and opens its invitations", async () => {
    const answer = await teamsPage
      .action(loaderArgs(database, "/teams", {}, form(guest, "name=++Guest+Capital++")) as never)
      .catch((e) => e);
    expect(answer).toBeInstanceOf(Response);
    const [made] = await database.db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.createdBy, guest.id));
    expect(made!.name).toBe("Guest Capital");
    expect((answer as Response).headers.get("Location")).toBe(`/teams/${made!.id}/invitations`);
    const listed = (await teamsPage.loader(loaderArgs(database, "/teams", {}, { user: guest }) as never)) as { teams: unknown[] };
    expect(listed.teams).toEqual([{ teamId: made!.id, teamName: "Guest Capital", role: "owner", seat: false, members: 1 }]);
    await database.db.delete(teams).where(eq(teams.id, made!.id));
  });
});

describe("the invitation page", () => {
  it("shows the team to the invited account without joining; Join joins; the same link again is 409", async () => {
    await inviteToTeam(database, { actor: owner, teamId, email: guest.email, role: "member" });
    const token = await lastToken();
    const opened = await open(guest, token);
    expect(opened.init?.status).toBe(200);
    expect(opened.data).toMatchObject({ state: "open", team: { name: "Pages Fund" }, inviterName: "Olga Owner", role: "member" });
    expect(await database.db.select().from(teamMemberships).where(eq(teamMemberships.userId, guest.id))).toEqual([]);
    expect((await join(guest, token)).data).toMatchObject({ state: "done" });
    expect((await open(guest, token)).init?.status).toBe(409);
    expect((await join(guest, token)).init?.status).toBe(409);
  });

  it("answers another account 403 without the team's name, a forged link 404, a revoked one 410", async () => {
    await inviteToTeam(database, { actor: owner, teamId, email: "someone@pages.test", role: "admin" });
    const token = await lastToken();
    const elsewhere = await open(other, token);
    expect(elsewhere.init?.status).toBe(403);
    expect(JSON.stringify(elsewhere.data)).not.toContain("Pages Fund");
    expect((await join(other, token)).init?.status).toBe(403);
    expect((await open(other, `${token.slice(0, -3)}abc`)).init?.status).toBe(404);
    expect((await open(other, "")).init?.status).toBe(404);
    const [row] = await database.rows<{ id: string }>(sql`SELECT id::text AS id FROM team_invitations WHERE email = 'someone@pages.test'`);
    await revokeInvitation(database, { actorId: owner.id, teamId, invitationId: row!.id });
    expect((await open(other, token)).init?.status).toBe(410);
  });

  it("answers an expired link 410", async () => {
    const past = new Date(Date.UTC(2020, 0, 1));
    await inviteToTeam(database, { actor: owner, teamId, email: "late@pages.test", role: "member", now: past });
    expect((await open(other, await lastToken())).init?.status).toBe(410);
  });
});

describe("the team's invitations page", () => {
  it("shows a plain member that someone is invited, the address masked; the owner and admins see it whole", async () => {
    // People of their own, so the other tests' teams stay as they expect.
    const [ivy, abe, mo] = ["ivy", "abe", "mo"].map((n) => ({
      ...testUser("public"),
      id: `pages-${n}`,
      name: n,
      email: `${n}@pages.test`,
    }));
    for (const u of [ivy!, abe!, mo!])
      await database.db.insert(users).values({ id: u.id, name: u.name, email: u.email, emailVerified: true });
    const [team] = await database.db.insert(teams).values({ name: "Invitees Fund", createdBy: ivy!.id }).returning({ id: teams.id });
    await database.db.insert(teamMemberships).values([
      { teamId: team!.id, userId: ivy!.id, role: "owner" },
      { teamId: team!.id, userId: abe!.id, role: "admin" },
      { teamId: team!.id, userId: mo!.id, role: "member" },
    ]);
    await inviteToTeam(database, { actor: ivy!, teamId: team!.id, email: "private.person@invitee.test", role: "member" });
    const page = async (user: typeof owner) =>
      (await invitationsPage.loader(loaderArgs(database, `/teams/${team!.id}/invitations`, { teamId: team!.id }, { user }) as never)) as {
        manage: boolean;
        invitations: Array<{ email: string }>;
      };
    const asMember = await page(mo!);
    expect(asMember.manage).toBe(false);
    expect(asMember.invitations.map((i) => i.email)).toEqual(["p•••@invitee.test"]);
    expect(JSON.stringify(asMember)).not.toContain("private.person");
    for (const manager of [ivy!, abe!])
      expect((await page(manager)).invitations.map((i) => i.email)).toEqual(["private.person@invitee.test"]);
  });
});

describe("operators", () => {
  it("see a member's teams with role and seat on /admin/members/:id", async () => {
    const admin = { ...testUser("premium", "admin"), id: "pages-admin", email: "ada@pages.test" };
    await database.db.insert(users).values({ id: admin.id, name: "Ada", email: admin.email, emailVerified: true, role: "admin" });
    const page = (await memberDetail.loader(
      loaderArgs(database, `/admin/members/${owner.id}`, { id: owner.id }, { user: admin }) as never,
    )) as {
      teams: unknown[];
    };
    expect(page.teams).toEqual([{ teamId, teamName: "Pages Fund", role: "owner", seat: false }]);
  });
});

describe("the working-team switcher", () => {
  const choose = (teamId: string, referer?: string) =>
    workingTeam
      .action(
        loaderArgs(
          database,
          "/teams/working-team",
          {},
          {
            user: owner,
            init: {
              method: "POST",
              body: new URLSearchParams({ teamId }).toString(),
              headers: { "content-type": "application/x-www-form-urlencoded", ...(referer ? { referer } : {}) },
            },
          },
        ) as never,
      )
      .catch((e: unknown) => e);

  it("works in the chosen team and comes back to the page it was on, never to another site", async () => {
    const back = (await choose(teamId, "http://localhost/listings?q=fintech")) as Response;
    expect(back.headers.get("Location")).toBe("/listings?q=fintech");
    expect(
      ((await teamsPage.loader(loaderArgs(database, "/teams", {}, { user: owner }) as never)) as { workingTeamId: string }).workingTeamId,
    ).toBe(teamId);
    expect(((await choose("none", "https://evil.example//evil.example/x")) as Response).headers.get("Location")).toBe("/teams");
    expect(((await choose("none")) as Response).headers.get("Location")).toBe("/teams");
    expect(
      ((await teamsPage.loader(loaderArgs(database, "/teams", {}, { user: owner }) as never)) as { workingTeamId: null }).workingTeamId,
    ).toBeNull();
    expect(await choose("0b7e5a1c-4d7e-4c61-9d1e-000000000000")).toMatchObject({ status: 404 });
    expect(await choose("junk")).toMatchObject({ status: 400 });
  });
});

describe("leaving from the team's page", () => {
  it("goes back to /teams, which says so in its own words and never in words from the address", async () => {
    const [team] = await database.db.insert(teams).values({ name: "Leave Fund", createdBy: owner.id }).returning({ id: teams.id });
    await database.db.insert(teamMemberships).values([
      { teamId: team!.id, userId: owner.id, role: "owner" },
      { teamId: team!.id, userId: other.id, role: "member" },
    ]);
    const left = await membersPage
      .action(loaderArgs(database, `/teams/${team!.id}?index`, { teamId: team!.id }, form(other, "intent=leave")) as never)
      .catch((e: unknown) => e);
    expect((left as Response).headers.get("Location")).toBe("/teams?done=left");
    const page = (await teamsPage.loader(loaderArgs(database, "/teams?done=left", {}, { user: other }) as never)) as {
      done: string;
      teams: unknown[];
    };
    expect(page).toMatchObject({ done: "left", teams: [] });
    const crafted = (await teamsPage.loader(loaderArgs(database, "/teams?done=Your+account+is+locked", {}, { user: other }) as never)) as {
      done: string | null;
    };
    expect(crafted.done).toBeNull();
  });
});
