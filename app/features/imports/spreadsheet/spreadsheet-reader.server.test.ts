/**
 * The import reader against the local fake of the hosted table API (tests/fakes/spreadsheet-api.ts): paging,
 * the per-base rate limit (the start times the reader decided, on a virtual clock), 429 back-off, expired cursors,
 * errors and the key.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSpreadsheetApi, type SpreadsheetApiFake } from "../../../../tests/fakes/spreadsheet-api.ts";
import { DEMO_API_KEY } from "../../../../tests/fakes/spreadsheet-fixtures.ts";
import { IMPORT_BASE_ID, PNG_1PX, importBase } from "../../../../tests/fakes/spreadsheet-import-fixtures.ts";
import { fetchAllowing } from "../../../../tests/support/allow-local.ts";
import { virtualClock } from "../../../../tests/support/virtual-clock.ts";
import { createSpreadsheetReader, SpreadsheetReadError, type SpreadsheetReaderOptions } from "./spreadsheet-reader.server.ts";

let fake: SpreadsheetApiFake;
let slept: number[];

beforeEach(async () => {
  fake = await startSpreadsheetApi({ bases: [importBase()] });
  slept = [];
});
afterEach(() => fake.stop());

/** A reader whose sleeps are recorded and skipped, unless a test wants real time. */
function reader(options: Partial<SpreadsheetReaderOptions> = {}) {
  return createSpreadsheetReader({
    baseUrl: fake.url,
    apiKey: DEMO_API_KEY,
    baseId: IMPORT_BASE_ID,
    sleep: async (ms) => void slept.push(ms),
    fetch: fetchAllowing(fake.url),
    ...options,
  });
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
    // The reader's clock moves only by the waits it decides on; its start times are read as each request leaves.
    const clock = virtualClock();
    const starts: number[] = [];
    const send = fetchAllowing(fake.url);
    const limited = reader({
      ...clock,
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

  it("waits backoffMs after a 429 and asks for the same page again", async () => {
    fake.faults.rateLimited = 2;
    const records = await collect(reader().listAll("Companies"));
    expect(records).toHaveLength(250);
    expect(slept.filter((ms) => ms === 30_000)).toHaveLength(2);
    expect(listRequests().map((r) => r.status)).toEqual([429, 429, 200, 200, 200]);
    expect(listRequests()[2]!.url).toBe(listRequests()[0]!.url);
  });

  it("gives up with a clear error when 429 does not stop", async () => {
    fake.faults.rateLimited = 100;
    const error = await collect(reader({ backoffMs: 5, maxRateLimitRetries: 2 }).listAll("Companies")).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "rate_limited", status: 429 });
    expect(slept).toEqual([5, 5]);
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
    expect(error).toMatchObject({ code: "cursor_expired", status: 422 });
    expect(count).toBe(100);
    // The first listing and 3 restarts, each losing its cursor on page 2.
    expect(listRequests().map((r) => r.status)).toEqual([200, 422, 200, 422, 200, 422, 200, 422]);
  });

  it("names a wrong key clearly and never repeats it", async () => {
    const wrong = "patWRONG.secret-value-123";
    const error = await collect(reader({ apiKey: wrong }).listAll("Companies")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpreadsheetReadError);
    expect(error).toMatchObject({ code: "auth", status: 401, message: expect.stringMatching(/^Authentication failed - check API key/) });
    expect(JSON.stringify(error) + String(error)).not.toContain(wrong);
  });

  it("reports a missing table as not_found", async () => {
    await expect(collect(reader().listAll("LeadOnTreesJobs"))).rejects.toMatchObject({ code: "not_found", status: 404 });
  });

  it("keeps the key out of network errors", async () => {
    const down = createSpreadsheetReader({
      baseUrl: "http://127.0.0.1:9",
      apiKey: DEMO_API_KEY,
      baseId: IMPORT_BASE_ID,
      fetch: fetchAllowing("http://127.0.0.1:9"),
    });
    const error = await collect(down.listAll("Companies")).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "network" });
    expect(String(error)).not.toContain(DEMO_API_KEY);
  });

  it("gives up on a slow answer with a network error", async () => {
    // The answer never comes: only the reader's time limit can end the wait.
    fake.faults.hold = true;
    const error = await collect(reader({ timeoutMs: 50 }).listAll("Companies")).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "network", message: expect.stringMatching(/no answer within 0.05 s/) });
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
    expect(error).toMatchObject({ code: "attachment_expired", status: 410 });
    expect(String(error)).not.toContain("sig=");
  });

  it("refuses a file over the size limit", async () => {
    await expect(reader({ maxAttachmentBytes: 10 }).fetchAttachment(await logoUrl())).rejects.toMatchObject({ code: "too_large" });
  });
});
