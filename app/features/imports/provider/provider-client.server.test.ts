import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeProvider, type FakeProvider } from "../../../../tests/fakes/lead-provider.ts";
import { FUNDING_COUNT } from "../../../../tests/fakes/lead-provider-fixtures.ts";
import { fetchAllowing } from "../../../../tests/support/allow-local.ts";
import { manualTimeLimits } from "../../../../tests/support/manual-time-limits.ts";
import { createProviderClient, ProviderError, type ProviderClientOptions } from "./provider-client.server.ts";
import { ProviderQuery } from "./provider-query.ts";

const KEY = "lot_test_secret_key_42";
let fake: FakeProvider;
let waits: number[];

beforeAll(async () => {
  fake = await startFakeProvider({ apiKey: KEY });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.setFault("none");
  fake.setEnvelope("spec");
  fake.requests.length = 0;
});

/** A client that never really waits: back-off delays are recorded instead. */
function client(options: Partial<ProviderClientOptions> = {}) {
  waits = [];
  return createProviderClient({
    baseUrl: fake.url,
    // The guarded fetch, allowed to reach this test's local provider (and nothing else on loopback).
    fetch: fetchAllowing(options.baseUrl ?? fake.url),
    apiKey: KEY,
    baseDelayMs: 10,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
}

const query = (input: object = {}) => ProviderQuery.parse(input);

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe("provider client against the fake", () => {
  it("fetches a page of checked records, with the key in the header and never in the URL", async () => {
    const page = await client().fetchPage("funding", query({ maxResults: 20 }));
    expect(page.attempts).toBe(1);
    expect(page.records.length + page.dropped).toBe(20);
    expect(page.records[0]).toMatchObject({ company_info: expect.any(Object), investors: expect.any(Array) });
    expect(page.raw).toMatchObject({ message: "OK" });
    expect(fake.requests).toEqual([{ method: "GET", url: "/funding?page=1&maxResults=20", status: 200 }]);
    expect(JSON.stringify(fake.requests)).not.toContain(KEY);
  });

  it("fills `date` from the provider's date_seen", async () => {
    const page = await client().fetchPage("funding", query());
    expect(page.records[0]!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("gives the same records for the same query, pages that do not overlap, and an empty page past the end", async () => {
    const c = client();
    const first = await c.fetchPage("funding", query({ page: 1, maxResults: 50 }));
    const again = await c.fetchPage("funding", query({ page: 1, maxResults: 50 }));
    const second = await c.fetchPage("funding", query({ page: 2, maxResults: 50 }));
    expect(again.raw).toEqual(first.raw);
    const ids = (p: typeof first) => p.records.map((r) => r.id);
    expect(ids(first).filter((id) => ids(second).includes(id))).toEqual([]);
    const past = await c.fetchPage("funding", query({ page: Math.ceil(FUNDING_COUNT / 100) + 1, maxResults: 100 }));
    expect(past).toMatchObject({ records: [], dropped: 0 });
  });

  it("passes the filters on, and the fake honours them", async () => {
    const page = await client().fetchPage(
      "funding",
      query({ category: "FinTech", country: "Germany, France", dateFrom: "2024-01-01", dateTo: "2025-12-31", maxResults: 100 }),
    );
    expect(page.records.length).toBeGreaterThan(0);
    for (const r of page.records) {
      expect(r.company_info.categories).toContain("FinTech");
      expect(["Germany", "France"]).toContain(r.company_info.hq_country);
    }
    expect(fake.requests[0]!.url).toContain("category=FinTech&country=Germany%2CFrance");
    const ma = await client().fetchPage("m-a", query({ round: "Seed" }));
    expect(ma.records.length).toBe(20);
    expect(fake.requests[1]!.url).not.toContain("round");
  });

  it("filters rounds loosely (Series A = series_a) and dates inclusively", async () => {
    const page = await client().fetchPage(
      "funding",
      query({ round: "series_a, Seed", dateFrom: "2025-01-01", dateTo: "2025-06-30", maxResults: 100 }),
    );
    expect(page.records.length).toBeGreaterThan(0);
    for (const r of page.records) {
      expect(["Series A", "Seed"]).toContain(r.round_type);
      expect(r.date! >= "2025-01-01" && r.date! <= "2025-06-30").toBe(true);
    }
  });

  it("accepts the envelope the provider's public client reads", async () => {
    fake.setEnvelope("response");
    const page = await client().fetchPage("m-a", query());
    expect(page.records.length + page.dropped).toBe(20);
    expect(page.raw).toHaveProperty("response.data");
  });

  it("drops records that fail the record schema and counts them", async () => {
    const page = await client().fetchPage("funding", query({ maxResults: 100, page: 1 }));
    const rest = await client().fetchPage("funding", query({ maxResults: 100, page: 2 }));
    expect(page.dropped + rest.dropped).toBeGreaterThan(0);
    expect(page.records.length + page.dropped).toBe(100);
  });

  it("refuses to call without a key", async () => {
    const error = await failure(client({ apiKey: "" }).fetchPage("funding", query()));
    expect(error).toMatchObject({ kind: "missing_key", message: "API key is required", attempts: 0 });
    expect(fake.requests).toEqual([]);
  });

  it("reports a wrong key once, without retrying", async () => {
    const error = await failure(client({ apiKey: "lot_wrong" }).fetchPage("funding", query()));
    expect(error).toMatchObject({ kind: "auth", status: 401, message: "Authentication failed - check API key", attempts: 1 });
    fake.setFault({ mode: "wrong-key" });
    expect(await failure(client().fetchPage("funding", query()))).toMatchObject({ kind: "auth", attempts: 1 });
    expect(fake.requests).toHaveLength(2);
  });

  it("retries a 429, honouring Retry-After, and counts the calls", async () => {
    fake.setFault({ mode: "429", times: 2, retryAfter: 2 });
    const page = await client().fetchPage("funding", query());
    expect(page.attempts).toBe(3);
    expect(waits).toEqual([2000, 2000]);
    expect(fake.requests.map((r) => r.status)).toEqual([429, 429, 200]);
  });

  it("fails at once when Retry-After asks for longer than the longest wait, instead of asking again too soon", async () => {
    fake.setFault({ mode: "429", times: 1, retryAfter: 61 });
    const error = await failure(client().fetchPage("funding", query()));
    expect(error).toMatchObject({ kind: "http", status: 429, attempts: 1, message: "HTTP 429: Too Many Requests" });
    expect(waits).toEqual([]);
  });

  it("retries 500 three times with growing jittered waits, then succeeds", async () => {
    fake.setFault({ mode: "500", times: 3 });
    const page = await client({ random: () => 0.999 }).fetchPage("funding", query());
    expect(page.attempts).toBe(4);
    expect(waits).toEqual([9, 19, 39]);
    const jittered = client({ random: () => 0.5, baseDelayMs: 100 });
    fake.setFault({ mode: "500", times: 2 });
    await jittered.fetchPage("funding", query());
    expect(waits).toEqual([50, 100]);
  });

  it("gives up on a lasting 500 after maxRetries, saying what happened", async () => {
    fake.setFault("500");
    const error = await failure(client({ maxRetries: 3 }).fetchPage("funding", query()));
    expect(error).toMatchObject({ kind: "http", status: 500, attempts: 4 });
    expect(error.message).toBe("HTTP 500: Internal Server Error (after 4 attempts)");
    expect(fake.requests).toHaveLength(4);
  });

  it("retries a slow provider after its timeout, then gives up", async () => {
    // The fake holds each answer back until the call's time limit runs out, which the test does by hand: a call
    // that should be answered is never timed out by a slow machine.
    const limits = manualTimeLimits();
    fake.onHold = () => limits.runOut();
    try {
      fake.setFault("slow");
      const error = await failure(client({ timeoutMs: 100, maxRetries: 2, timeoutSignal: limits.signal }).fetchPage("funding", query()));
      expect(error).toMatchObject({ kind: "timeout", attempts: 3 });
      expect(error.message).toBe("No answer from the provider within 0.1 s (after 3 attempts)");
      fake.setFault({ mode: "slow", times: 1 });
      expect((await client({ timeoutMs: 100, timeoutSignal: limits.signal }).fetchPage("funding", query())).attempts).toBe(2);
      expect(limits.started).toBe(5);
    } finally {
      fake.onHold = null;
    }
  });

  it("gives up on a held answer by its real time limit", async () => {
    fake.setFault("slow");
    const error = await failure(client({ timeoutMs: 50, maxRetries: 0 }).fetchPage("funding", query()));
    expect(error).toMatchObject({ kind: "timeout", attempts: 1, message: "No answer from the provider within 0.05 s" });
  });

  it("reports a malformed body as a format error, HTML or JSON of the wrong shape, without retrying", async () => {
    fake.setFault({ mode: "malformed", body: "html" });
    expect(await failure(client().fetchPage("funding", query()))).toMatchObject({
      kind: "format",
      message: "Unexpected response format - API may have changed",
      attempts: 1,
    });
    fake.setFault({ mode: "malformed", body: "json" });
    expect(await failure(client().fetchPage("m-a", query()))).toMatchObject({ kind: "format" });
  });

  it("switches faults over HTTP too", async () => {
    const set = await fetch(`${fake.url}/__fault`, { method: "POST", body: JSON.stringify({ mode: "500", times: 1 }) });
    expect(set.status).toBe(200);
    expect((await client().fetchPage("funding", query())).attempts).toBe(2);
    expect((await fetch(`${fake.url}/__fault`, { method: "POST", body: "{}" })).status).toBe(400);
  });

  it("reports an unreachable provider as retryable", async () => {
    const gone = await startFakeProvider();
    await gone.close();
    const error = await failure(client({ baseUrl: gone.url, maxRetries: 1 }).fetchPage("funding", query()));
    expect(error).toMatchObject({ kind: "timeout", attempts: 2 });
    expect(error.message).toMatch(/^Could not reach the provider/);
  });

  it("never puts the key in an error message or a log line", async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: "debug" },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const messages: string[] = [];
    for (const mode of ["429", "500", "malformed", "wrong-key"] as const) {
      fake.setFault({ mode, times: 2, retryAfter: 0 });
      const error = await client({ logger, maxRetries: 1 })
        .fetchPage("funding", query())
        .catch((e: Error) => e);
      if (error instanceof Error) messages.push(error.message, String(error.stack));
    }
    // A provider that echoes the key back in an error is redacted too.
    const echo = client({
      maxRetries: 0,
      fetch: async () => new Response(`bad key ${KEY}`, { status: 400 }),
    });
    const echoed = await failure(echo.fetchPage("funding", query()));
    expect(echoed.message).toBe("HTTP 400: bad key [key]");
    messages.push(echoed.message);
    expect(lines.length).toBeGreaterThan(0);
    expect([...lines, ...messages].join("\n")).not.toContain(KEY);
  });
});
