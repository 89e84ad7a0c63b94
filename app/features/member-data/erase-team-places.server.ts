/**
 * The erasure's step over teams (issue 37, decision 0118): invitations addressed to the member go; a team the member
 * owns passes to its longest-standing admin, else its longest-standing member, so the team, its lists and its seats
 * carry on without them; a team with nobody else in it goes with its lists. Their own memberships, private lists and
 * notes go with the user row (foreign keys). Idempotent: a resumed job finds nothing more to do.
 */
import { sql } from "drizzle-orm";
import { execRows, type Database } from "~/lib/db.server.ts";
import type { Erasure } from "./erase-member-records.server.ts";

export async function eraseTeamPlaces(database: Database, erasure: Erasure): Promise<number> {
  const invitations = await database.rows<{ id: string }>(sql`
    DELETE FROM team_invitations WHERE lower(email) = ${erasure.email} RETURNING id::text AS id`);
  const owned = await database.rows<{ team_id: string }>(sql`
    SELECT team_id::text AS team_id FROM team_memberships WHERE user_id = ${erasure.id} AND role = 'owner'`);
  for (const { team_id: teamId } of owned) {
    await database.db.transaction(async (tx) => {
      const [heir] = await execRows<{ user_id: string }>(
        tx,
        sql`SELECT user_id FROM team_memberships WHERE team_id = ${teamId}::uuid AND user_id <> ${erasure.id}
            ORDER BY (role = 'admin') DESC, joined_at, user_id LIMIT 1`,
      );
      if (!heir) {
        await tx.execute(sql`DELETE FROM teams WHERE id = ${teamId}::uuid`);
        return;
      }
      await tx.execute(sql`UPDATE team_memberships SET role = 'member' WHERE team_id = ${teamId}::uuid AND user_id = ${erasure.id}`);
      await tx.execute(sql`UPDATE team_memberships SET role = 'owner' WHERE team_id = ${teamId}::uuid AND user_id = ${heir.user_id}`);
    });
  }
  return invitations.length + owned.length;
}
