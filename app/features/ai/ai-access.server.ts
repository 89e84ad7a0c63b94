import { quotaLimits } from "~/features/access/quotas.ts";
import { getTierDefinitions } from "~/features/access/tier-records.server.ts";
import { normalizeLevel } from "~/features/access/tiers.ts";
import type { Database } from "~/lib/db.server.ts";

/** Whether this member's tier grants AI requests, read from its tier record as the quota code reads it. */
export async function tierHasAiRequests(database: Database, user: { tier: string } | null): Promise<boolean> {
  if (!user) return false;
  const tier = normalizeLevel(user.tier);
  const { tiers } = await getTierDefinitions(database);
  return quotaLimits(tier, tiers[tier]).aiRequests > 0;
}
