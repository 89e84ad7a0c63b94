/**
 * The people and data the OpenAPI conformance test calls with: members of each tier (a session), API keys of each
 * tier, a key whose per-minute or monthly allowance is spent, members whose views, exports or AI requests are used
 * up, and listings of each type and visibility from the demo seed. Every member is new, so no scenario spends
 * another's quota.
 */
import { sql } from "drizzle-orm";
import { usageCounters } from "#db/schema/usage.ts";
import { API_CALL, quotaLimits, usageMonthKey, type UsageAction } from "~/features/access/quotas.ts";
import { getTierDefinitions } from "~/features/access/tier-records.server.ts";
import type { AccessLevel } from "~/features/access/tiers.ts";
import { authenticateApiKey } from "~/features/api-keys/api-key-auth.server.ts";
import { createApiKey } from "~/features/api-keys/api-keys.server.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { defineRateLimit } from "~/lib/rate-limit.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { seedListings } from "#demo/seed-database.ts";
import { callApi, type ApiCall, type KeyCheck } from "./api-call.ts";
import { OpenApiCheck, type Json } from "./openapi-check.ts";

/** A clock in the middle of a month, for the key check: no call crosses into the next month by accident. */
const NOW = new Date("2031-05-14T10:00:00.000Z");
/** The per-minute limit of ordinary keyed calls: big enough that only the scenarios about it meet it. */
export const ROOMY: KeyCheck = { now: NOW, perMinute: defineRateLimit({ name: "conformance-roomy", limit: 100_000, windowSeconds: 60 }) };
/** The per-minute limit a "spent minute" key meets: one call, which its setup makes. */
const ONE_A_MINUTE: KeyCheck = { now: NOW, perMinute: defineRateLimit({ name: "conformance-one", limit: 1, windowSeconds: 60 }) };

/** Who calls: a session user, or a key (whose owner is `user`), or nobody. */
export interface Caller {
  label: string;
  user: SessionUser | null;
  authorization?: string;
  keyCheck?: KeyCheck;
}

export interface Listing {
  id: string;
  slug: string;
  type: "startup" | "investor" | "partner";
  visibility: AccessLevel;
}

let sequence = 0;

export class Fixture {
  private listingRows: Listing[] = [];

  constructor(readonly database: Database) {}

  async load(): Promise<void> {
    this.listingRows = await this.database.rows<Listing>(
      sql`SELECT id, slug, type, visibility FROM listings WHERE processing_status = 'published' ORDER BY name, id`,
    );
  }

  /** The listings of a type and visibility, in a fixed order; `index` picks one. */
  listing(type: Listing["type"], visibility: AccessLevel, index = 0): Listing {
    const found = this.listingRows.filter((l) => l.type === type && l.visibility === visibility)[index];
    if (!found) throw new Error(`no ${visibility} ${type} number ${index} in the demo data`);
    return found;
  }

  visitor(): Caller {
    return { label: "a visitor", user: null };
  }

  async member(tier: AccessLevel): Promise<Caller> {
    const user = await insertMember(this.database, `conformance-${tier}-${++sequence}`, tier);
    return { label: `a signed-in ${tier} member`, user };
  }

  async key(tier: AccessLevel): Promise<Caller> {
    const { user } = await this.member(tier);
    const { secret } = await createApiKey(this.database, user!.id, "conformance", NOW);
    return { label: `a ${tier} member's API key`, user, authorization: `Bearer ${secret}`, keyCheck: ROOMY };
  }

  unknownKey(): Caller {
    return { label: "an unknown API key", user: null, authorization: `Bearer ib_${"A".repeat(43)}`, keyCheck: ROOMY };
  }

  /** A premium key whose minute is spent: the next call is refused 429. */
  async keySpentForTheMinute(): Promise<Caller> {
    const caller = await this.key("premium");
    await authenticateApiKey(this.database, caller.authorization!, ONE_A_MINUTE);
    return { ...caller, label: "a premium key past its per-minute limit", keyCheck: ONE_A_MINUTE };
  }

  /** A premium key whose month of API calls is spent. */
  async keySpentForTheMonth(): Promise<Caller> {
    const caller = await this.key("premium");
    await this.spend(caller.user!, API_CALL, NOW);
    return { ...caller, label: "a premium key past its monthly API calls" };
  }

  /** Sets this month's counter of `action` to the member's limit (views, exports, AI requests: see quotaLimits). */
  async spend(user: SessionUser, action: UsageAction, now = new Date()): Promise<void> {
    const { tiers } = await getTierDefinitions(this.database);
    const limits = quotaLimits(user.tier, tiers[user.tier]);
    const count =
      action === API_CALL
        ? limits.apiCalls
        : action === "company_view"
          ? limits.views
          : action === "data_export"
            ? limits.exports
            : limits.aiRequests;
    const { year, month } = usageMonthKey(now);
    await this.database.db
      .insert(usageCounters)
      .values({ userId: user.id, year, month, action, count, lastUpdated: now })
      .onConflictDoUpdate({
        target: [usageCounters.userId, usageCounters.year, usageCounters.month, usageCounters.action],
        set: { count },
      });
  }
}

/** The call as `caller` makes it. */
export function as(caller: Caller, call: Omit<ApiCall, "user" | "authorization">): ApiCall {
  return {
    ...call,
    user: caller.authorization !== undefined ? null : caller.user,
    ...(caller.authorization !== undefined ? { authorization: caller.authorization } : {}),
  };
}

/**
 * A conformance test's start: the demo listings, the fixture's people and keys, and the OpenAPI document as clients
 * get it, from the route that serves it.
 */
export async function startConformance(database: Database): Promise<{ fx: Fixture; check: OpenApiCheck }> {
  await seedListings(database, 60);
  const fx = new Fixture(database);
  await fx.load();
  const served = await callApi(database, { method: "GET", url: "/api/openapi.json" }, ROOMY);
  return { fx, check: new OpenApiCheck((await served.json()) as Json) };
}
