/**
 * The spreadsheet report against the local fake of the API (tests/fakes/spreadsheet-api.ts): the real HTTP calls,
 * only the far end is ours. The client itself is tested in app/lib/spreadsheet-api.server.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startSpreadsheetApi, type SpreadsheetApiFake } from "../../../tests/fakes/spreadsheet-api.ts";
import { DEMO_API_KEY, DEMO_BASE_ID, demoBase } from "../../../tests/fakes/spreadsheet-fixtures.ts";
import { logger } from "~/lib/logger.server.ts";
import { getSpreadsheetReport } from "./spreadsheet-schema.server.ts";
import { fetchAllowing } from "../../../tests/support/allow-local.ts";
import { virtualClock } from "../../../tests/support/virtual-clock.ts";

let fake: SpreadsheetApiFake;
const warnings = vi.spyOn(logger, "warn");

beforeEach(async () => {
  fake = await startSpreadsheetApi();
  warnings.mockClear();
});
afterEach(() => fake.stop());

const config = (overrides: Partial<{ apiKey: string; baseId: string; apiUrl: string }> = {}) => ({
  apiUrl: fake.url,
  apiKey: DEMO_API_KEY,
  baseId: DEMO_BASE_ID,
  ...overrides,
});
/** The report on a virtual clock: its waits (the rate limit, the back-off) take no real time. */
const report = (overrides: Parameters<typeof config>[0] = {}) =>
  getSpreadsheetReport(config(overrides), { ...virtualClock(), fetch: fetchAllowing(overrides.apiUrl ?? fake.url) });
const requestsTo = (table: string) => fake.requests.filter((r) => r.url.startsWith(`/v0/${DEMO_BASE_ID}/${table}?`));

/** Neither the report nor any log line may carry the key. */
function expectNoKey(value: unknown, key = DEMO_API_KEY) {
  expect(JSON.stringify(value)).not.toContain(key);
  expect(JSON.stringify(warnings.mock.calls)).not.toContain(key);
}

