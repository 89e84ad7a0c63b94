/**
 * Issue 30: payments on a site of two app servers. The payment provider (the local fake of Stripe) delivers every
 * webhook to both servers, separate processes on one PostgreSQL database, and one event is sent again to both at the
 * same moment, twice each: each event must be recorded once and applied once, and the member's plan must be the same
 * whichever server they ask (decision 0079: an event's id is its row; its job is queued in the same transaction).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakePayments, type FakePayments } from "../fakes/payment-provider.ts";
import { CARDS, payCheckout } from "../fakes/payments/fake-test-support.ts";
import { startAppServer, waitUntilReady, type AppServer } from "./support/app-server.ts";
import { Browser } from "./support/browser.ts";
import { createTestDatabase, type TestDatabase } from "./support/database.ts";
import { signIn } from "./support/sign-in.ts";

let database: TestDatabase;
let fake: FakePayments;
const servers: AppServer[] = [];
let a: AppServer;
let b: AppServer;

beforeAll(async () => {
  database = await createTestDatabase("pay");
  fake = await startFakePayments({ port: 3512, retryDelaysMs: [100], maxAttempts: 3 });
  const env = {
    SEED_LISTINGS: "20",
    BILLING_MODE: "stripe",
    STRIPE_SECRET_KEY: fake.apiKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_URL: fake.url,
    OUTBOUND_ALLOWED_PRIVATE_ORIGINS: fake.url,
  };
  a = startAppServer({ name: "A", port: 3510, databaseUrl: database.url, env });
  servers.push(a);
  await waitUntilReady(a);
  b = startAppServer({ name: "B", port: 3511, databaseUrl: database.url, env });
  servers.push(b);
  await waitUntilReady(b);
  fake.setWebhookUrls([`${a.url}/api/billing/webhook`, `${b.url}/api/billing/webhook`]);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await fake?.close();
  await database?.drop();
});

/** Every delivery done, and every recorded event applied by its job, by whichever server claimed it. */
async function applied(): Promise<void> {
  await fake.settled();
  for (let i = 0; i < 600; i++) {
    const [row] = await database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM billing_events WHERE processed_at IS NULL`;
    if (row!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("billing events were not applied");
}

async function tierSeenBy(member: Browser, server: AppServer): Promise<string | undefined> {
  const response = await member.get(server, "/api/auth/me");
  const body = (await response.json()) as { user?: { tier?: string } | null };
  return body.user?.tier;
}

describe("two app servers and the payment provider's webhooks", () => {
  it("an event delivered to both servers, and again to both at the same moment, is recorded and applied once", async () => {
    const member = new Browser();
    await signIn(member, a, "demo-public");
    const chosen = await fetch(new URL("/api/billing/choose-plan", a.url), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: a.url,
        cookie: [...member.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      },
      body: JSON.stringify({ tier: "premium", interval: "monthly", price: 99 }),
    });
    const checkoutUrl = ((await chosen.json()) as { data?: { checkoutUrl?: string } }).data?.checkoutUrl;
    expect(checkoutUrl, "the plan opens the provider's Checkout").toMatch(/^http:\/\/127\.0\.0\.1:3512\//);
    await payCheckout(checkoutUrl!, CARDS.pays);
    await applied();

    // Both servers were sent every event and took it (2xx); each event is one row, applied.
    const delivered = fake.deliveries.filter((d) => !d.copy);
    const events = new Set(delivered.map((d) => d.event));
    expect(events.size).toBeGreaterThanOrEqual(3);
    for (const event of events) {
      const answers = delivered.filter((d) => d.event === event).map((d) => [new URL(d.endpoint).port, d.status]);
      expect(answers.map(([port]) => port).sort(), `event ${event} reached both servers`).toEqual(["3510", "3511"]);
      expect(
        answers.every(([, status]) => typeof status === "number" && status < 300),
        `both servers took ${event}`,
      ).toBe(true);
    }
    const recorded = await database.sql<{ id: string; job_id: string | null }[]>`SELECT id, job_id FROM billing_events`;
    expect(recorded.map((row) => row.id).sort()).toEqual([...events].sort());
    // A billing change gets one job; a type that changes nothing (customer.created) is recorded as ignored, with none.
    const changes = recorded.filter((row) => row.job_id !== null).length;
    expect(changes).toBeGreaterThanOrEqual(3);
    const jobs = async () =>
      (await database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM jobs WHERE job_type = 'billing_event'`)[0]!.n;
    expect(await jobs(), "one job per billing change, whichever server took it first").toBe(changes);

    // The invoice's event again, twice to each server, all four requests started in the same tick.
    const [paid] = await database.sql<{ id: string }[]>`SELECT id FROM billing_events WHERE type = 'invoice.paid' LIMIT 1`;
    const control = await fetch(`${fake.url}/__control/events/${paid!.id}/deliver`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.controlToken}`, "content-type": "application/json" },
      body: JSON.stringify({ copies: 2 }),
    });
    expect(control.status).toBe(200);
    await applied();
    const copies = fake.deliveries.filter((d) => d.copy && d.event === paid!.id);
    expect(copies.map((d) => new URL(d.endpoint).port).sort()).toEqual(["3510", "3510", "3511", "3511"]);
    expect(
      copies.every((d) => typeof d.status === "number" && d.status < 300),
      "a replay is answered 2xx, not refused",
    ).toBe(true);
    expect(await jobs(), "the replays queued nothing").toBe(changes);

    // The member's plan is the same whichever server they ask.
    expect([await tierSeenBy(member, a), await tierSeenBy(member, b)]).toEqual(["premium", "premium"]);
  });
});
