/**
 * API keys on the JSON API (issue 18 §1, decision 0061), through the one check server/app.ts runs for every keyed
 * request: who a key stands for, what refuses it, and that its limits hold under parallel calls. On PGlite the calls
 * interleave on one connection; `npm run test:pg` runs them on many, where a count-then-write would let them through.
 * The same paths over real HTTP: tests/security/api-keys.spec.ts.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "#db/schema/api-keys.ts";
import { usageCounters } from "#db/schema/usage.ts";
import { seedReferenceData } from "#demo/seed-database.ts";
import { API_CALL, usageMonthKey } from "~/features/access/quotas.ts";
import { clearTierDefinitionsCache } from "~/features/access/tier-records.server.ts";
import { getMonthlyUsage } from "~/features/access/usage.server.ts";
import { authenticateApiKey, isKeyedApiPath, type ApiKeyOutcome } from "~/features/api-keys/api-key-auth.server.ts";
import { createApiKey, MAX_ACTIVE_KEYS, revokeApiKey } from "~/features/api-keys/api-keys.server.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { defineRateLimit } from "~/lib/rate-limit.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";

let database: Database;
/** A clock the tests move: the middle of a month, so no call crosses into the next one by accident. */
const NOW = new Date("2031-05-14T10:00:00.000Z");
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
/** Big enough that only the tests about it meet it. */
const ROOMY = defineRateLimit({ name: "api-calls-test", limit: 10_000, windowSeconds: 60 });

beforeAll(async () => {
  database = await openTestDatabase();
  // The tier records, as on every site: what a plan grants is read from them.
  await seedReferenceData(database);
});

afterAll(async () => {
  await database?.close();
});

const check = (header: string, options: { now?: Date; perMinute?: typeof ROOMY } = {}) =>
  authenticateApiKey(database, header, { now: NOW, perMinute: ROOMY, ...options });

function refused(outcome: ApiKeyOutcome): Extract<ApiKeyOutcome, { ok: false }> {
  if (outcome.ok) throw new Error("expected a refusal");
  return outcome;
}

async function keyOf(id: string, tier: "public" | "subscriber" | "premium" = "premium", role: "user" | "admin" = "user") {
  await insertMember(database, id, tier, role);
  const { secret } = await createApiKey(database, id, `${id}'s key`, NOW);
  return { id, secret, header: `Bearer ${secret}` };
}

async function setApiCalls(userId: string, count: number) {
  const { year, month } = usageMonthKey(NOW);
  await database.db
    .insert(usageCounters)
    .values({ userId, year, month, action: API_CALL, count, lastUpdated: NOW })
    .onConflictDoUpdate({ target: [usageCounters.userId, usageCounters.year, usageCounters.month, usageCounters.action], set: { count } });
}

describe("which paths a key stands for its owner on", () => {
  it.each(["/api/listings", "/api/listings/startup/acme", "/api/reference", "/api/intro-requests"])("%s", (path) => {
    expect(isKeyedApiPath(path)).toBe(true);
  });
  it.each([
    "/api/admin/audit-log",
    "/API/ADMIN/audit-log",
    "/api/debug/whoami",
    "/api/auth/me",
    "/api/billing/choose-plan",
    "/api/openapi.json",
    "/settings",
    "/listings",
  ])("not %s", (path) => {
    expect(isKeyedApiPath(path)).toBe(false);
  });
});

