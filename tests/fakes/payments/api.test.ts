/**
 * The fake's API through the official client: each endpoint the app calls answers in Stripe's shapes, and each
 * refusal is the real one (status, error class, code, param), so code written against the fake holds against Stripe.
 */
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readPriceConfig } from "../payment-provider.ts";
import { STRIPE_API_VERSION } from "./objects.ts";
import { START, startFixture, type Fixture } from "./fake-test-support.ts";

let f: Fixture;
beforeEach(async () => {
  f = await startFixture();
});
afterEach(async () => {
  await f.close();
});

const raw = (path: string, init: RequestInit = {}) =>
  fetch(`${f.fake.url}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${f.fake.apiKey}`, ...(init.headers as Record<string, string>) },
  });

describe("prices and products", () => {
  it("serves the prices of the shared config by lookup key, with their products", async () => {
    const config = readPriceConfig();
    const keys = config.products.flatMap((p) => p.prices.map((x) => x.lookup_key));
    const prices = await f.stripe.prices.list({ lookup_keys: keys, active: true, expand: ["data.product"] });
    expect(prices.data.map((p) => p.lookup_key).sort()).toEqual([...keys].sort());
    const monthly = prices.data.find((p) => p.lookup_key === "introbase_subscriber_monthly")!;
    expect(monthly).toMatchObject({
      object: "price",
      unit_amount: 2900,
      currency: "usd",
      type: "recurring",
      recurring: { interval: "month", interval_count: 1 },
    });
    expect(String(monthly.unit_amount_decimal)).toBe("2900");
    expect((monthly.product as Stripe.Product).name).toBe("Subscriber");
    expect((await f.stripe.prices.retrieve(monthly.id)).lookup_key).toBe("introbase_subscriber_monthly");
    expect((await f.stripe.products.retrieve("prod_IntrobasePremium")).metadata).toEqual({ tier: "premium" });
    const annual = await f.stripe.prices.list({ lookup_keys: ["introbase_premium_annual"] });
    expect(annual.data.map((p) => [p.unit_amount, p.recurring?.interval])).toEqual([[99000, "year"]]);
  });

  it("is written against the API version of the installed client", () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });

  it("answers 404 resource_missing for an unknown price", async () => {
    const error = await f.stripe.prices.retrieve("price_nope").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: "resource_missing", param: "id", message: "No such price: 'price_nope'" });
  });
});

describe("customers", () => {
  it("creates, reads, updates, lists, searches and deletes customers", async () => {
    const created = await f.stripe.customers.create({ email: "ada@example.com", name: "Ada", metadata: { user_id: "u1", plan: "x" } });
    expect(created).toMatchObject({
      object: "customer",
      email: "ada@example.com",
      name: "Ada",
      metadata: { user_id: "u1", plan: "x" },
      created: START,
      livemode: false,
    });
    expect(created.id).toMatch(/^cus_/);
    const updated = await f.stripe.customers.update(created.id, { email: "ada@new.example", metadata: { plan: "", team: "t" } });
    expect(updated.metadata).toEqual({ user_id: "u1", team: "t" });
    expect((await f.stripe.customers.retrieve(created.id)) as Stripe.Customer).toMatchObject({ email: "ada@new.example" });
    await f.stripe.customers.create({ email: "other@example.com" });
    expect((await f.stripe.customers.list({ email: "ada@new.example" })).data.map((c) => c.id)).toEqual([created.id]);
    const found = await f.stripe.customers.search({ query: "metadata['user_id']:'u1'" });
    expect(found.data.map((c) => c.id)).toEqual([created.id]);
    expect(await f.stripe.customers.del(created.id)).toEqual({ id: created.id, object: "customer", deleted: true });
    expect(await f.stripe.customers.retrieve(created.id)).toEqual({ id: created.id, object: "customer", deleted: true });
    const error = await f.stripe.customers.update(created.id, { name: "x" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 404, code: "resource_missing" });
    await f.fake.settled();
    expect(f.types()).toEqual(["customer.created", "customer.updated", "customer.created", "customer.deleted"]);
    const update = f.verify(f.receiver.received[1]!) as Stripe.CustomerUpdatedEvent;
    expect(update.data.previous_attributes).toMatchObject({ email: "ada@example.com" });
  });

  it("pages lists newest first with limit, has_more and starting_after, as auto-paging reads them", async () => {
    for (let i = 0; i < 5; i += 1) await f.stripe.customers.create({ email: `c${i}@example.com` });
    const first = await f.stripe.customers.list({ limit: 2 });
    expect(first).toMatchObject({ object: "list", has_more: true, url: "/v1/customers" });
    expect(first.data.map((c) => c.email)).toEqual(["c4@example.com", "c3@example.com"]);
    const next = await f.stripe.customers.list({ limit: 2, starting_after: first.data[1]!.id });
    expect(next.data.map((c) => c.email)).toEqual(["c2@example.com", "c1@example.com"]);
    expect((await f.stripe.customers.list({ limit: 2 }).autoPagingToArray({ limit: 10 })).length).toBe(5);
    const bad = await f.stripe.customers.list({ limit: 101 }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ statusCode: 400, code: "parameter_invalid_integer", param: "limit" });
  });
});

