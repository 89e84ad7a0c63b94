/**
 * The spreadsheet base import as a job, end to end against the local fake of the hosted table API over real HTTP:
 * what an operator finds in the directory afterwards, the job's counters and error log, a re-run that creates
 * nothing, a changed record that updates its listing, a record the database refuses, a 429 survived, and the
 * reasons a job fails with.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReferenceData } from "#demo/seed-database.ts";
import { readFile } from "~/features/media/stored-files.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getJob } from "~/lib/job-queue.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { startSpreadsheetApi, type SpreadsheetApiFake } from "../../../../tests/fakes/spreadsheet-api.ts";
import { DEMO_API_KEY } from "../../../../tests/fakes/spreadsheet-fixtures.ts";
import { IMPORT_BASE_ID, PNG_1PX, importBase } from "../../../../tests/fakes/spreadsheet-import-fixtures.ts";
import { fetchAllowing } from "../../../../tests/support/allow-local.ts";
import { createSpreadsheetApi } from "~/lib/spreadsheet-api.server.ts";
import { virtualClock } from "../../../../tests/support/virtual-clock.ts";
import { SPREADSHEET_IMPORT_JOB } from "./spreadsheet-import-request.ts";
import {
  spreadsheetReaderFromEnv,
  spreadsheetImportHandler,
  startSpreadsheetImport,
  type ReaderFactory,
  type SpreadsheetImportOutput,
} from "./spreadsheet-import-job.server.ts";

let database: Database;
let fake: SpreadsheetApiFake;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database);
  fake = await startSpreadsheetApi({ bases: [importBase()] });
});

afterAll(async () => {
  await fake?.stop();
  await database?.close();
});

const reader =
  (apiKey = DEMO_API_KEY): ReaderFactory =>
  (baseId, fetch) =>
    createSpreadsheetApi({ apiUrl: fake.url, apiKey, baseId }, { fetch, ...virtualClock() });

async function runJob(baseId = IMPORT_BASE_ID, factory: ReaderFactory = reader()) {
  const job = await startSpreadsheetImport(database, { baseId }, null);
  // The guarded outbound fetch, allowed to reach the local fake (its API and its files) only.
  await new JobWorker(database, { [SPREADSHEET_IMPORT_JOB]: spreadsheetImportHandler(factory, fetchAllowing(fake.url)) }).tick();
  const done = (await getJob(database, job.id))!;
  return { job: done, output: done.processedOutput as SpreadsheetImportOutput };
}

const count = async (table: string, where = sql`true`) =>
  (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${where}`))[0]!.n;

async function listingOf(externalId: string) {
  const [row] = await database.rows<{
    id: string;
    name: string;
    slug: string;
    visibility: string;
    field_visibility: Record<string, string>;
    logo_url: string | null;
    tagline: string | null;
    industries: string[];
    total_funding_raised: number | null;
  }>(sql`SELECT l.id, l.name, l.slug, l.visibility, l.field_visibility, l.logo_url, l.tagline, l.total_funding_raised::float8 AS total_funding_raised,
           ARRAY(SELECT i.name FROM industries i WHERE i.id = ANY(l.industry_ids) ORDER BY i.name) AS industries
         FROM listing_sources s JOIN listings l ON l.id = s.listing_id
         WHERE s.source = ${`spreadsheet:${IMPORT_BASE_ID}`} AND s.external_id = ${externalId}`);
  return row;
}

describe("spreadsheet import job", () => {
  it("brings the whole base in, with levels, references, rounds, investors and stored logos", async () => {
    const industriesBefore = await count("industries");
    const { job, output } = await runJob();
    expect(job.status).toBe("completed");
    expect(job).toMatchObject({ companiesProcessed: 250, newRecordsAdded: 248, updatedRecords: 0 });
    // 3 pages of companies and one page for each other table, at least.
    expect(job.apiCallsMade).toBeGreaterThanOrEqual(14);
    expect(job.apiCallsMade).toBe(fake.requests.filter((r) => r.url.startsWith("/v0/")).length);
    expect(await count("listings")).toBe(248);
    expect(output.tables.Companies).toEqual({ read: 250, created: 248, updated: 0, skipped: 0, dropped: 2, failed: 0 });
    expect(output.dropped.map((d) => d.externalId)).toEqual(["recCmp00000a", "recCmp00000c"]);

    // Access levels and per-field visibility as spec 01 §3 maps them.
    expect((await listingOf("recCmp000007"))!.visibility).toBe("subscriber");
    expect((await listingOf("recCmp00000b"))!.visibility).toBe("premium");
    expect((await listingOf("recCmp000009"))!.field_visibility).toEqual({
      revenueRange: "premium",
      howItWorks: "subscriber",
      team: "premium",
    });
    // References: the seeded rows are reused, the base's new industries added; names resolved to our ids.
    expect(output.tables.Industries!.created + output.tables.Industries!.skipped).toBe(6);
    expect(await count("industries")).toBe(industriesBefore + output.tables.Industries!.created);
    expect((await listingOf("recCmp000001"))!.industries).toEqual(["FinTech: Payments"]);
    const sam = await database.rows<{ name: string }>(
      sql`SELECT t.name FROM team_members t WHERE t.listing_id = ${(await listingOf("recCmp000001"))!.id}`,
    );
    expect(sam).toEqual([{ name: "Sam Subscriber" }]);
    const rules = await database.rows<{ field_name: string }>(sql`SELECT field_name FROM field_visibility_rules ORDER BY field_name`);
    expect(rules.map((r) => r.field_name)).toEqual(expect.arrayContaining(["revenueRange", "team"]));

    // Rounds hang off the right listings and feed the funding summary.
    expect(output.tables.FundingRounds).toMatchObject({ read: 12, created: 12, failed: 0 });
    expect((await listingOf("recCmp000001"))!.total_funding_raised).toBe(250_000);
    // The relationship whose investor is the nameless row 10 cannot be linked: logged, the other five imported.
    expect(output.tables.CompanyInvestorRelationships).toMatchObject({ created: 5, failed: 1 });
    expect(job.errorLog).toEqual(["CompanyInvestorRelationships recRel000002: its investor recCmp00000a was not imported"]);
    const [link] = await database.rows<{ investor_id: string; investor_name: string }>(
      sql`SELECT investor_id::text, investor_name FROM investor_relationships WHERE listing_id = ${(await listingOf("recCmp000001"))!.id}`,
    );
    expect(link).toEqual({ investor_id: (await listingOf("recCmp000000"))!.id, investor_name: (await listingOf("recCmp000000"))!.name });

    // Logos are our own files now: the expiring url is gone, /media/{id} serves the bytes.
    expect(output.attachments).toEqual({ stored: 123, failed: 0, skipped: 0 });
    const logo = (await listingOf("recCmp000000"))!.logo_url!;
    expect(logo).toMatch(/^\/media\/[0-9a-f-]{36}$/);
    // PGlite hands bytea back as a Uint8Array, PostgreSQL's driver as a Buffer: compare the bytes.
    expect(Buffer.from((await readFile(database, logo.slice("/media/".length)))!.bytes).equals(Buffer.from(PNG_1PX))).toBe(true);
    expect((await listingOf("recCmp000003"))!.logo_url).toBeNull();
    expect(await count("audit_log", sql`source = ${`spreadsheet:${IMPORT_BASE_ID}`} AND action = 'created'`)).toBe(248);
  });

  it("creates nothing on a second run, and updates only the record that changed", async () => {
    const before = {
      listings: await count("listings"),
      files: await count("stored_files"),
      rounds: await count("funding_rounds"),
      links: await count("investor_relationships"),
    };
    const fileRequests = fake.log.filter((r) => r.url.startsWith("/files/")).length;
    const { job, output } = await runJob();
    expect(job).toMatchObject({ status: "completed", newRecordsAdded: 0, updatedRecords: 0 });
    expect(output.tables.Companies).toMatchObject({ skipped: 248, created: 0, updated: 0 });
    expect(output.tables.FundingRounds).toMatchObject({ skipped: 12, created: 0 });
    expect(output.attachments).toEqual({ stored: 0, failed: 0, skipped: 123 });
    expect({
      listings: await count("listings"),
      files: await count("stored_files"),
      rounds: await count("funding_rounds"),
      links: await count("investor_relationships"),
    }).toEqual(before);
    // Unchanged records' logos are not downloaded again.
    expect(fake.log.filter((r) => r.url.startsWith("/files/")).length).toBe(fileRequests);

    const record = fake.bases.get(IMPORT_BASE_ID)!.tables.find((t) => t.name === "Companies")!.records[1]!;
    record.fields.Tagline = "Reconciliation in a day";
    const slug = (await listingOf("recCmp000001"))!.slug;
    const changed = await runJob();
    expect(changed.job).toMatchObject({ status: "completed", newRecordsAdded: 0, updatedRecords: 1 });
    expect(await listingOf("recCmp000001")).toMatchObject({ tagline: "Reconciliation in a day", slug });
    expect(await count("listings")).toBe(before.listings);
  });

  it("logs a record the database refuses and imports the rest; survives a 429", async () => {
    const base = importBase({ companies: 8 });
    base.id = "appFailing";
    base.tables.find((t) => t.name === "Companies")!.records[5]!.fields.Name = "Refused Co";
    fake.bases.set(base.id, base);
    await database.rows(sql`ALTER TABLE listings ADD CONSTRAINT test_refuses_one CHECK (name <> 'Refused Co')`);
    fake.faults.rateLimited = 2;
    const before = fake.log.filter((r) => r.status === 429).length;
    try {
      const { job, output } = await runJob("appFailing");
      expect(job.status).toBe("completed");
      expect(fake.log.filter((r) => r.status === 429).length - before).toBe(2);
      expect(output.tables.Companies).toMatchObject({ created: 7, failed: 1 });
      expect(job.newRecordsAdded).toBe(7);
      expect(job.errorLog).toContain(
        'Companies recCmp000005: new row for relation "listings" violates check constraint "test_refuses_one"',
      );
    } finally {
      await database.rows(sql`ALTER TABLE listings DROP CONSTRAINT test_refuses_one`);
    }
  });

  it("keeps a record whose logo failed, logs why, and fetches the logo on the next run", async () => {
    const base = importBase({ companies: 4 });
    base.id = "appLogos";
    fake.bases.set(base.id, base);
    fake.faults.attachmentTtlMs = -1;
    try {
      const first = await runJob("appLogos");
      expect(first.job).toMatchObject({ status: "completed", newRecordsAdded: 4 });
      expect(first.output.attachments).toEqual({ stored: 0, failed: 2, skipped: 0 });
      expect(first.job.errorLog).toContain(
        `Logo recCmp000000: The attachment url has expired (${fake.url}/files/appLogos/attLogo0000/logo-0.png)`,
      );
    } finally {
      fake.faults.attachmentTtlMs = 60_000;
    }
    const logo = async () =>
      (
        await database.rows<{ logo_url: string | null }>(sql`SELECT l.logo_url FROM listing_sources s JOIN listings l ON l.id = s.listing_id
          WHERE s.source = 'spreadsheet:appLogos' AND s.external_id = 'recCmp000000'`)
      )[0]!.logo_url;
    expect(await logo()).toBeNull();
    const second = await runJob("appLogos");
    expect(second.job).toMatchObject({ status: "completed", newRecordsAdded: 0, updatedRecords: 2 });
    expect(second.output.attachments).toEqual({ stored: 2, failed: 0, skipped: 0 });
    // (Its rounds point at companies this 4-row base lacks: those are logged, the logos are not.)
    expect(second.job.errorLog.filter((e) => e.startsWith("Logo"))).toEqual([]);
    expect(await logo()).toMatch(/^\/media\//);
  });

  it("fails with a clear reason: no key, no such base, a refused key", async () => {
    // The test environment configures no key, as a fresh install does: the reader from the environment refuses.
    expect(process.env.SPREADSHEET_API_KEY ?? "").toBe("");
    const missing = await runJob(IMPORT_BASE_ID, spreadsheetReaderFromEnv);
    expect(missing.job.status).toBe("failed");
    expect(missing.job.errorLog.at(-1)).toBe("SPREADSHEET_API_KEY is not set");

    const nowhere = await runJob("appNoSuchBase");
    expect(nowhere.job.status).toBe("failed");
    expect(nowhere.job.errorLog.at(-1)).toMatch(/^Base appNoSuchBase was not found - check the base id/);

    const refused = await runJob(IMPORT_BASE_ID, reader("patWrongKey"));
    expect(refused.job.status).toBe("failed");
    expect(refused.job.errorLog.at(-1)).toMatch(/^Authentication failed - check API key/);
    expect(refused.job.errorLog.join(" ")).not.toContain("patWrongKey");
  });
});