describe("a key", () => {
  it("stands for its owner with their tier, never as an admin, and counts one api_call", async () => {
    const { id, header } = await keyOf("key-admin-owner", "premium", "admin");
    const outcome = await check(header);
    expect(outcome).toMatchObject({ ok: true, user: { id, tier: "premium", role: "user" } });
    expect((await getMonthlyUsage(database, id, NOW))[API_CALL]).toBe(1);
    expect(outcome.headers["RateLimit-Policy"]).toBe('"minute";q=10000;w=60, "month";q=10000;w=2678400');
    expect(outcome.headers.RateLimit).toMatch(/^"minute";r=9999;t=60, "month";r=9999;t=\d+$/);
  });

  it("is stored only as its hash", async () => {
    const { id, secret } = await keyOf("key-stored");
    const rows = await database.rows<Record<string, unknown>>(sql`SELECT * FROM api_keys WHERE user_id = ${id}`);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(11));
  });

  it.each([
    ["empty", ""],
    ["the scheme alone", "Bearer"],
    ["another scheme", "Basic dXNlcjpwYXNz"],
    ["a key of the wrong form", "Bearer ib_short"],
    ["unicode", `Bearer ib_${"ü".repeat(43)}`],
    ["a huge value", `Bearer ib_${"a".repeat(50_000)}`],
  ])("refuses %s with 401 and WWW-Authenticate, counting nothing", async (_, header) => {
    const outcome = refused(await check(header));
    expect(outcome.status).toBe(401);
    expect(outcome.headers["WWW-Authenticate"]).toMatch(/^Bearer realm="Introbase API"/);
    expect(outcome.message.length).toBeLessThan(200);
  });

  it("unknown: 401, saying so", async () => {
    const outcome = refused(await check(`Bearer ib_${"A".repeat(43)}`));
    expect(outcome).toMatchObject({ status: 401, message: expect.stringContaining("Unknown API key") });
  });

  it("revoked: 401 from the next call on, and its owner's other keys keep working", async () => {
    const { id, header } = await keyOf("key-revoked");
    const other = await createApiKey(database, id, "second", NOW);
    expect((await check(header)).ok).toBe(true);
    const [row] = await database.db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, id), eq(apiKeys.name, `${id}'s key`)));
    expect(await revokeApiKey(database, id, row!.id, NOW)).toBe(true);
    expect(refused(await check(header))).toMatchObject({ status: 401, message: expect.stringContaining("revoked") });
    expect((await check(`Bearer ${other.secret}`)).ok).toBe(true);
  });

  it("cannot be revoked by another member", async () => {
    const { id, header } = await keyOf("key-victim");
    await insertMember(database, "key-thief", "premium");
    const [row] = await database.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, id));
    expect(await revokeApiKey(database, "key-thief", row!.id, NOW)).toBe(false);
    expect((await check(header)).ok).toBe(true);
  });

  it("of a plan without API access: 403, and no call counted", async () => {
    const { id, header } = await keyOf("key-subscriber", "subscriber");
    expect(refused(await check(header))).toMatchObject({ status: 403, message: expect.stringContaining("does not include API access") });
    expect((await getMonthlyUsage(database, id, NOW))[API_CALL]).toBeUndefined();
  });

  it("follows its owner's tier as it is now: a downgrade refuses the key at the next call", async () => {
    const { id, header } = await keyOf("key-downgraded", "premium");
    expect((await check(header)).ok).toBe(true);
    await database.rows(sql`UPDATE users SET tier = 'public' WHERE id = ${id}`);
    expect(refused(await check(header)).status).toBe(403);
  });

  it("of a subscriber, when the subscriber plan grants API access, stands for a subscriber", async () => {
    await database.rows(sql`UPDATE visibility_levels SET api_access_allowed = true WHERE name = 'subscriber'`);
    clearTierDefinitionsCache(database);
    try {
      const { header } = await keyOf("key-subscriber-api", "subscriber");
      expect(await check(header)).toMatchObject({ ok: true, user: { tier: "subscriber", role: "user" } });
    } finally {
      await database.rows(sql`UPDATE visibility_levels SET api_access_allowed = false WHERE name = 'subscriber'`);
      clearTierDefinitionsCache(database);
    }
  });

  it("writes last_used_at at most once a minute", async () => {
    const { id, header } = await keyOf("key-last-used");
    const lastUsed = async () => (await database.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.userId, id)))[0]!.at;
    expect(await lastUsed()).toBeNull();
    await check(header, { now: at(0) });
    expect(await lastUsed()).toEqual(at(0));
    await check(header, { now: at(59) });
    expect(await lastUsed()).toEqual(at(0));
    await check(header, { now: at(60) });
    expect(await lastUsed()).toEqual(at(60));
  });
});

