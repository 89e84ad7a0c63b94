/**
 * What billing does when a server starts and while it runs (decision 0079): bring a database from before one plan
 * catalogue and grants up to date (once, under the start-up lock), then every minute decide again the tiers whose
 * time has come and queue again the webhook events whose job failed.
 */
import { and, eq, notExists, sql } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { billingSubscriptions, tierGrants } from "#db/schema/billing.ts";
import { visibilityLevels } from "#db/schema/reference.ts";
import { subscriptionChanges } from "#db/schema/usage.ts";
import { refreshAllGrantedTiers, refreshDueMemberTiers } from "~/features/access/member-tier.server.ts";
import { LEGACY_TIERS } from "~/features/access/tier-definitions.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { requeueFailedBillingEvents } from "./billing-event-job.server.ts";

/**
 * The seeded records before decision 0080 sold the subscriber tier as "Premium" and the premium tier as "Enterprise":
 * a database that still has exactly that pair gets the tiers' own names, and the annual prices where the monthly ones
 * are still the seeded ones. A name or price an operator chose is left alone.
 */
async function renameSeededPlans(database: Database): Promise<boolean> {
  const rows = await database.db.select().from(visibilityLevels);
  const named = (level: string, name: string) => rows.some((r) => r.name === level && r.displayName === name);
  let changed = false;
  if (named("subscriber", "Premium") && named("premium", "Enterprise")) {
    await database.db.transaction(async (tx) => {
      await tx
        .update(visibilityLevels)
        .set({ displayName: LEGACY_TIERS.subscriber.displayName })
        .where(eq(visibilityLevels.name, "subscriber"));
      await tx.update(visibilityLevels).set({ displayName: LEGACY_TIERS.premium.displayName }).where(eq(visibilityLevels.name, "premium"));
    });
    changed = true;
  }
  for (const level of ["subscriber", "premium"] as const) {
    const legacy = LEGACY_TIERS[level];
    const updated = await database.db
      .update(visibilityLevels)
      .set({ annualPrice: legacy.annualPrice })
      .where(
        and(eq(visibilityLevels.name, level), eq(visibilityLevels.monthlyPrice, legacy.monthlyPrice), eq(visibilityLevels.annualPrice, 0)),
      )
      .returning({ id: visibilityLevels.id });
    changed ||= updated.length > 0;
  }
  return changed;
}

/**
 * Members whose tier was set before tiers were decided from grants (demo billing wrote it directly; an operator may
 * have too) keep it as a grant: a demo grant when they chose it in demo billing, else a complimentary one.
 */
async function adoptLegacyTiers(database: Database): Promise<number> {
  const legacy = await database.db
    .select({ id: users.id, tier: users.tier })
    .from(users)
    .where(
      and(
        sql`${users.tier} <> 'public'`,
        notExists(
          database.db
            .select({ one: sql`1` })
            .from(tierGrants)
            .where(eq(tierGrants.userId, users.id)),
        ),
        notExists(
          database.db
            .select({ one: sql`1` })
            .from(billingSubscriptions)
            .where(eq(billingSubscriptions.userId, users.id)),
        ),
      ),
    );
  for (const member of legacy) {
    const [chosen] = await database.db
      .select({ id: subscriptionChanges.id })
      .from(subscriptionChanges)
      .where(
        and(eq(subscriptionChanges.userId, member.id), eq(subscriptionChanges.provider, "demo"), eq(subscriptionChanges.status, "granted")),
      )
      .limit(1);
    await database.db
      .insert(tierGrants)
      .values({
        userId: member.id,
        source: chosen ? "demo" : "complimentary",
        tier: member.tier as "subscriber" | "premium",
        note: chosen ? "chosen in demo billing before grants were kept" : "tier held before grants were kept",
      })
      .onConflictDoNothing();
  }
  return legacy.length;
}

/** Run once per start, under the start-up lock (server/app.ts). */
export async function prepareBilling(database: Database): Promise<void> {
  if (await renameSeededPlans(database)) await announceChange(database, "tier-records");
  const adopted = await adoptLegacyTiers(database);
  // A change of BILLING_MODE turns demo grants on or off: every granted member's tier is decided again.
  const decided = await refreshAllGrantedTiers(database);
  if (adopted || decided) logger.info({ adopted, decided }, "member tiers decided from their subscriptions and grants");
}

/** Every minute, on every server: tiers whose time has come, and webhook events whose job failed. */
export function startBillingClock(database: Database, options: { everyMs?: number } = {}): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const now = new Date();
    Promise.all([refreshDueMemberTiers(database, now), requeueFailedBillingEvents(database, now)])
      .catch((error: unknown) => logger.error({ err: error }, "the billing clock failed"))
      .finally(() => (running = false));
  }, options.everyMs ?? 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