describe("getSpreadsheetReport", () => {
  it("reports each spec table with its detection method and record count, reading at most 5 pages of 100", async () => {
    const result = await report();
    expect(result.error).toBeUndefined();
    const table = (name: string) => result.tables.find((t) => t.specName === name);
    expect(table("Companies")).toMatchObject({ exists: true, method: "metadata API", records: { n: 500, more: true } });
    expect(table("Industries")).toMatchObject({ exists: true, records: { n: 6 } });
    expect(table("Industries")?.columns.find((c) => c.name === "LeadsOnTrees Source")).toMatchObject({ detectedType: "checkbox" });
    expect(requestsTo("Companies").map((r) => new URL(r.url, fake.url).searchParams.get("pageSize"))).toEqual([
      "100",
      "100",
      "100",
      "100",
      "100",
    ]);
    expect(result.info).toEqual(
      expect.arrayContaining([
        { label: "Base", value: DEMO_BASE_ID },
        { label: "Field detection", value: "metadata API" },
      ]),
    );
    expectNoKey(result);
  });

  it("reports a table the base lacks as missing with the status and message of reading it", async () => {
    const result = await report();
    expect(result.tables.find((t) => t.specName === "LeadOnTreesJobs")).toMatchObject({
      exists: false,
      records: null,
      problem: { status: 404, message: `TABLE_NOT_FOUND: Could not find table LeadOnTreesJobs in application ${DEMO_BASE_ID}` },
    });
    expect(requestsTo("LeadOnTreesJobs").map((r) => r.url)).toEqual([`/v0/${DEMO_BASE_ID}/LeadOnTreesJobs?pageSize=1`]);
    expect(result.quickFixes[0]).toMatchObject({
      severity: "warning",
      text: expect.stringMatching(/^Table LeadOnTreesJobs could not be read \(HTTP 404: TABLE_NOT_FOUND/),
    });
  });

  it("compares the Companies fields with the spec's Company record", async () => {
    const { companies, quickFixes } = await report();
    expect(companies).toMatchObject({
      table: "Companies",
      method: "metadata API",
      known: 50,
      detected: 50,
      matched: 48,
      notDetected: ["UserLink", "AIAgentExecutions"],
    });
    const byField = Object.fromEntries(companies!.mapping.mapped.map((m) => [m.field, `${m.target} ${m.confidence}`]));
    expect(byField).toMatchObject({
      Name: "Name exact",
      WebsiteUrl: "Website exact",
      "Company LinkedIn": "Company Linkedin case",
      Logo: "Logo Image partial",
    });
    expect(companies!.mapping.extra).toEqual(["Notes", "Investors (rollup)"]);
    expect(quickFixes.map((f) => f.text)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Companies lacks 2 of the 50 known Company fields: UserLink, AIAgentExecutions\./),
        expect.stringMatching(/"Logo Image" for Logo \(partial\), "Company Linkedin" for Company LinkedIn \(case\)/),
      ]),
    );
  });

  it("stops paging at a page that keeps failing, logs it, and keeps what the earlier pages gave", async () => {
    fake.bases.get(DEMO_BASE_ID)!.tables.find((t) => t.name === "Companies")!.fault = {
      fromPage: 3,
      status: 500,
      type: "SERVER_ERROR",
      message: "Try again",
    };
    const result = await report();
    expect(result.tables.find((t) => t.specName === "Companies")).toMatchObject({ exists: true, records: { n: 200, more: true } });
    // The failed page was asked for twice more (an operator waits: quick retries), then reported.
    expect(requestsTo("Companies").map((r) => r.status)).toEqual([200, 200, 500, 500, 500]);
    expect(result.quickFixes.map((f) => f.text)).toContainEqual(
      expect.stringMatching(/^Scanning Companies stopped at page 3 \(HTTP 500: SERVER_ERROR: Try again\)/),
    );
    expect(warnings).toHaveBeenCalledWith(
      expect.objectContaining({ table: "Companies", page: 3, status: 500 }),
      expect.stringMatching(/paging stopped/),
    );
  });

  it("reports a table whose first page cannot be read as missing", async () => {
    fake.bases.get(DEMO_BASE_ID)!.tables.find((t) => t.name === "Users")!.fault = {
      fromPage: 1,
      status: 403,
      type: "NOT_AUTHORIZED",
      message: "No access",
    };
    const users = (await report()).tables.find((t) => t.specName === "Users");
    expect(users).toMatchObject({ exists: false, problem: { status: 403, message: "NOT_AUTHORIZED: No access" } });
  });

  it("falls back to the spec's record scan when the key may not read the schema", async () => {
    fake.bases.get(DEMO_BASE_ID)!.metadataDenied = true;
    const result = await report();
    expect(result.tables.find((t) => t.specName === "Industries")).toMatchObject({
      exists: true,
      method: "record scan",
      records: { n: 6 },
    });
    expect(requestsTo("Industries").map((r) => r.url)).toEqual([
      `/v0/${DEMO_BASE_ID}/Industries?pageSize=1`,
      `/v0/${DEMO_BASE_ID}/Industries?pageSize=100`,
    ]);
    expect(result.tables.find((t) => t.specName === "LeadOnTreesJobs")).toMatchObject({ exists: false, problem: { status: 404 } });
    // Fields empty in every scanned record cannot be seen this way.
    expect(result.companies).toMatchObject({ method: "record scan", notDetected: expect.arrayContaining(["Problem", "AUM", "UserLink"]) });
    expect(result.companies!.matched).toBeLessThan(48);
    expect(result.quickFixes.map((f) => f.text)).toContainEqual(
      expect.stringMatching(/^The metadata API answered HTTP 403: INVALID_PERMISSIONS/),
    );
  });

  it("says once, clearly, that a wrong key is refused, and never shows or logs the key", async () => {
    const wrong = "patWrong.do-not-leak-me";
    const result = await report({ apiKey: wrong });
    expect(result).toMatchObject({
      tables: [],
      companies: null,
      error: expect.stringMatching(/^Authentication failed - check API key \(HTTP 401/),
    });
    expect(fake.requests).toHaveLength(1);
    expectNoKey(result, wrong);
  });

  it("reports an unknown base and an unreachable API as errors", async () => {
    expect((await report({ baseId: "appNoSuchBase" })).tables.find((t) => t.specName === "Companies")?.problem).toEqual({
      status: 404,
      message: "NOT_FOUND",
    });
    const url = fake.url;
    await fake.stop();
    expect((await report({ apiUrl: url })).error).toMatch(/^Could not reach the spreadsheet API at http:\/\/127\.0\.0\.1:\d+: /);
    fake = await startSpreadsheetApi({ bases: [demoBase({ companies: 3 })] });
  });
});