describe("the per-minute limit", () => {
  it("refuses the call past it with 429 and Retry-After until the window ends, spending no monthly quota", async () => {
    const perMinute = defineRateLimit({ name: "api-calls-minute", limit: 3, windowSeconds: 60 });
    const { id, header } = await keyOf("key-minute");
    for (let i = 0; i < 3; i++) expect((await check(header, { perMinute, now: at(i) })).ok).toBe(true);
    const outcome = refused(await check(header, { perMinute, now: at(20) }));
    expect(outcome).toMatchObject({ status: 429, message: expect.stringContaining("at most 3 a minute") });
    expect(outcome.headers).toMatchObject({
      "Retry-After": "40",
      "RateLimit-Policy": '"minute";q=3;w=60',
      RateLimit: '"minute";r=0;t=40',
    });
    expect((await getMonthlyUsage(database, id, NOW))[API_CALL]).toBe(3);
    expect((await check(header, { perMinute, now: at(60) })).ok).toBe(true);
  });

  it("is per member: a second key of the same member shares it", async () => {
    const perMinute = defineRateLimit({ name: "api-calls-shared", limit: 2, windowSeconds: 60 });
    const { id, header } = await keyOf("key-minute-shared");
    const second = `Bearer ${(await createApiKey(database, id, "second", NOW)).secret}`;
    expect((await check(header, { perMinute })).ok).toBe(true);
    expect((await check(second, { perMinute })).ok).toBe(true);
    expect(refused(await check(second, { perMinute })).status).toBe(429);
  });
});

describe("the monthly API-calls quota", () => {
  it("refuses once used up, with 429 and Retry-After to the first of next month", async () => {
    const { id, header } = await keyOf("key-month");
    await setApiCalls(id, 9_999);
    expect((await check(header)).headers.RateLimit).toMatch(/, "month";r=0;t=\d+$/);
    const outcome = refused(await check(header));
    // 2031-05-14T10:00Z to 2031-06-01T00:00Z.
    const toJune = String((17 * 24 + 14) * 3600);
    expect(outcome).toMatchObject({ status: 429, message: expect.stringContaining("monthly API calls limit (10000)") });
    expect(outcome.headers).toMatchObject({ "Retry-After": toJune, RateLimit: `"month";r=0;t=${toJune}` });
    expect((await getMonthlyUsage(database, id, NOW))[API_CALL]).toBe(10_000);
  });

  it("cannot be raced past: 30 calls at once with 5 left, exactly 5 answered", async () => {
    const { id, header } = await keyOf("key-race");
    await setApiCalls(id, 9_995);
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => check(header)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(5);
    expect(outcomes.filter((o) => !o.ok).map((o) => refused(o).status)).toEqual(Array(25).fill(429));
    expect((await getMonthlyUsage(database, id, NOW))[API_CALL]).toBe(10_000);
  });

  it("and the per-minute limit cannot either: 20 calls at once under a limit of 4, exactly 4 answered", async () => {
    const perMinute = defineRateLimit({ name: "api-calls-race", limit: 4, windowSeconds: 60 });
    const { header } = await keyOf("key-minute-race");
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => check(header, { perMinute })));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(4);
  });
});

describe("making keys", () => {
  it(`holds at most ${MAX_ACTIVE_KEYS} active keys, however many are asked for at once; revoking one makes room`, async () => {
    await insertMember(database, "key-hoarder", "premium");
    const settled = await Promise.allSettled(Array.from({ length: 15 }, (_, i) => createApiKey(database, "key-hoarder", `key ${i}`, NOW)));
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(MAX_ACTIVE_KEYS);
    for (const s of settled) if (s.status === "rejected") expect(s.reason).toBeInstanceOf(AppError);
    const [one] = await database.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, "key-hoarder")).limit(1);
    await revokeApiKey(database, "key-hoarder", one!.id, NOW);
    await expect(createApiKey(database, "key-hoarder", "one more", NOW)).resolves.toMatchObject({ key: { name: "one more" } });
  });
});
