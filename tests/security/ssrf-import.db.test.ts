/**
 * Issue 14 finding 6: a spreadsheet base whose logo url points at a loopback server (an internal service). Before
 * the outbound guard (DESIGN D16) the import downloaded the "logo" from the private address, stored it in
 * stored_files and served it at /media/{id}. Now the download is refused and the rest of the import goes on.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedReferenceData } from "#demo/seed-database.ts";
import { createSpreadsheetApi } from "~/lib/spreadsheet-api.server.ts";
import { SPREADSHEET_IMPORT_JOB } from "~/features/imports/spreadsheet/spreadsheet-import-request.ts";
import {
  spreadsheetImportHandler,
  startSpreadsheetImport,
  type SpreadsheetImportOutput,
} from "~/features/imports/spreadsheet/spreadsheet-import-job.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getJob } from "~/lib/job-queue.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { startSpreadsheetApi, type SpreadsheetApiFake } from "../fakes/spreadsheet-api.ts";
import { DEMO_API_KEY } from "../fakes/spreadsheet-fixtures.ts";
import { IMPORT_BASE_ID, PNG_1PX, importBase } from "../fakes/spreadsheet-import-fixtures.ts";
import { fetchAllowing } from "../support/allow-local.ts";

let database: Database;
let fake: SpreadsheetApiFake;
let internal: Server;
let internalUrl: string;
let internalHits = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database);
  internal = createServer((_req, res) => {
    internalHits += 1;
    res.writeHead(200, { "Content-Type": "image/png" }).end(PNG_1PX);
  });
  await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
  const base = importBase({ companies: 2 });
  const companies = base.tables.find((t) => t.name === "Companies")!;
  companies.records[0]!.fields["Logo Image"] = [
    { id: "evil", url: `${internalUrl}/internal/secret.png`, filename: "x.png", type: "image/png" },
  ];
  delete companies.records[1]!.fields["Logo Image"];
  fake = await startSpreadsheetApi({ bases: [base] });
});

const count = async (table: string) =>
  (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;

afterAll(async () => {
  await fake?.stop();
  internal?.closeAllConnections();
  await new Promise((resolve) => internal?.close(resolve));
  await database?.close();
});

it("refuses a logo at a private address not in the allowance, logs it, and imports the company without it", async () => {
  const job = await startSpreadsheetImport(database, { baseId: IMPORT_BASE_ID }, null);
  const handler = spreadsheetImportHandler(
    (baseId, fetch) => createSpreadsheetApi({ apiUrl: fake.url, apiKey: DEMO_API_KEY, baseId }, { fetch, sleep: async () => {} }),
    // Configured as a test or an offline install would be: the fake API is allowed, nothing else on loopback.
    fetchAllowing(fake.url),
  );
  await new JobWorker(database, { [SPREADSHEET_IMPORT_JOB]: handler }).tick();
  const done = (await getJob(database, job.id))!;
  const output = done.processedOutput as SpreadsheetImportOutput;

  expect(internalHits).toBe(0);
  expect(await count("stored_files")).toBe(0);
  // The import went on: both companies are in, the refused logo is counted and its reason logged.
  expect(done).toMatchObject({ status: "completed", newRecordsAdded: 2 });
  expect(output.attachments).toEqual({ stored: 0, failed: 1, skipped: 0 });
  // (The small base's rounds point at companies it lacks: those lines are about something else.)
  expect(done.errorLog.filter((line) => line.startsWith("Logo"))).toEqual([
    expect.stringMatching(/^Logo recCmp000000: .*127\.0\.0\.1:\d+\/internal\/secret\.png is not fetched: it points at a loopback address/),
  ]);
  const logos = await database.rows<{ logo_url: string | null }>(sql`SELECT logo_url FROM listings`);
  expect(logos).toEqual([{ logo_url: null }, { logo_url: null }]);
});
