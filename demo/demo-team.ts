/**
 * The demo team (issue 37, decision 0118): Priya Premium owns "Northwind Ventures", Sam Subscriber is a member, and
 * the team shares a list of a few demo startups, so a newcomer signed in as either sees a team's pipeline at once.
 * Created once, with the demo users; left alone afterwards (it may have been changed on purpose).
 */
import { eq, sql } from "drizzle-orm";
import { addEntries, createList } from "../app/features/lists/list-access.server.ts";
import type { Database } from "../app/lib/db.server.ts";
import { teamMemberships, teams } from "../db/schema/teams.ts";

export const DEMO_TEAM = { id: "7e0a0000-0000-4000-8000-000000000001", name: "Northwind Ventures" } as const;
export const DEMO_TEAM_LIST = "Deal flow";

export async function ensureDemoTeam(database: Database, now = new Date()): Promise<void> {
  const { db } = database;
  const [existing] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, DEMO_TEAM.id));
  if (existing) return;
  const people = await database.rows<{ id: string }>(sql`SELECT id FROM users WHERE id IN ('demo-premium', 'demo-subscriber')`);
  if (people.length < 2) return;
  await db.insert(teams).values({ id: DEMO_TEAM.id, name: DEMO_TEAM.name, createdBy: "demo-premium", createdAt: now });
  await db.insert(teamMemberships).values([
    { teamId: DEMO_TEAM.id, userId: "demo-premium", role: "owner", joinedAt: now },
    { teamId: DEMO_TEAM.id, userId: "demo-subscriber", role: "member", invitedBy: "demo-premium", joinedAt: now },
  ]);
  const listId = await createList(database, { name: DEMO_TEAM_LIST, keeper: { teamId: DEMO_TEAM.id }, createdBy: "demo-premium" }, now);
  const startups = await database.rows<{ id: string }>(sql`
    SELECT id FROM listings WHERE type = 'startup' AND processing_status = 'published' AND visibility = 'public'
    ORDER BY name, id LIMIT 3`);
  await addEntries(database, { listId, listingIds: startups.map((s) => s.id), actorId: "demo-premium" }, now);
}
