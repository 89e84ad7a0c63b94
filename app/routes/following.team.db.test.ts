/**
 * /following's team forms (issue 37, decision 0121): a member follows a listing for their team and every member then
 * sees it labelled with the team; a listing above the member's plan, or a team they are not in, is refused; the team
 * digest switch is each member's own.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs, testUser } from "#test-support/test-route.ts";
import { action, loader } from "./following.tsx";

let database: Database;
let teamId: string;
let open: string;
let premiumOnly: string;
const sam = { ...testUser("subscriber"), id: "tf-sam" };
const priya = { ...testUser("premium"), id: "tf-priya" };
const eve = { ...testUser("premium"), id: "tf-eve" };

type ActionArgs = Parameters<typeof action>[0];
type LoaderArgs = Parameters<typeof loader>[0];
async function post(user: typeof sam, form: Record<string, string>) {
  const init = { method: "POST", body: new URLSearchParams({ returnTo: "/following", ...form }) };
  const answer = (await action(loaderArgs<ActionArgs>(database, "/following", {}, { user, init }))) as unknown;
  if (answer instanceof Response) return { status: answer.status, message: undefined };
  const { data, init: i } = answer as { data: { message?: string }; init: { status?: number } | null };
  return { status: i?.status ?? 200, message: data.message };
}
const page = async (user: typeof sam) => {
  const data = (await loader(loaderArgs<LoaderArgs>(database, "/following", {}, { user }))) as {
    team: { teams: unknown[]; follows: Array<{ name: string; teamName: string }> };
  };
  return data.team;
};

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 20);
  for (const u of [sam, priya, eve])
    await database.rows(
      sql`INSERT INTO users (id, name, email, email_verified, tier) VALUES (${u.id}, ${u.id}, ${u.email.replace("@", `.${u.id}@`)}, true, ${u.tier}) RETURNING id`,
    );
  const [team] = await database.rows<{ id: string }>(sql`INSERT INTO teams (name) VALUES ('Northwind') RETURNING id::text AS id`);
  teamId = team!.id;
  await database.rows(
    sql`INSERT INTO team_memberships (team_id, user_id, role) VALUES (${teamId}::uuid, ${priya.id}, 'owner'), (${teamId}::uuid, ${sam.id}, 'member') RETURNING user_id`,
  );
  const [a] = await database.rows<{ id: string }>(
    sql`SELECT id::text AS id FROM listings WHERE processing_status = 'published' AND visibility = 'public' ORDER BY name LIMIT 1`,
  );
  const [b] = await database.rows<{ id: string }>(
    sql`UPDATE listings SET visibility = 'premium' WHERE id = (SELECT id FROM listings WHERE processing_status = 'published' AND id <> ${a!.id}::uuid ORDER BY name LIMIT 1) RETURNING id::text AS id`,
  );
  open = a!.id;
  premiumOnly = b!.id;
});

afterAll(async () => {
  await database?.close();
});

describe("/following for a team", () => {
  it("follows for the team, shown to every member with the team's name", async () => {
    expect((await post(sam, { intent: "team-follow", teamId, listingId: open })).status).toBe(303);
    const seen = await page(priya);
    expect(seen.follows.map((f) => f.teamName)).toEqual(["Northwind"]);
    expect(seen.teams).toEqual([{ teamId, teamName: "Northwind", optedIn: false }]);
    expect((await post(priya, { intent: "team-digest", teamId, digest: "on" })).status).toBe(303);
    expect((await page(priya)).teams).toEqual([{ teamId, teamName: "Northwind", optedIn: true }]);
    expect((await page(sam)).teams).toEqual([{ teamId, teamName: "Northwind", optedIn: false }]);
  });

  it("refuses a listing above the member's plan and a team they are not in", async () => {
    expect(await post(sam, { intent: "team-follow", teamId, listingId: premiumOnly })).toEqual({
      status: 403,
      message: "This listing is not open on your plan. Upgrade to follow it.",
    });
    expect(await post(eve, { intent: "team-follow", teamId, listingId: open })).toEqual({
      status: 404,
      message: "You are not in this team.",
    });
    expect(await post(eve, { intent: "team-digest", teamId, digest: "on" })).toEqual({ status: 404, message: "You are not in this team." });
    expect((await page(eve)).follows).toEqual([]);
  });
});
