/**
 * Webhook deliveries as the app's endpoint receives them: signed so that the official client's constructEvent
 * verifies them, retried until answered, and shaped by the controls (delayed, duplicated, reordered, corrupted,
 * sent to every endpoint at once), which are driven here over the control API as the browser suite will drive them.
 */
import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { START, startFixture, startReceiver, type Fixture, type Receiver } from "./fake-test-support.ts";

let f: Fixture;
const extra: Receiver[] = [];
afterEach(async () => {
  await f.close();
  for (const r of extra.splice(0)) await r.close();
});

const control = (path: string, body?: unknown, token = f.fake.controlToken) =>
  fetch(`${f.fake.url}/__control${path}`, {
    method: body === undefined ? "GET" : path === "/webhooks/endpoints" ? "PUT" : "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Waits for something the fake does asynchronously (a delivery); a hang guard, not a timing assertion. */
async function until(condition: () => boolean) {
  for (let i = 0; i < 2000 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

const ids = (r: Receiver) => r.received.map((x) => (JSON.parse(x.body) as { id: string }).id);

describe("signatures", () => {
  it("signs each delivery so that constructEvent verifies it with the endpoint's secret, and with no other", async () => {
    f = await startFixture();
    const customer = await f.stripe.customers.create({ email: "sig@example.com" });
    await f.fake.settled();
    const [delivery] = f.receiver.received;
    expect(delivery!.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(delivery!.headers["user-agent"]).toBe("Stripe/1.0 (+https://stripe.com/docs/webhooks)");
    expect(delivery!.headers["stripe-signature"]).toMatch(new RegExp(`^t=${START},v1=[0-9a-f]{64}$`));
    expect(delivery!.body).toContain('\n  "object": "event"');
    const event = f.verify(delivery!);
    expect(event).toMatchObject({
      type: "customer.created",
      api_version: Stripe.API_VERSION,
      livemode: false,
      data: { object: { id: customer.id } },
    });
    expect(event.request).toMatchObject({ id: expect.stringMatching(/^req_/) });
    expect(() => f.verify(delivery!, "whsec_someone_else")).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() =>
      f.stripe.webhooks.constructEvent(
        delivery!.body,
        String(delivery!.headers["stripe-signature"]),
        f.fake.webhookSecret,
        300,
        undefined,
        START_PLUS(301),
      ),
    ).toThrow(/tolerance/);
  });
});

const START_PLUS = (seconds: number) => (START + seconds) * 1000;

describe("retries", () => {
  it("retries a failed delivery until the endpoint answers 2xx, and stops after the last attempt", async () => {
    f = await startFixture({ maxAttempts: 3, retryDelaysMs: [1, 1] });
    f.receiver.answers.push(500, 503);
    await f.stripe.customers.create({ email: "one@example.com" });
    await f.fake.settled();
    expect(f.fake.deliveries.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    expect(new Set(ids(f.receiver)).size).toBe(1);
    f.receiver.answers.push(500, 500, 500, 500);
    await f.stripe.customers.create({ email: "two@example.com" });
    await f.fake.settled();
    expect(f.fake.deliveries.slice(3).map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
    ]);
  });

  it("counts no answer within the timeout as a failure and tries again", async () => {
    f = await startFixture({ deliveryTimeoutMs: 100 });
    f.receiver.answers.push(() => new Promise<number>(() => {}));
    await f.stripe.customers.create({ email: "slow@example.com" });
    await f.fake.settled();
    expect(f.fake.deliveries.map((d) => [d.status, d.error])).toEqual([
      [null, "no answer within 100 ms"],
      [200, null],
    ]);
  });
});

describe("controls", () => {
  it("refuses the control API without its token, and a body it cannot read", async () => {
    f = await startFixture();
    expect((await control("/state", undefined, "wrong")).status).toBe(401);
    expect((await fetch(`${f.fake.url}/__control/state`)).status).toBe(401);
    const bad = await control("/webhooks/corrupt", { mode: "nonsense" });
    expect(bad.status).toBe(400);
    expect((await control("/nothing", {})).status).toBe(404);
    expect((await control("/clock/advance", { to: START - 1 })).status).toBe(400);
  });

  it("holds deliveries while delayed, then sends them in order when released", async () => {
    f = await startFixture();
    expect((await control("/webhooks/delay", { ms: 600_000, times: 1 })).status).toBe(200);
    const other = await startReceiver();
    extra.push(other);
    expect((await control("/webhooks/endpoints", { urls: [f.receiver.url, other.url] })).status).toBe(200);
    await f.stripe.customers.create({ email: "a@example.com" });
    await f.stripe.customers.create({ email: "b@example.com" });
    // The first delivery (to the first endpoint) is held, and the first endpoint's later events queue behind it.
    await until(() => other.received.length === 2);
    expect(f.receiver.received).toHaveLength(0);
    await control("/webhooks/release", {});
    await f.fake.settled();
    expect(ids(f.receiver)).toEqual(ids(other));
  });

  it("delivers an event twice, reorders a batch, and corrupts signatures, payloads, timestamps and headers", async () => {
    f = await startFixture();
    await control("/webhooks/duplicate", { times: 1 });
    await f.stripe.customers.create({ email: "dup@example.com" });
    await f.fake.settled();
    expect(f.receiver.received.map((r) => f.verify(r).id)).toEqual([ids(f.receiver)[0], ids(f.receiver)[0]]);

    f.receiver.received.length = 0;
    await control("/webhooks/reorder", { count: 3 });
    for (const email of ["1@x.example", "2@x.example", "3@x.example"]) await f.stripe.customers.create({ email });
    await f.fake.settled();
    expect(f.receiver.received.map((r) => (f.verify(r).data.object as Stripe.Customer).email)).toEqual([
      "3@x.example",
      "2@x.example",
      "1@x.example",
    ]);

    const messages: string[] = [];
    for (const mode of ["signature", "payload", "timestamp", "header"]) {
      f.receiver.received.length = 0;
      await control("/webhooks/corrupt", { mode, times: 1 });
      await f.stripe.customers.create({ email: `${mode}@example.com` });
      await f.stripe.customers.create({ email: `fine-${mode}@example.com` });
      await f.fake.settled();
      try {
        f.verify(f.receiver.received[0]!);
        messages.push(`${mode}: verified`);
      } catch (error) {
        expect(error).toBeInstanceOf(Stripe.errors.StripeSignatureVerificationError);
        messages.push(`${mode}: refused`);
      }
      expect(f.verify(f.receiver.received[1]!).type).toBe("customer.created");
    }
    expect(messages).toEqual(["signature: refused", "payload: refused", "timestamp: refused", "header: refused"]);
    expect(f.fake.deliveries.filter((d) => d.corrupted).map((d) => d.corrupted)).toEqual(["signature", "payload", "timestamp", "header"]);
  });

  it("sends one event to every endpoint at the same moment", async () => {
    f = await startFixture();
    const other = await startReceiver();
    extra.push(other);
    const customer = await f.stripe.customers.create({ email: "both@example.com" });
    await f.fake.settled();
    const [event] = (await f.stripe.events.list({ type: "customer.created" })).data;
    expect((event!.data.object as Stripe.Customer).id).toBe(customer.id);
    f.fake.setWebhookUrls([f.receiver.url, other.url]);
    f.receiver.received.length = 0;
    // Each endpoint answers only once both have the request: sent one after the other, the first would never answer.
    let arrived = 0;
    let both: () => void = () => {};
    const barrier = new Promise<void>((resolve) => (both = resolve));
    const hold = async () => {
      arrived += 1;
      if (arrived === 2) both();
      await barrier;
      return 200;
    };
    f.receiver.answers.push(hold);
    other.answers.push(hold);
    const res = await control(`/events/${event!.id}/deliver`, { copies: 1 });
    const { deliveries } = (await res.json()) as { deliveries: Array<{ endpoint: string; status: number }> };
    expect(deliveries.map((d) => [d.endpoint, d.status])).toEqual([
      [f.receiver.url, 200],
      [other.url, 200],
    ]);
    expect(f.verify(f.receiver.received[0]!).id).toBe(event!.id);
    expect(f.verify(other.received[0]!).id).toBe(event!.id);
  });

  it("lists deliveries and API calls, moves the clock, switches a card, and resets to the seeded prices", async () => {
    f = await startFixture();
    await f.stripe.customers.create({ email: "x@example.com" });
    await f.fake.settled();
    const listed = (await (await control("/deliveries")).json()) as { deliveries: Array<{ type: string; status: number }> };
    expect(listed.deliveries).toEqual([expect.objectContaining({ type: "customer.created", status: 200, attempt: 1 })]);
    const calls = (await (await control("/requests")).json()) as { requests: Array<{ method: string; path: string; status: number }> };
    expect(calls.requests).toEqual([expect.objectContaining({ method: "POST", path: "/v1/customers", status: 200 })]);
    const moved = (await (await control("/clock/advance", { seconds: 3600 })).json()) as { now: number };
    expect(moved.now).toBe(START + 3600);
    expect((await control("/payment-methods/pm_missing/card", { number: "4000000000000341" })).status).toBe(404);
    expect((await control("/reset", {})).status).toBe(200);
    expect((await f.stripe.customers.list()).data).toHaveLength(0);
    expect((await f.stripe.prices.list()).data).toHaveLength(6);
    expect(((await (await control("/state")).json()) as { now: number }).now).toBe(START);
    expect((await (await fetch(`${f.fake.url}/healthz`)).json()).ok).toBe(true);
  });
});
