import type { SessionUser } from "~/lib/session.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { FEATURES, hasFeature } from "./features.ts";
import { getEnv } from "~/lib/env.server.ts";
import { DEMO_PRICE_NOTE, planCatalogue, planPriceText } from "./plan-catalogue.ts";
import { getTierDefinitions } from "./tier-records.server.ts";
import { ACCESS_LEVELS } from "./tiers.ts";
import { getUsageSummary } from "./usage.server.ts";

/** The access-control page's samples: every tier's price, limits and features, and this admin's usage. */
export async function accessControlData(database: Database, admin: SessionUser) {
  const [{ tiers, fromRecords }, usage] = await Promise.all([getTierDefinitions(database), getUsageSummary(database, admin)]);
  const catalogue = planCatalogue({ tiers });
  return {
    admin: { name: admin.name, tier: admin.tier, plan: catalogue[admin.tier].name },
    fromRecords,
    tiers: ACCESS_LEVELS.map((level) => ({
      level,
      name: catalogue[level].name,
      // In demo billing every price says no payment is taken (decision 0079).
      price: `${planPriceText(catalogue[level])}${getEnv().BILLING_MODE === "demo" ? ` (${DEMO_PRICE_NOTE})` : ""}`,
      limits: catalogue[level].limits,
      features: Object.fromEntries(FEATURES.map((f) => [f, hasFeature(f, level, tiers[level])])),
    })),
    usage,
  };
}

export type AccessControlData = Awaited<ReturnType<typeof accessControlData>>;
