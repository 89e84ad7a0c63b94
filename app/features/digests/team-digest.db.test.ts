/**
 * A team's saved searches and follows in its members' digests (issue 37, decision 0121), against a real database, the
 * real digest job and a local SMTP server: the team's search reaches every member who opted in, each with only what
 * THEIR plan opens and each once per period; a member who did not opt in, or who left the team, gets nothing of it;
 * the digest's unsubscribe-all link turns the member's team digest off.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamFollows } from "#db/schema/team-alerts.ts";
import { seedListings } from "#demo/seed-database.ts";
import { startLocalSmtp, type LocalSmtp } from "../../../tests/fakes/local-smtp.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { digestTeamFollows, setTeamDigest, teamDigestChoices } from "../follows/team-follows.server.ts";
import { createSavedSearch } from "../saved-searches/saved-searches.server.ts";
import { shareSavedSearch, teamSavedSearchesOf } from "../saved-searches/team-saved-searches.server.ts";
import { applyUnsubscribeLink } from "../saved-searches/unsubscribe.server.ts";
import { DIGEST_JOB, digestJobHandler, scheduleDigest } from "./digest-job.server.ts";
import { periodContaining } from "./digest-periods.ts";

let database: Database;
let smtp: LocalSmtp;
let industry = "";
let teamId = "";
let counter = 0;
let searchId = "";
const env = () => parseEnv({ SMTP_URL: smtp.url, PUBLIC_URL: "https://introbase.example" });
const m = {
  alice: { id: "td-alice", tier: "premium" },
  bob: { id: "td-bob", tier: "subscriber" },
  carol: { id: "td-carol", tier: "premium" },
  dave: { id: "td-dave", tier: "premium" },
};
const at = new Date("2030-03-01T00:00:00Z");
const period = (day: number) => periodContaining("daily", new Date(Date.UTC(2030, 2, day, 12)));

async function addListing(visibility: string, name: string) {
  counter++;
  await database.rows(sql`
    INSERT INTO listings (slug, type, name, tagline, industry_ids, visibility, created_at)
    VALUES (${`td-new-${counter}`}, 'startup', ${name}, 'New', ARRAY[(SELECT id FROM industries WHERE name = ${industry})], ${visibility},
      '2030-02-01'::timestamptz + ${`${counter} minutes`}::interval)`);
  await announceChange(database, "listings");
}

async function runPeriod(p: { from: Date; to: Date }) {
  await scheduleDigest(database, "daily", p);
  await new JobWorker(database, { [DIGEST_JOB]: digestJobHandler({ env: env(), now: () => new Date(p.to.getTime() + 3_600_000) }) }).tick();
}

const mailsTo = (member: { id: string }, from: number) =>
  smtp.received.slice(from).filter((mail) => [mail.to].flat()[0]?.text.includes(member.id));

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startLocalSmtp();
  await seedListings(database, 40);
  for (const member of Object.values(m))
    await database.rows(sql`INSERT INTO users (id, name, email, email_verified, tier)
      VALUES (${member.id}, ${member.id}, ${`${member.id}@test.introbase.test`}, true, ${member.tier})`);
  const [row] = await database.rows<{ name: string }>(sql`SELECT name FROM industries ORDER BY id LIMIT 1`);
  industry = row!.name;
  const [team] = await database.rows<{ id: string }>(sql`INSERT INTO teams (name) VALUES ('Northwind') RETURNING id::text AS id`);
  teamId = team!.id;
  for (const member of Object.values(m))
    await database.rows(sql`INSERT INTO team_memberships (team_id, user_id, role)
      VALUES (${teamId}::uuid, ${member.id}, ${member === m.alice ? "owner" : "member"}) RETURNING user_id`);
  const search = await createSavedSearch(database, m.alice, {
    name: "Sector",
    query: `industries=${encodeURIComponent(industry)}`,
    alertFrequency: "daily",
  });
  searchId = search.id;
  await shareSavedSearch(database, m.alice, search.id, teamId, at);
  for (const member of [m.bob, m.dave]) await setTeamDigest(database, member.id, teamId, true, at);
  // The first period keeps each recipient's first snapshot: nothing is new to anyone yet.
  await runPeriod(period(1));
});

afterAll(async () => {
  await smtp?.stop();
  await database?.close();
});

describe("sharing a saved search with a team", () => {
  it("shows it to the team's members labelled with the team and who saved it; only its owner shares it, only with their teams", async () => {
    expect(await teamSavedSearchesOf(database, m.bob)).toEqual([
      expect.objectContaining({ id: searchId, name: "Sector", teamName: "Northwind", savedBy: "td-alice" }),
    ]);
    expect(await teamSavedSearchesOf(database, m.alice)).toEqual([]);
    await expect(shareSavedSearch(database, m.bob, searchId, null, at)).rejects.toMatchObject({ status: 404 });
    const [other] = await database.rows<{ id: string }>(sql`INSERT INTO teams (name) VALUES ('Elsewhere') RETURNING id::text AS id`);
    await expect(shareSavedSearch(database, m.alice, searchId, other!.id, at)).rejects.toMatchObject({
      status: 404,
      message: "You are not in this team.",
    });
  });
});

describe("a team's saved search in the digest", () => {
  it("reaches each opted-in member once, with what their own plan opens, and nobody who left or did not opt in", async () => {
    await addListing("public", "Td Open Startup");
    await addListing("premium", "Td Premium Startup");
    await database.rows(sql`DELETE FROM team_memberships WHERE user_id = ${m.dave.id} RETURNING user_id`);
    const before = smtp.received.length;
    await runPeriod(period(2));
    const toBob = mailsTo(m.bob, before);
    expect(toBob).toHaveLength(1);
    expect(toBob[0]!.text).toContain('New in "Sector" (Northwind): 1 listing');
    expect(toBob[0]!.text).toContain("Td Open Startup");
    expect(toBob[0]!.text).not.toContain("Td Premium Startup");
    // The creator gets it as their own search, with their own plan's matches.
    const toAlice = mailsTo(m.alice, before);
    expect(toAlice).toHaveLength(1);
    expect(toAlice[0]!.text).toContain("Td Premium Startup");
    expect(mailsTo(m.carol, before)).toHaveLength(0);
    expect(mailsTo(m.dave, before)).toHaveLength(0);

    // Another server scheduling the same period, or the job running again, sends nothing twice.
    await runPeriod(period(2));
    expect(mailsTo(m.bob, before)).toHaveLength(1);
    // The next period has nothing new for Bob: the listing was told once.
    const quiet = smtp.received.length;
    await runPeriod(period(3));
    expect(mailsTo(m.bob, quiet)).toHaveLength(0);
  });

  it("stops with the digest's unsubscribe-all link", async () => {
    await addListing("public", "Td Later Startup");
    const before = smtp.received.length;
    await runPeriod(period(4));
    const [mail] = mailsTo(m.bob, before);
    const token = /\/unsubscribe\/([^>\s]+)>/.exec(String(mail!.headerLines.find((h) => h.key === "list-unsubscribe")?.line))![1]!;
    const done = await applyUnsubscribeLink(database, token, new Date(period(4).to.getTime() + 7_200_000));
    expect(done).toMatchObject({ state: "done", names: expect.arrayContaining(["Northwind's team digest"]) });
    expect(await teamDigestChoices(database, m.bob.id)).toEqual([{ teamId, teamName: "Northwind", optedIn: false }]);
    await addListing("public", "Td Last Startup");
    const after = smtp.received.length;
    await runPeriod(period(5));
    expect(mailsTo(m.bob, after)).toHaveLength(0);
  });
});

describe("a team's follows in the digest", () => {
  it("count for members who opted in and are in the team, and for nobody else", async () => {
    const [listing] = await database.rows<{ id: string }>(
      sql`SELECT id::text AS id FROM listings WHERE processing_status = 'published' LIMIT 1`,
    );
    await database.db.insert(teamFollows).values({ teamId, listingId: listing!.id, addedBy: m.alice.id });
    await setTeamDigest(database, m.carol.id, teamId, true, at);
    expect(await digestTeamFollows(database, m.carol.id)).toEqual([listing!.id]);
    // Bob turned the team digest off; Dave left the team; Alice never opted in.
    expect(await digestTeamFollows(database, m.bob.id)).toEqual([]);
    expect(await digestTeamFollows(database, m.dave.id)).toEqual([]);
    expect(await digestTeamFollows(database, m.alice.id)).toEqual([]);
    await expect(setTeamDigest(database, m.dave.id, teamId, true, at)).rejects.toMatchObject({ status: 404 });
  });
});

describe("a search shared by someone no longer in the team", () => {
  it("is not the team's any more: not shown to its members, not in their digest", async () => {
    const frank = { id: "td-frank", tier: "premium" };
    await database.rows(sql`INSERT INTO users (id, name, email, email_verified, tier)
      VALUES (${frank.id}, ${frank.id}, 'td-frank@test.introbase.test', true, 'premium') RETURNING id`);
    await database.rows(
      sql`INSERT INTO team_memberships (team_id, user_id, role) VALUES (${teamId}::uuid, ${frank.id}, 'member') RETURNING user_id`,
    );
    const search = await createSavedSearch(database, frank, {
      name: "Franks sector",
      query: `industries=${encodeURIComponent(industry)}`,
      alertFrequency: "daily",
    });
    await shareSavedSearch(database, frank, search.id, teamId, at);
    expect((await teamSavedSearchesOf(database, m.carol)).map((s) => s.name)).toContain("Franks sector");
    // Carol's first period of both searches keeps her first snapshots.
    await runPeriod(period(6));
    // Frank's membership ends with his search still marked shared (a row from before leaving unshared it).
    await database.rows(sql`DELETE FROM team_memberships WHERE user_id = ${frank.id} RETURNING user_id`);
    expect((await teamSavedSearchesOf(database, m.carol)).map((s) => s.name)).toEqual(["Sector"]);

    await addListing("public", "Td After Frank Startup");
    const before = smtp.received.length;
    await runPeriod(period(7));
    const toCarol = mailsTo(m.carol, before).map((mail) => mail.text);
    expect(toCarol).toHaveLength(1);
    // Alice, still in the team, still reaches Carol; Frank's search does not.
    expect(toCarol[0]).toContain('New in "Sector" (Northwind)');
    expect(toCarol[0]).not.toContain("Franks sector");
  });
});
