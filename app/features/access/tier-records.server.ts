import * as s from "#db/schema/index.ts";
import { onChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { OwnedTtlCache } from "~/lib/ttl-cache.ts";
import { planCatalogue, type PlanCatalogue } from "./plan-catalogue.ts";
import { resolveTiers, type ResolvedTiers } from "./tier-definitions.ts";

/**
 * Visibility levels are stale after 5 minutes and loaded with one retry (spec 01 §7, §9); they decide quotas and
 * gates, so a change through any app server drops them at once (decision 0049).
 */
const cache = new OwnedTtlCache<ResolvedTiers>(5 * 60 * 1000, 1);
onChange("tier-records", (database) => cache.clear(database));

async function loadOnce({ db }: Database): Promise<ResolvedTiers> {
  return resolveTiers(await db.select().from(s.visibilityLevels));
}

/**
 * The tier records from the visibility-levels table (editable data), or the legacy definitions of spec 01
 * §6 when none can be loaded (silently, spec 01 §8; logged here). A failure is not cached.
 */
export async function getTierDefinitions(database: Database): Promise<ResolvedTiers> {
  try {
    return await cache.get(database, "all", () => loadOnce(database).catch(() => loadOnce(database)));
  } catch (error) {
    logger.error({ err: error }, "visibility levels could not be loaded; using the legacy tier definitions");
    return resolveTiers(null);
  }
}

/** Every tier's name, price and benefits, from the same tier table the quotas and gates use. */
export async function getPlanCatalogue(database: Database): Promise<PlanCatalogue> {
  return planCatalogue(await getTierDefinitions(database));
}

/** Forgets the cached records (tests); writers announce the change instead (lib/change-feed.server.ts). */
export function clearTierDefinitionsCache(database?: Database): void {
  cache.clear(database);
}
