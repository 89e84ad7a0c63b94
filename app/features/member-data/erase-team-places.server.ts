/**
 * The erasure's step over teams (issue 37, decision 0118): invitations addressed to the member go; a team the member
 * owns passes to its longest-standing admin, else its longest-standing member, so the team, its lists and its seats
 * carry on without them; a team with nobody else in it goes with its lists. Their own memberships, private lists and
 * notes go with the user row (foreign keys). Idempotent: a resumed job finds nothing more to do.
 */
import { sql } from "drizzle-orm";
import { execRows, type Database } from "~/lib/db.server.ts";
import type { Erasure } from "./erase-member-records.server.ts";

/**
 * `endPlansLeftEmpty` ends at the provider the live plans of teams nobody else (still staying) is in: run again here,
 * right before the deletion it guards, because another member may have left or started leaving since the payment step.
 */
export async function eraseTeamPlaces(database: Database, erasure: Erasure, endPlansLeftEmpty: () => Promise<number>): Promise<number> {
  const invitations = await database.rows<{ id: string }>(sql`
    DELETE FROM team_invitations WHERE lower(email) = ${erasure.email} RETURNING id::text AS id`);
  const owned = await database.rows<{ team_id: string }>(sql`
    SELECT team_id::text AS team_id FROM team_memberships WHERE user_id = ${erasure.id} AND role = 'owner'`);
  if (owned.length) await endPlansLeftEmpty();
  for (const { team_id: teamId } of owned) {
    await database.db.transaction(async (tx) => {
      // The team's row lock, as every team change takes it: a member leaving meanwhile waits, or has left already.
      await execRows(tx, sql`SELECT id FROM teams WHERE id = ${teamId}::uuid FOR NO KEY UPDATE`);
      // The heir stays: a member whose own account is being erased too is passed over (it would leave no owner).
      const [heir] = await execRows<{ user_id: string }>(
        tx,
        sql`SELECT user_id FROM team_memberships WHERE team_id = ${teamId}::uuid AND user_id <> ${erasure.id}
              AND user_id NOT IN (SELECT user_id FROM account_erasures)
            ORDER BY (role = 'admin') DESC, joined_at, user_id LIMIT 1`,
      );
      if (!heir) {
        // Its plan was ended at the provider just above (endPlansLeftEmpty), so nobody pays for a team that is gone.
        await tx.execute(sql`DELETE FROM teams WHERE id = ${teamId}::uuid`);
        return;
      }
      await tx.execute(sql`UPDATE team_memberships SET role = 'member' WHERE team_id = ${teamId}::uuid AND user_id = ${erasure.id}`);
      const made = await execRows(
        tx,
        sql`UPDATE team_memberships SET role = 'owner' WHERE team_id = ${teamId}::uuid AND user_id = ${heir.user_id} RETURNING user_id`,
      );
      if (!made.length) throw new Error(`team ${teamId}: its heir ${heir.user_id} was not found under the team's lock`);
    });
  }
  return invitations.length + owned.length;
}
