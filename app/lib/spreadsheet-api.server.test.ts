/**
 * The spreadsheet API client against the local fake of the hosted table API (tests/fakes/spreadsheet-api.ts), the
 * real HTTP calls with only the far end ours: metadata, paging, the per-base rate limit (the start times the client
 * decided, on a virtual clock), the back-off on 429, 5xx and no answer, expired cursors, errors and the key.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSpreadsheetApi, type SpreadsheetApiFake } from "../../tests/fakes/spreadsheet-api.ts";
import { DEMO_API_KEY, DEMO_BASE_ID } from "../../tests/fakes/spreadsheet-fixtures.ts";
import { IMPORT_BASE_ID, PNG_1PX } from "../../tests/fakes/spreadsheet-import-fixtures.ts";
import { fetchAllowing } from "../../tests/support/allow-local.ts";
import { manualTimeLimits } from "../../tests/support/manual-time-limits.ts";
import { virtualClock, type VirtualClock } from "../../tests/support/virtual-clock.ts";
import { AppError } from "./errors.ts";
import {
  createSpreadsheetApi,
  SpreadsheetApiError,
  UNEXPECTED_FORMAT,
  type SpreadsheetApiOptions,
  type SpreadsheetConfig,
} from "./spreadsheet-api.server.ts";

let fake: SpreadsheetApiFake;
let clock: VirtualClock;
let slept: number[];

beforeEach(async () => {
  fake = await startSpreadsheetApi();
  clock = virtualClock();
  slept = clock.slept;
});
afterEach(() => fake.stop());

/** A client of the import base on a virtual clock: its waits are recorded and take no real time. */
function reader(options: SpreadsheetApiOptions = {}, config: Partial<SpreadsheetConfig> = {}) {
  return createSpreadsheetApi(
    { apiUrl: fake.url, apiKey: DEMO_API_KEY, baseId: IMPORT_BASE_ID, ...config },
    { ...clock, fetch: fetchAllowing(config.apiUrl ?? fake.url), ...options },
  );
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const listRequests = () => fake.log.filter((r) => r.url.includes("/Companies?"));

describe("listAll", () => {
  it("follows the offset to the end: 250 records in 3 requests of 100", async () => {
    const records = await collect(reader().listAll("Companies"));
    expect(records).toHaveLength(250);
    expect(new Set(records.map((r) => r.id)).size).toBe(250);
    const urls = listRequests().map((r) => new URL(r.url, fake.url));
    expect(urls.map((u) => u.searchParams.get("pageSize"))).toEqual(["100", "100", "100"]);
    expect(urls.map((u) => u.searchParams.has("offset"))).toEqual([false, true, true]);
  });

  it("asks for chosen fields and a view", async () => {
    await collect(reader().listAll("Industries", { fields: ["Name", "Industry Key"], view: "Grid view" }));
    const url = new URL(fake.log[0]!.url, fake.url);
    expect(url.searchParams.getAll("fields[]")).toEqual(["Name", "Industry Key"]);
    expect(url.searchParams.get("view")).toBe("Grid view");
  });

  it("starts no more than 5 requests in any second, across concurrent listings of one reader", async () => {
    // The client's clock moves only by the waits it decides on; its start times are read as each request leaves.
    const starts: number[] = [];
    const send = fetchAllowing(fake.url);
    const limited = reader({
      fetch: (input, init) => {
        starts.push(clock.now());
        return send(input, init);
      },
    });
    const tables = ["Companies", "Industries", "Countries", "Geographies", "FundingStages", "TargetPersonas", "BusinessModels"];
    await Promise.all(tables.map((t) => collect(limited.listAll(t))));
    expect(fake.log).toHaveLength(9);
    // Five at once, then the rest once the first second (and the 50 ms allowed for transit) has passed.
    expect(starts).toEqual([0, 0, 0, 0, 0, 1050, 1050, 1050, 1050]);
    for (const start of starts) expect(starts.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(5);
    expect(clock.slept).toEqual([1050]);
  });

  it("waits the 30 s the API asks for after a 429 and asks for the same page again", async () => {
    fake.faults.rateLimited = 2;
    const records = await collect(reader().listAll("Companies"));
    expect(records).toHaveLength(250);
    expect(slept.filter((ms) => ms === 30_000)).toHaveLength(2);
    expect(listRequests().map((r) => r.status)).toEqual([429, 429, 200, 200, 200]);
    expect(listRequests()[2]!.url).toBe(listRequests()[0]!.url);
  });

  it("gives up with a clear error when 429 does not stop", async () => {
    fake.faults.rateLimited = 100;
    const error = await collect(reader({ rateLimitWaitMs: 5, retry: { maxRetries: 2 } }).listAll("Companies")).catch((e: unknown) => e);
    expect(error).toMatchObject({
      reason: "rate_limited",
      httpStatus: 429,
      message: expect.stringMatching(/^Still rate limited after retrying \(HTTP 429: RATE_LIMIT_REACHED/),
    });
    expect(slept).toEqual([5, 5]);
    expect(listRequests()).toHaveLength(3);
  });

  it("restarts a listing whose cursor expired and yields every record once", async () => {
    const read = reader();
    const records: string[] = [];
    for await (const record of read.listAll("Companies")) {
      records.push(record.id);
      if (records.length === 150) fake.faults.expireCursors = 1;
    }
    expect(records).toHaveLength(250);
    expect(new Set(records).size).toBe(250);
    expect(listRequests().map((r) => [r.status, r.url.includes("offset")])).toEqual([
      [200, false],
      [200, true],
      [422, true],
      [200, false],
      [200, true],
      [200, true],
    ]);
  });

  it("stops after 3 restarts of a cursor that keeps expiring", async () => {
    fake.faults.expireCursors = 100;
    let count = 0;
    const error = await (async () => {
      for await (const record of reader().listAll("Companies")) if (record) count++;
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "cursor_expired", httpStatus: 422 });
    expect(count).toBe(100);
    // The first listing and 3 restarts, each losing its cursor on page 2.
    expect(listRequests().map((r) => r.status)).toEqual([200, 422, 200, 422, 200, 422, 200, 422]);
  });

  it("names a wrong key clearly and never repeats it", async () => {
    const wrong = "patWRONG.secret-value-123";
    const error = await collect(reader({}, { apiKey: wrong }).listAll("Companies")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpreadsheetApiError);
    expect(error).toMatchObject({
      reason: "auth",
      httpStatus: 401,
      message: expect.stringMatching(/^Authentication failed - check API key/),
    });
    // Asked once: the same key is refused again.
    expect(listRequests()).toHaveLength(1);
    expect(JSON.stringify(error) + String(error)).not.toContain(wrong);
  });

  it("reports a missing table as not_found", async () => {
    await expect(collect(reader().listAll("LeadOnTreesJobs"))).rejects.toMatchObject({ reason: "not_found", httpStatus: 404 });
  });

  it("keeps the key out of network errors", async () => {
    const down = reader({ retry: { maxRetries: 2 } }, { apiUrl: "http://127.0.0.1:9" });
    const error = await collect(down.listAll("Companies")).catch((e: unknown) => e);
    expect(error).toMatchObject({
      reason: "network",
      message: expect.stringMatching(/^Could not reach the spreadsheet API at http:\/\/127.0.0.1:9: /),
    });
    expect(String(error)).not.toContain(DEMO_API_KEY);
    // No answer is worth asking again: twice, after jittered waits below 0.5 s and 1 s.
    expect(slept).toHaveLength(2);
    expect(slept[0]).toBeLessThan(500);
    expect(slept[1]).toBeLessThan(1000);
  });

  it("gives up on a slow answer with a network error, after asking again", async () => {
    // The answer never comes: only the time limit can end the wait, and it runs out when the test says so.
    const limits = manualTimeLimits();
    fake.faults.hold = true;
    fake.onHold = () => limits.runOut();
    const error = await collect(
      reader({ timeoutMs: 50, timeoutSignal: limits.signal, retry: { maxRetries: 1 } }).listAll("Companies"),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "network", message: expect.stringMatching(/no answer within 0.05 s/) });
    expect(limits.started).toBe(2);
  });

  it("asks again after a 5xx, and reports the API's words when it keeps failing", async () => {
    const table = fake.bases.get(IMPORT_BASE_ID)!.tables.find((t) => t.name === "Companies")!;
    table.fault = { fromPage: 2, status: 503, type: "SERVICE_UNAVAILABLE", message: "Try again" };
    const error = await collect(reader({ random: () => 0.5 }).listAll("Companies")).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "http", httpStatus: 503, message: "HTTP 503: SERVICE_UNAVAILABLE: Try again" });
    expect(listRequests().map((r) => r.status)).toEqual([200, 503, 503, 503, 503, 503, 503]);
    // Full jitter below a doubling ceiling (0.5 s, 1 s, ...), drawn at the middle here; the limiter never had to wait.
    expect(slept).toEqual([250, 500, 1000, 2000, 4000]);
  });

  it("is the application's error, a failure of the data source", async () => {
    const error = await collect(reader({}, { apiKey: "wrong" }).listAll("Companies")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "data_source", status: 503 });
  });

  it("sends the key only in the Authorization header", async () => {
    await collect(reader().listAll("Companies"));
    expect(fake.log.length).toBeGreaterThan(0);
    expect(fake.log.every((r) => !r.keyOutsideAuthorization && r.status === 200)).toBe(true);
  });
});

