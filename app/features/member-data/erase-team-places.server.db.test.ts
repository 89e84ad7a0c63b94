/**
 * The erasure's teams step (issue 37): a team its erased owner leaves passes to a member who stays; a member whose own
 * account is being erased too is no heir (two partners closing their accounts together must not leave a team with no
 * owner and a live plan); a team left with nobody goes, after its plan was ended at the provider, right before.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountErasures } from "#db/schema/account-erasures.ts";
import { users } from "#db/schema/accounts.ts";
import { teamMemberships, teams } from "#db/schema/teams.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { eraseTeamPlaces } from "./erase-team-places.server.ts";

let database: Database;
const now = new Date("2026-11-02T10:00:00Z");
const erasureOf = (id: string) => ({ erasureId: crypto.randomUUID(), requestedAt: now, id, email: `${id}@fund.test`, names: [id] });

beforeAll(async () => {
  database = await openTestDatabase();
  for (const id of ["ann", "ben", "cat"]) await database.db.insert(users).values({ id, name: id, email: `${id}@fund.test` });
});

afterAll(async () => {
  await database?.close();
});

async function teamOf(members: Array<[string, "owner" | "admin" | "member"]>) {
  const [team] = await database.db.insert(teams).values({ name: "Fund" }).returning({ id: teams.id });
  await database.db.insert(teamMemberships).values(members.map(([userId, role]) => ({ teamId: team!.id, userId, role })));
  return team!.id;
}

describe("the erasure's teams step", () => {
  it("hands an owned team to a member who stays, passing over one whose account is being erased too", async () => {
    const teamId = await teamOf([
      ["ann", "owner"],
      ["ben", "admin"],
      ["cat", "member"],
    ]);
    await database.db.insert(accountErasures).values({ userId: "ben", email: "ben@fund.test", names: ["ben"] });
    let ended = 0;
    await eraseTeamPlaces(database, erasureOf("ann"), async () => ++ended);
    const roles = await database.db
      .select({ userId: teamMemberships.userId, role: teamMemberships.role })
      .from(teamMemberships)
      .where(eq(teamMemberships.teamId, teamId));
    expect(Object.fromEntries(roles.map((r) => [r.userId, r.role]))).toEqual({ ann: "member", ben: "admin", cat: "owner" });
    expect(ended).toBe(1);
    await database.db.delete(accountErasures);
    await database.db.delete(teams).where(eq(teams.id, teamId));
  });

  it("deletes a team nobody stays in, only after the plans of teams left empty were ended", async () => {
    const teamId = await teamOf([
      ["ann", "owner"],
      ["ben", "member"],
    ]);
    await database.db.insert(accountErasures).values({ userId: "ben", email: "ben@fund.test", names: ["ben"] });
    const order: string[] = [];
    await eraseTeamPlaces(database, erasureOf("ann"), async () => {
      const [still] = await database.db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
      order.push(still ? "plans ended while the team was there" : "plans ended after the team was gone");
      return 1;
    });
    expect(order).toEqual(["plans ended while the team was there"]);
    expect(await database.db.select().from(teams).where(eq(teams.id, teamId))).toEqual([]);
    await database.db.delete(accountErasures);
  });
});
