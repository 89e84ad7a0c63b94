/** The whole report: our database always, the spreadsheet base only when its key and base id are both set. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSpreadsheetApi, type SpreadsheetApiFake } from "../../../tests/fakes/spreadsheet-api.ts";
import { DEMO_API_KEY, DEMO_BASE_ID } from "../../../tests/fakes/spreadsheet-fixtures.ts";
import { fetchAllowing } from "../../../tests/support/allow-local.ts";
import { virtualClock } from "../../../tests/support/virtual-clock.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { unreachableDatabase } from "#test-support/test-route.ts";
import { runDiagnostics, spreadsheetConfig } from "./run-diagnostics.server.ts";

const NOT_SET = { SPREADSHEET_API_URL: "https://api.airtable.com", SPREADSHEET_API_KEY: undefined, SPREADSHEET_BASE_ID: undefined };

describe("spreadsheetConfig", () => {
  it("needs both the key and the base id, and names what is missing", () => {
    expect(spreadsheetConfig(NOT_SET)).toEqual({ missing: ["SPREADSHEET_API_KEY", "SPREADSHEET_BASE_ID"] });
    expect(spreadsheetConfig({ ...NOT_SET, SPREADSHEET_BASE_ID: "appX" })).toEqual({ missing: ["SPREADSHEET_API_KEY"] });
    expect(spreadsheetConfig({ ...NOT_SET, SPREADSHEET_API_KEY: "k", SPREADSHEET_BASE_ID: "appX" })).toEqual({
      config: { apiUrl: "https://api.airtable.com", apiKey: "k", baseId: "appX" },
    });
  });
});

describe("runDiagnostics", () => {
  let database: Database;
  let fake: SpreadsheetApiFake;
  beforeAll(async () => {
    [database, fake] = await Promise.all([openTestDatabase(), startSpreadsheetApi()]);
  });
  afterAll(async () => {
    await Promise.all([database.close(), fake.stop()]);
  });

  it("reports our database and says the spreadsheet base is not configured", async () => {
    let clock = 1_750_000_000_000;
    const report = await runDiagnostics(database, NOT_SET, { now: () => (clock += 25) });
    expect(report.ranAt).toBe(new Date(1_750_000_000_025).toISOString());
    expect(report.ms).toBe(25);
    expect(report.database.error).toBeUndefined();
    // npm test runs this on PGlite, npm run test:pg on a server: the report names whichever it is.
    expect(report.database.info.find((i) => i.label === "Database")?.value).toBe(
      database.kind === "pglite" ? "PGlite (embedded PostgreSQL)" : "PostgreSQL server",
    );
    expect(report.spreadsheet).toEqual({ configured: false, missing: ["SPREADSHEET_API_KEY", "SPREADSHEET_BASE_ID"] });
    expect(fake.requests).toHaveLength(0);
  });

  it("adds the spreadsheet base when configured, without the key anywhere in the report", async () => {
    const env = { SPREADSHEET_API_URL: fake.url, SPREADSHEET_API_KEY: DEMO_API_KEY, SPREADSHEET_BASE_ID: DEMO_BASE_ID };
    const report = await runDiagnostics(database, env, { spreadsheet: { ...virtualClock(), fetch: fetchAllowing(fake.url) } });
    expect(report.spreadsheet).toMatchObject({ configured: true, title: "Spreadsheet base", companies: { matched: 48, known: 50 } });
    expect(JSON.stringify(report)).not.toContain(DEMO_API_KEY);
  });

  it("says the database could not be read instead of failing the page", async () => {
    const report = await runDiagnostics(unreachableDatabase(), NOT_SET);
    expect(report.database).toMatchObject({ tables: [], error: "Could not read the database schema: connect ECONNREFUSED 127.0.0.1:5432" });
  });
});