describe("fetchAttachment", () => {
  async function logoUrl() {
    const [first] = await collect(reader().listAll("Companies"));
    return (first!.fields["Logo Image"] as Array<{ url: string }>)[0]!.url;
  }

  it("downloads a file by its signed url, without the key", async () => {
    const file = await reader().fetchAttachment(await logoUrl());
    expect(file).toEqual({ bytes: PNG_1PX, contentType: "image/png" });
    const download = fake.log.find((r) => r.url.startsWith("/files/"))!;
    expect(download).toMatchObject({ status: 200, keyOutsideAuthorization: false });
  });

  it("says when a url has expired, without its signature", async () => {
    fake.faults.attachmentTtlMs = -1;
    const url = await logoUrl();
    const error = await reader()
      .fetchAttachment(url)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "attachment_expired", httpStatus: 410 });
    expect(String(error)).not.toContain("sig=");
  });

  it("refuses a file over the size limit", async () => {
    await expect(reader({ maxAttachmentBytes: 10 }).fetchAttachment(await logoUrl())).rejects.toMatchObject({ reason: "too_large" });
  });
});

describe("the metadata and single pages (the schema diagnostics)", () => {
  const demo = (options: SpreadsheetApiOptions = {}, config: Partial<SpreadsheetConfig> = {}) =>
    reader(options, { baseId: DEMO_BASE_ID, ...config });

  it("reads the tables and their fields from the metadata API", async () => {
    const tables = await demo().listTables();
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["Companies", "Users", "Industries", "Countries", "FundingRounds"]));
    expect(tables.find((t) => t.name === "Industries")?.fields.map((f) => f.name)).toEqual([
      "Name",
      "Primary Category",
      "Secondary Category",
      "Industry Key",
      "LeadsOnTrees Source",
      "Last Updated",
      "Description",
      "Mapping Confidence",
    ]);
    expect(fake.requests[0]).toEqual({ method: "GET", url: `/v0/meta/bases/${DEMO_BASE_ID}/tables`, status: 200 });
  });

  it("pages records by offset", async () => {
    const client = demo();
    const first = await client.listRecords("Companies", { pageSize: 100 });
    const second = await client.listRecords("Companies", { pageSize: 100, offset: first.offset });
    expect(first.records).toHaveLength(100);
    expect(second.records[0]?.id).not.toBe(first.records[0]?.id);
    expect(first.records[0]?.fields).toMatchObject({ Name: "Nimbus Labs", Type: "investor" });
  });

  it("refuses a wrong key with a clear message that does not repeat it", async () => {
    await expect(demo({}, { apiKey: "patWrong.secret-value" }).listTables()).rejects.toMatchObject({
      httpStatus: 401,
      detail: "AUTHENTICATION_REQUIRED: Authentication required",
      message: "Authentication failed - check API key (HTTP 401: AUTHENTICATION_REQUIRED: Authentication required)",
    });
  });

  it("says plainly when the API cannot be reached or answers something else", async () => {
    await fake.stop();
    await expect(demo({ retry: { maxRetries: 0 } }).listTables()).rejects.toThrow(
      new RegExp(`^Could not reach the spreadsheet API at ${fake.url}: fetch failed`),
    );
    fake = await startSpreadsheetApi();
    const html = (async () => new Response("<html>proxy</html>", { status: 200 })) as typeof fetch;
    await expect(demo({ fetch: html }).listTables()).rejects.toThrow(UNEXPECTED_FORMAT);
    const wrongShape = (async () => Response.json({ tables: [{ name: "Companies" }] })) as typeof fetch;
    await expect(demo({ fetch: wrongShape }).listTables()).rejects.toMatchObject({ reason: "format", message: UNEXPECTED_FORMAT });
  });

  it("starts at most 5 requests a second, one after another as well as at once", async () => {
    const starts: number[] = [];
    const send = fetchAllowing(fake.url);
    const client = demo({
      fetch: (input, init) => {
        starts.push(clock.now());
        return send(input, init);
      },
    });
    for (let i = 0; i < 7; i++) await client.listRecords("Users", { pageSize: 1 });
    clock.moveTo(5_000); // a pause longer than the window: the next five need not wait
    for (let i = 0; i < 5; i++) await client.listRecords("Users", { pageSize: 1 });
    expect(starts).toEqual([0, 0, 0, 0, 0, 1050, 1050, 5000, 5000, 5000, 5000, 5000]);
    expect(clock.slept).toEqual([1050]);
  });

  it("honours a Retry-After, and reports a 429 it may not wait for without retrying", async () => {
    let answered = 0;
    const limited = (async () => {
      answered += 1;
      return answered === 1
        ? Response.json({ error: { type: "RATE_LIMIT_REACHED" } }, { status: 429, headers: { "Retry-After": "2" } })
        : Response.json({ tables: [] });
    }) as typeof fetch;
    expect(await demo({ fetch: limited }).listTables()).toEqual([]);
    expect(slept).toEqual([2000]);
    // A page an operator waits on caps its waits at 5 s: the API's 30 s is not waited for.
    fake.faults.rateLimited = 1;
    const error = await demo({ retry: { maxDelayMs: 5_000 } })
      .listRecords("Users", { pageSize: 1 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "rate_limited", httpStatus: 429, message: expect.stringMatching(/^Rate limited \(HTTP 429/) });
    expect(slept).toEqual([2000]);
  });
});
