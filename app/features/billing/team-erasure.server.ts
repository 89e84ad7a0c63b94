/**
 * A team left with nobody when its last member's account is erased (issue 37, decision 0119): the erasure's teams step
 * deletes it with its rows, so before that, in the erasure's first step ("payment provider"), its live subscription is
 * ended at the provider at once: nobody is charged for seats of a team that no longer exists. Idempotent: a
 * subscription ended already is skipped, and a team someone else is still in is left to carry on (and pay). A member
 * whose own account is being erased too does not count as staying: two partners closing their accounts together leave
 * nobody to pay, whichever erasure runs first. The teams step runs this again right before it deletes a team.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import type { PaymentGateway } from "./payment-gateway.server.ts";

/** Ends the live subscriptions of the teams only `userId` is in; returns how many it ended at the provider. */
export async function endPlansOfTeamsLeftEmpty(database: Database, gateway: PaymentGateway, userId: string): Promise<number> {
  const live = await database.rows<{ id: string }>(sql`
    SELECT s.id FROM team_subscriptions s
    WHERE s.status IN ('active', 'trialing', 'past_due', 'incomplete', 'unpaid', 'paused')
      AND s.team_id IN (SELECT team_id FROM team_memberships WHERE user_id = ${userId})
      AND NOT EXISTS (SELECT 1 FROM team_memberships o WHERE o.team_id = s.team_id AND o.user_id <> ${userId}
        AND o.user_id NOT IN (SELECT user_id FROM account_erasures))`);
  for (const { id } of live) {
    const ended = await gateway.cancelNow(id);
    await database.rows(sql`UPDATE team_subscriptions SET status = ${ended.status}, ended_at = ${ended.endedAt?.toISOString() ?? null}::timestamptz
      WHERE id = ${id} RETURNING id`);
  }
  return live.length;
}
