/**
 * A team is its members' only (issue 37, decision 0118), over real HTTP to the whole application: a signed-in stranger
 * asking for a team's pages, their route data (.data) or posting to its actions gets the same 404 as for a team that
 * does not exist, and changes nothing; a plain member cannot invite (403); a signed-out visitor is sent to sign in.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "../multi-server/support/browser.ts";
import { signIn } from "../multi-server/support/sign-in.ts";
import { startAppOverHttp, type AppOverHttp } from "../support/app-over-http.ts";
import { rawRequest } from "../support/raw-request.ts";

let app: AppOverHttp;
const stranger = new Browser();
const member = new Browser();
let teamId = "";
const NOBODYS = "0b7e5a1c-4d7e-4c61-9d1e-000000000000";

const cookieOf = (browser: Browser) => [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
const get = (browser: Browser | null, path: string) =>
  rawRequest(app.base, { path, headers: browser ? { Cookie: cookieOf(browser) } : {} });
const post = (browser: Browser, path: string, form: Record<string, string>) =>
  rawRequest(app.base, { method: "POST", path, form, headers: { Cookie: cookieOf(browser), Origin: app.base } });

/** Everything a team action could change. */
async function state() {
  const [row] = await app.database.rows<Record<string, unknown>>(sql`
    SELECT (SELECT name FROM teams WHERE id = ${teamId}::uuid) AS name,
      (SELECT count(*)::int FROM team_memberships WHERE team_id = ${teamId}::uuid) AS members,
      (SELECT count(*)::int FROM team_invitations WHERE team_id = ${teamId}::uuid) AS invitations,
      (SELECT count(*)::int FROM audit_log WHERE operation = 'team') AS audits`);
  return row;
}

beforeAll(async () => {
  app = await startAppOverHttp();
  await signIn(stranger, { url: app.base, name: "app" }, "demo-public");
  await signIn(member, { url: app.base, name: "app" }, "demo-subscriber");
  const [team] = await app.database.rows<{ id: string }>(
    sql`INSERT INTO teams (name, created_by) VALUES ('Hidden Fund', 'demo-premium') RETURNING id::text AS id`,
  );
  teamId = team!.id;
  await app.database.rows(sql`INSERT INTO team_memberships (team_id, user_id, role) VALUES
    (${teamId}::uuid, 'demo-premium', 'owner'), (${teamId}::uuid, 'demo-subscriber', 'member') RETURNING team_id`);
});

afterAll(async () => {
  await app?.close();
});

describe("a stranger", () => {
  it.each(["", "/invitations", "/settings"])(
    "gets 404 for the page and its data: /teams/:id%s, like a team that does not exist",
    async (section) => {
      for (const path of [`/teams/${teamId}${section}`, `/teams/${teamId}${section}.data`, `/teams/${NOBODYS}${section}.data`]) {
        const answer = await get(stranger, path);
        expect(answer.status, path).toBe(404);
        expect(answer.body, path).not.toContain("Hidden Fund");
        expect(answer.body, path).not.toContain("Priya");
      }
    },
  );

  it("gets 404 for every action and changes nothing", async () => {
    const before = await state();
    const attempts: Array<[string, Record<string, string>]> = [
      [`/teams/${teamId}/invitations`, { intent: "invite", email: "pat.public@demo.introbase.test", role: "admin" }],
      [`/teams/${teamId}/settings`, { intent: "rename", name: "Taken over" }],
      [`/teams/${teamId}/settings`, { intent: "delete", confirm: "yes" }],
      [`/teams/${teamId}?index`, { intent: "remove", userId: "demo-subscriber" }],
      ["/teams/working-team", { teamId }],
    ];
    for (const [path, form] of attempts) {
      const answer = await post(stranger, path, form);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain("Hidden Fund");
    }
    expect(await state()).toEqual(before);
    expect(await app.database.rows(sql`SELECT * FROM active_teams WHERE user_id = 'demo-public'`)).toEqual([]);
  });
});

describe("a plain member", () => {
  it("sees the team but cannot invite, rename or delete it (403), and changes nothing", async () => {
    expect((await get(member, `/teams/${teamId}`)).status).toBe(200);
    const before = await state();
    const invite = await post(member, `/teams/${teamId}/invitations`, { intent: "invite", email: "x@fund.example", role: "member" });
    expect(invite.status).toBe(403);
    expect((await post(member, `/teams/${teamId}/settings`, { intent: "rename", name: "Mine" })).status).toBe(403);
    expect((await post(member, `/teams/${teamId}/settings`, { intent: "delete", confirm: "yes" })).status).toBe(403);
    expect(await state()).toEqual(before);
  });
});

describe("a visitor", () => {
  it("is sent to sign in and back", async () => {
    const answer = await get(null, `/teams/${teamId}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`/sign-in?returnTo=${encodeURIComponent(`/teams/${teamId}`)}`);
  });
});