describe("refusals", () => {
  it("refuses a missing or wrong key with 401", async () => {
    const wrong = new Stripe("sk_test_wrong_key_0000000000", {
      host: f.fake.host,
      port: f.fake.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const error = await wrong.customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, message: `Invalid API Key provided: sk_test_${"*".repeat(16)}0000` });
    const none = await fetch(`${f.fake.url}/v1/customers`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { message: string } }).error.message).toMatch(/^You did not provide an API key/);
  });

  it("names the missing parameter, and an unknown object given as a parameter is a 400", async () => {
    const noMode = await f.stripe.checkout.sessions
      .create({ line_items: [] } as unknown as Stripe.Checkout.SessionCreateParams)
      .catch((e: unknown) => e);
    expect(noMode).toMatchObject({ statusCode: 400, code: "parameter_missing", param: "mode", message: "Missing required param: mode." });
    const [price] = (await f.stripe.prices.list({ lookup_keys: ["introbase_subscriber_monthly"] })).data;
    const noQuantity = await f.stripe.checkout.sessions
      .create({ mode: "subscription", line_items: [{ price: price!.id }] })
      .catch((e: unknown) => e);
    expect(noQuantity).toMatchObject({ statusCode: 400, code: "parameter_missing", param: "line_items[0][quantity]" });
    const noCustomer = await f.stripe.checkout.sessions
      .create({ mode: "subscription", customer: "cus_missing", line_items: [{ price: price!.id, quantity: 1 }] })
      .catch((e: unknown) => e);
    expect(noCustomer).toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "customer",
      message: "No such customer: 'cus_missing'",
    });
    const both = await f.stripe.checkout.sessions
      .create({
        mode: "subscription",
        customer: (await f.stripe.customers.create({})).id,
        customer_email: "a@b.c",
        line_items: [{ price: price!.id, quantity: 1 }],
      })
      .catch((e: unknown) => e);
    expect(both).toMatchObject({ statusCode: 400, code: "parameters_exclusive" });
    const unknownPath = await raw("/v1/nothing-here");
    expect(unknownPath.status).toBe(404);
    expect(await unknownPath.json()).toMatchObject({
      error: { type: "invalid_request_error", message: expect.stringMatching(/^Unrecognized request URL \(GET: \/v1\/nothing-here\)/) },
    });
  });

  it("replays an idempotent request and refuses the key with other parameters", async () => {
    const first = await f.stripe.customers.create({ email: "once@example.com" }, { idempotencyKey: "key-1" });
    const again = await f.stripe.customers.create({ email: "once@example.com" }, { idempotencyKey: "key-1" });
    expect(again.id).toBe(first.id);
    expect((await f.stripe.customers.list({ email: "once@example.com" })).data).toHaveLength(1);
    const replay = await raw("/v1/customers", {
      method: "POST",
      headers: { "Idempotency-Key": "key-1", "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=once%40example.com",
    });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const other = await f.stripe.customers.create({ email: "twice@example.com" }, { idempotencyKey: "key-1" }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other).toMatchObject({
      statusCode: 400,
      type: "StripeIdempotencyError",
      message: expect.stringContaining("Keys for idempotent requests can only be used with the same parameters"),
    });
  });

  it("reads bracket notation as curl sends it (expand[]=…, lookup_keys[]=…)", async () => {
    const res = await raw("/v1/prices?lookup_keys[]=introbase_premium_monthly&expand[]=data.product");
    const body = (await res.json()) as { data: Array<{ unit_amount: number; product: { object: string } }> };
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ unit_amount: 9900, product: { object: "product" } });
    const bad = await raw("/v1/prices?expand[]=data.nothing");
    expect(bad.status).toBe(400);
  });
});

describe("API faults", () => {
  it("fails the next calls of a path with 500, which the client's retry gets past without doing it twice", async () => {
    const retrying = new Stripe(f.fake.apiKey, { host: f.fake.host, port: f.fake.port, protocol: "http", maxNetworkRetries: 2 });
    f.fake.faults.push({ path: "/v1/customers", method: "POST", status: 500, times: 2 });
    // The client waits at least its initial retry delay (0.5 s) between attempts: two retries take about a second.
    const customer = await retrying.customers.create({ email: "retry@example.com" });
    expect(customer.email).toBe("retry@example.com");
    const posts = f.fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/customers");
    expect(posts.map((r) => r.status)).toEqual([500, 500, 200]);
    expect(new Set(posts.map((r) => r.idempotencyKey)).size).toBe(1);
    expect((await f.stripe.customers.list({ email: "retry@example.com" })).data).toHaveLength(1);
  });

  it("answers 429 with Retry-After, only on the path it was set for", async () => {
    f.fake.faults.push({ path: "/v1/checkout/sessions", status: 429, times: 1, retryAfter: 7 });
    expect((await f.stripe.customers.list()).object).toBe("list");
    const res = await raw("/v1/checkout/sessions");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
    expect(await res.json()).toMatchObject({ error: { code: "rate_limit" } });
    expect((await raw("/v1/checkout/sessions")).status).toBe(200);
  });
});
