import * as s from "#db/schema/index.ts";
import { onChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { OwnedTtlCache } from "~/lib/ttl-cache.ts";
import { toGatedField } from "./field-name.ts";
import type { FieldRules } from "./redact-listing.ts";
import { higherLevel, normalizeLevel } from "./tiers.ts";

/**
 * Field rules are cached for 5 minutes (spec 01 §7 and §9), and dropped at once when they change through any app
 * server: they decide what a viewer sees (decision 0049).
 */
const FIELD_RULES_TTL_MS = 5 * 60 * 1000;
const cache = new OwnedTtlCache<FieldRules>(FIELD_RULES_TTL_MS, 1);
onChange("field-rules", (database) => cache.clear(database));

/**
 * The global field rules, keyed by gated field. If they cannot be read, every field counts as public
 * (spec 01 §8); that fallback is returned but not cached, so the next request reads the table again instead
 * of serving ungated fields for five minutes after a passing failure.
 */
export async function getFieldRules(database: Database): Promise<FieldRules> {
  try {
    return await cache.get(database, "all", () => loadFieldRules(database));
  } catch (error) {
    logger.error({ err: error }, "field visibility rules could not be loaded; treating all fields as public");
    return {};
  }
}

/** Forgets the cached rules (tests); writers announce the change instead (lib/change-feed.server.ts). */
export function clearFieldRulesCache(database?: Database): void {
  cache.clear(database);
}

async function loadFieldRules({ db }: Database): Promise<FieldRules> {
  const rows = await db
    .select({ fieldName: s.fieldVisibilityRules.fieldName, accessLevel: s.fieldVisibilityRules.accessLevel })
    .from(s.fieldVisibilityRules);
  return toFieldRules(rows);
}

/**
 * Rule rows to rules. Names are normalised (spec 01 §3) and names of no gated field are dropped; should two
 * rows name the same field ("Revenue Range" and "revenuerange"), the stricter level wins.
 */
export function toFieldRules(rows: ReadonlyArray<{ fieldName: string; accessLevel: string | null }>): FieldRules {
  const rules: FieldRules = {};
  for (const row of rows) {
    const field = toGatedField(row.fieldName);
    if (!field) continue;
    const level = normalizeLevel(row.accessLevel);
    const current = rules[field];
    rules[field] = current ? higherLevel(current, level) : level;
  }
  return rules;
}
