/**
 * A team's follow cap takes turns per team (issue 37 review, decision 0121): the count and the insert run under one
 * advisory lock keyed by the team. A team id is a uuid in any letter case (the route's z.uuid accepts both), so two
 * requests naming one team as "ABC…" and "abc…" must take the same lock; with two keys they count side by side on
 * PostgreSQL and both pass the 500th place. PGlite runs one transaction at a time, so the race itself cannot be shown
 * here: the test records the keys the lock is taken under.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type * as atomicLimit from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { testUser } from "#test-support/test-route.ts";
import { followForTeam } from "./team-follows.server.ts";

const lockKeys = vi.hoisted(() => [] as string[]);
vi.mock("~/lib/atomic-limit.server.ts", async (original) => {
  const real = await original<typeof atomicLimit>();
  return {
    ...real,
    underLock: (database: Database, key: string, work: Parameters<typeof real.underLock>[2]) => {
      lockKeys.push(key);
      return real.underLock(database, key, work);
    },
  };
});

let database: Database;
let teamId: string;
let listingIds: string[];
const ines = { ...testUser("premium"), id: "tfl-ines" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 6);
  await database.rows(sql`INSERT INTO users (id, name, email, email_verified, tier)
    VALUES (${ines.id}, 'Ines', 'ines@tfl.test', true, 'premium') RETURNING id`);
  const [team] = await database.rows<{ id: string }>(sql`INSERT INTO teams (name) VALUES ('Lockstep') RETURNING id::text AS id`);
  teamId = team!.id;
  await database.rows(
    sql`INSERT INTO team_memberships (team_id, user_id, role) VALUES (${teamId}::uuid, ${ines.id}, 'owner') RETURNING user_id`,
  );
  listingIds = (
    await database.rows<{ id: string }>(sql`
      SELECT id::text AS id FROM listings WHERE processing_status = 'published' AND visibility = 'public' ORDER BY name LIMIT 2`)
  ).map((r) => r.id);
});

afterAll(async () => {
  await database?.close();
});

describe("the team follow cap's lock", () => {
  it("is one lock for one team, whatever the letter case of its id in the request", async () => {
    await followForTeam(database, ines, teamId.toUpperCase(), listingIds[0]!);
    await followForTeam(database, ines, teamId, listingIds[1]!);
    expect(lockKeys).toHaveLength(2);
    expect(lockKeys[0]).toBe(lockKeys[1]);
    const [row] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM team_follows WHERE team_id = ${teamId}::uuid`);
    expect(row!.n).toBe(2);
  });
});
