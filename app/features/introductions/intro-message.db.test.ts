/** "Generate with AI" against a real database and the AI fake: the template without AI, the model's message with it. */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { seedListings } from "#demo/seed-database.ts";
import { startFakeAiProvider, type FakeAiProvider } from "../../../tests/fakes/ai-provider.ts";
import { getMonthlyUsage, recordUsage } from "~/features/access/usage.server.ts";
import { createAiClient } from "~/features/ai/ai-client.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { testUser } from "#test-support/test-route.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { introMessageTemplate } from "./intro-request.ts";
import { writeIntroMessage } from "./intro-message.server.ts";

let database: Database;
let fake: FakeAiProvider;
let startup: { slug: string; name: string; tagline: string; description: string };
let premiumListing: { slug: string; type: "startup" | "investor" | "partner" };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
  fake = await startFakeAiProvider({ apiKey: "sk-intro-test" });
  [startup] = (await database.rows<typeof startup>(sql`
    SELECT slug, name, tagline, description FROM listings
    WHERE type = 'startup' AND visibility = 'public' AND tagline IS NOT NULL AND description IS NOT NULL ORDER BY name LIMIT 1`)) as [
    typeof startup,
  ];
  [premiumListing] = (await database.rows<typeof premiumListing>(sql`
    SELECT slug, type FROM listings WHERE visibility = 'premium' ORDER BY name LIMIT 1`)) as [typeof premiumListing];
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
  createAiClient({ baseUrl: fake.url, apiKey: "sk-intro-test", model: "test-model", timeoutMs: 5_000, privateOrigins: [fake.origin] });

async function member(tier: SessionUser["tier"], id: string): Promise<SessionUser> {
  const user = { ...testUser(tier), id, email: `${id}@test.introbase.test` };
  await database.db.insert(users).values({ id, name: user.name, email: user.email, tier }).onConflictDoNothing();
  return user;
}

const toStartup = () => ({ type: "startup" as const, slug: startup.slug });

describe("the spec's template, and no AI request spent", () => {
  it("without an AI provider, even for a premium member", async () => {
    const priya = await member("premium", "intro-unconfigured");
    const outcome = await writeIntroMessage(database, { client: null, user: priya, recipient: toStartup(), senderName: "Priya" });
    expect(outcome).toEqual({ status: "ok", source: "template", message: introMessageTemplate(startup.name, "startup", "Priya") });
    expect(await getMonthlyUsage(database, priya.id)).toEqual({});
  });

  it("for a plan without AI requests, with a provider configured: the provider is not asked", async () => {
    const pat = await member("public", "intro-public");
    const outcome = await writeIntroMessage(database, { client: client(), user: pat, recipient: toStartup(), senderName: "" });
    expect(outcome).toEqual({ status: "ok", source: "template", message: introMessageTemplate(startup.name, "startup", "") });
    expect(fake.requests).toHaveLength(0);
    expect(await getMonthlyUsage(database, pat.id)).toEqual({});
  });

  it("for a visitor who is not signed in", async () => {
    const outcome = await writeIntroMessage(database, { client: client(), user: null, recipient: toStartup(), senderName: "Vera" });
    expect(outcome).toMatchObject({ source: "template", message: introMessageTemplate(startup.name, "startup", "Vera") });
    expect(fake.requests).toHaveLength(0);
  });
});

describe("with a provider and a plan with AI requests", () => {
  it("the model writes the message from the card's facts and the sender's name, counted as ai_intro_message and ai_tokens", async () => {
    const priya = await member("premium", "intro-ai");
    const outcome = await writeIntroMessage(database, {
      client: client(),
      user: priya,
      recipient: toStartup(),
      senderName: "Priya Premium",
    });
    expect(outcome).toMatchObject({ status: "ok", source: "ai", quota: { used: 1, limit: 500, remaining: 499 } });
    expect(outcome.status === "ok" && outcome.message).toMatch(
      new RegExp(`^Hi ${startup.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} team,`),
    );
    const prompt = fake.requests[0]!.body!.messages!.at(-1)!.content;
    expect(prompt).toContain(`Name: ${startup.name}`);
    expect(prompt).toContain("Sender: Priya Premium");
    // Only what the card shows: not the profile's description, not the member's e-mail address.
    expect(prompt).not.toContain(startup.description.slice(0, 60));
    expect(JSON.stringify(fake.requests)).not.toContain(priya.email);
    const usage = await getMonthlyUsage(database, priya.id);
    expect(usage.ai_intro_message).toBe(1);
    expect(usage.ai_tokens).toBeGreaterThan(0);
  });

  it("the quota message when the month's AI requests are spent, and nothing asked", async () => {
    const sam = await member("subscriber", "intro-spent");
    await recordUsage(database, { id: sam.id, tier: "subscriber" }, "ai_summary", { amount: 50 });
    const outcome = await writeIntroMessage(database, { client: client(), user: sam, recipient: toStartup(), senderName: "Sam" });
    expect(outcome).toMatchObject({ status: "quota_exceeded", quota: { used: 50, remaining: 0 } });
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses a listing above the member's plan, as the request itself would be", async () => {
    const sam = await member("subscriber", "intro-above");
    const refused = await writeIntroMessage(database, { client: client(), user: sam, recipient: premiumListing, senderName: "Sam" }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "forbidden" });
    expect(fake.requests).toHaveLength(0);
  });
});
