/** "AI summary" against a real database and the AI fake: what the prompt carries for each tier, and what is counted. */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { seedListings } from "#demo/seed-database.ts";
import { startFakeAiProvider, type FakeAiProvider } from "../../../tests/fakes/ai-provider.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { getMonthlyUsage, recordUsage, type UsageSubject } from "../access/usage.server.ts";
import { viewProfile } from "../profiles/view-profile.server.ts";
import { AiProviderError, createAiClient } from "./ai-client.server.ts";
import { summarizeListing } from "./summarize-listing.server.ts";

let database: Database;
let fake: FakeAiProvider;
/** A listing a subscriber may open, whose problem statement this test makes premium-only on the listing itself. */
let listing: { type: "startup"; slug: string; useCases: string[] };
const PREMIUM_PROBLEM = "Zebra-quartz premium problem statement 7731: only premium members may read this.";

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
  fake = await startFakeAiProvider({ apiKey: "sk-summary-test" });
  // Key use cases are premium-only by the demo's global rule and the problem public by it; the listing's own setting
  // (which wins over the global rule) makes both premium here, whatever the demo data says for this listing.
  const [row] = await database.rows<{ slug: string }>(sql`
    SELECT l.slug FROM listings l WHERE l.type = 'startup' AND l.visibility IN ('public', 'subscriber')
      AND EXISTS (SELECT 1 FROM key_use_cases k WHERE k.listing_id = l.id)
    ORDER BY l.name LIMIT 1`);
  if (!row) throw new Error("the demo data has no startup with key use cases that a subscriber may open");
  await database.rows(sql`
    UPDATE listings SET problem = ${PREMIUM_PROBLEM}, field_visibility = field_visibility || '{"problem": "premium", "keyUseCases": "premium"}'::jsonb
    WHERE type = 'startup' AND slug = ${row.slug}`);
  const useCases = await database.rows<{ title: string }>(sql`
    SELECT k.title FROM key_use_cases k JOIN listings l ON l.id = k.listing_id WHERE l.type = 'startup' AND l.slug = ${row.slug}`);
  listing = { type: "startup", slug: row.slug, useCases: useCases.map((u) => u.title) };
});

afterAll(async () => {
  await fake?.close();
  await database?.close();
});

afterEach(() => {
  fake.setFault("none");
  fake.requests.length = 0;
});

const client = () =>
  createAiClient({ baseUrl: fake.url, apiKey: "sk-summary-test", model: "test-model", timeoutMs: 5_000, privateOrigins: [fake.origin] });

async function member(id: string, tier: UsageSubject["tier"]): Promise<UsageSubject> {
  await database.db
    .insert(users)
    .values({ id, name: id, email: `${id}@test.introbase.test`, tier })
    .onConflictDoNothing();
  return { id, tier };
}

/** The member's summary, made the way the endpoint makes it: from viewProfile's answer for them. */
async function summaryFor(subject: UsageSubject) {
  const view = await viewProfile(database, listing.type, listing.slug, { tier: subject.tier }, subject);
  if (view.status !== "ok") throw new Error(`the test listing is ${view.status} for ${subject.tier}`);
  return summarizeListing(database, { client: client(), member: subject, listing: view.listing });
}

/** Everything the fake received, as one string. */
const received = () => JSON.stringify(fake.requests.map((r) => r.body));

describe("the prompt carries only what the member may see", () => {
  it("a subscriber's prompt has neither the premium-only problem nor the premium-only key use cases", async () => {
    const outcome = await summaryFor(await member("sum-subscriber", "subscriber"));
    expect(outcome.status).toBe("ok");
    expect(fake.requests).toHaveLength(1);
    const prompt = received();
    expect(prompt).not.toContain("Zebra-quartz");
    for (const title of listing.useCases) expect(prompt).not.toContain(title);
    expect(prompt).not.toMatch(/Problem:|Key use cases:/);
    // What a subscriber does see is there: the listing's name and the subscriber-level fields.
    expect(prompt).toContain("Name: ");
  });

  it("a premium member's prompt has both (so the test above would see them if the gate leaked)", async () => {
    await summaryFor(await member("sum-premium", "premium"));
    const prompt = received();
    expect(prompt).toContain(PREMIUM_PROBLEM);
    for (const title of listing.useCases) expect(prompt).toContain(title);
  });
});

describe("what is counted", () => {
  it("one ai_summary and the tokens the provider reported", async () => {
    const priya = await member("sum-counted", "premium");
    const outcome = await summaryFor(priya);
    expect(outcome).toMatchObject({ status: "ok", summary: expect.stringContaining("a summary written by the local AI fake") });
    const usage = await getMonthlyUsage(database, priya.id);
    expect(usage.ai_summary).toBe(1);
    const prompt = fake.requests[0]!.body!.messages!.map((m) => m.content).join("\n");
    expect(usage.ai_tokens).toBe(Math.ceil(prompt.length / 4) + Math.ceil((outcome.status === "ok" ? outcome.summary : "").length / 4));
    expect(outcome.status === "ok" && outcome.quota).toMatchObject({ used: 1, limit: 500, remaining: 499 });
  });

  it("a provider failure is not charged: the unit comes back and no tokens are counted", async () => {
    const sam = await member("sum-failed", "subscriber");
    fake.setFault("500");
    await expect(summaryFor(sam)).rejects.toBeInstanceOf(AiProviderError);
    const usage = await getMonthlyUsage(database, sam.id);
    expect(usage.ai_summary ?? 0).toBe(0);
    expect(usage.ai_tokens).toBeUndefined();
  });

  it("with the month's AI requests spent (any kind), the provider is not asked", async () => {
    const sam = await member("sum-spent", "subscriber");
    expect(await recordUsage(database, sam, "ai_intro_message", { amount: 50 })).toMatchObject({ allowed: true });
    const outcome = await summaryFor(sam);
    expect(outcome).toMatchObject({ status: "quota_exceeded", quota: { used: 50, limit: 50, remaining: 0 } });
    expect(fake.requests).toHaveLength(0);
    expect((await getMonthlyUsage(database, sam.id)).ai_summary).toBeUndefined();
  });

  it("parallel requests of two kinds cannot spend more than the quota together", async () => {
    const sam = await member("sum-race", "subscriber");
    await recordUsage(database, sam, "ai_summary", { amount: 45 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => recordUsage(database, sam, i % 2 ? "ai_summary" : "ai_intro_message")),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const usage = await getMonthlyUsage(database, sam.id);
    expect((usage.ai_summary ?? 0) + (usage.ai_intro_message ?? 0)).toBe(50);
  });
});
