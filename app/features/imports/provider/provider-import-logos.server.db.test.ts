/**
 * Issue 32, "imports look broken", over real HTTP to the local fake provider: logos are copied into our storage
 * through the guarded outbound fetch (never hot-linked; an internal address or a page that is no image is refused
 * and the listing keeps its monogram), and the job says what it did with them.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReferenceData } from "#demo/seed-database.ts";
import { ListingLogo } from "~/features/catalog/listing-logo.tsx";
import type { Database } from "~/lib/db.server.ts";
import { getJob } from "~/lib/job-queue.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { startFakeProvider, type FakeProvider } from "../../../../tests/fakes/lead-provider.ts";
import { fetchAllowing } from "../../../../tests/support/allow-local.ts";
import { createProviderClient } from "./provider-client.server.ts";
import {
  PROVIDER_IMPORT_JOB,
  providerImportHandler,
  startProviderImport,
  type ProviderImportOutput,
} from "./provider-import-job.server.ts";
import { ProviderQuery } from "./provider-query.ts";

let database: Database;
let fake: FakeProvider;

/** Records of our own, for the fake to serve: each a company with the logo address given. */
const record = (n: number, logo: string) => ({
  id: `logo-test-${n}`,
  company_name: `Logo Test ${n}`,
  company_info: { website: `https://logo-test-${n}.example`, categories: ["FinTech"], logo_url: logo },
  round_type: "Seed",
  funding_amount: 1_000_000,
  currency: "USD",
  date_seen: "2025-01-01T00:00:00",
});

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database);
  fake = await startFakeProvider();
});

afterAll(async () => {
  await fake?.close();
  await database?.close();
});

/** The job as production runs it, with the guard allowing the fake's origin alone (as OUTBOUND_ALLOWED_PRIVATE_ORIGINS would). */
async function runImport(provider: FakeProvider, query: Record<string, unknown>) {
  const client = () =>
    createProviderClient({ baseUrl: provider.url, apiKey: provider.apiKey, sleep: async () => {}, fetch: fetchAllowing(provider.url) });
  const handler = providerImportHandler(client, { logoFetch: fetchAllowing(provider.url) });
  const job = await startProviderImport(database, { endpoint: "funding", query: ProviderQuery.parse(query) }, null);
  await new JobWorker(database, { [PROVIDER_IMPORT_JOB]: handler }).tick();
  const done = (await getJob(database, job.id))!;
  return { done, output: done.processedOutput as ProviderImportOutput };
}

const logoOf = async (name: string) =>
  (await database.rows<{ logo_url: string | null }>(sql`SELECT logo_url FROM listings WHERE name = ${name}`))[0]?.logo_url;
const rendered = (name: string, logo: string | null | undefined) =>
  renderToStaticMarkup(createElement(ListingLogo, { name, slug: "x", logo: logo ?? null }));

describe("logos on a provider import", () => {
  it("copies every logo into our storage, serves it from /media, counts it, and a second run downloads nothing", async () => {
    const { done, output } = await runImport(fake, { category: "FinTech", maxResults: 20 });
    expect(done.status).toBe("completed");
    const listings = await database.rows<{ name: string; logo_url: string | null }>(
      sql`SELECT l.name, l.logo_url FROM listings l JOIN listing_sources s ON s.listing_id = l.id WHERE s.source = 'provider'`,
    );
    expect(listings.length).toBeGreaterThan(5);
    // Never the provider's address: our own stored file, or nothing (the monogram).
    for (const l of listings) expect(l.logo_url === null || /^\/media\/[0-9a-f-]{36}$/.test(l.logo_url)).toBe(true);
    const copied = listings.filter((l) => l.logo_url !== null);
    expect(copied.length).toBeGreaterThan(0);
    const [file] = await database.rows<{ content_type: string; size: number }>(
      sql`SELECT content_type, size FROM stored_files WHERE id = ${copied[0]!.logo_url!.slice("/media/".length)}::uuid`,
    );
    expect(file).toMatchObject({ content_type: "image/png" });
    expect(output.counters.logosCopied).toBe(copied.length);
    // The fixtures name a logo that is gone from its host now and then: counted, explained, monogram kept.
    expect(output.counters.logosFailed).toBe(listings.length - copied.length);
    if (output.counters.logosFailed) expect(output.logoErrors[0]).toMatch(/HTTP 404/);
    expect(rendered(copied[0]!.name, copied[0]!.logo_url)).toContain(`src="${copied[0]!.logo_url}"`);

    const before = fake.logoRequests.length;
    const again = await runImport(fake, { category: "FinTech", maxResults: 20 });
    expect(again.done).toMatchObject({ status: "completed", newRecordsAdded: 0, updatedRecords: 0 });
    expect(again.output.counters.logosCopied).toBe(0);
    expect(again.output.counters.logosUnchanged).toBe(copied.length);
    // Only the logo that failed is asked for again; the copied ones are known by the record's content.
    expect(fake.logoRequests.length - before).toBe(listings.length - copied.length);
  });

  it("refuses a logo at an internal address, and the listing keeps its monogram", async () => {
    const own = await startFakeProvider({
      records: { funding: [record(1, "http://169.254.169.254/latest/meta-data/logo.png"), record(2, "http://127.0.0.1:9/logo.png")] },
    });
    try {
      const { done, output } = await runImport(own, {});
      expect(done).toMatchObject({ status: "completed", newRecordsAdded: 2 });
      expect(output.counters).toMatchObject({ logosCopied: 0, logosFailed: 2 });
      expect(output.logoErrors).toEqual([
        expect.stringMatching(/^Logo Test 1: .*169\.254\.169\.254.* is not fetched: it points at a cloud metadata address/),
        expect.stringMatching(/^Logo Test 2: .*127\.0\.0\.1:9.* is not fetched: it points at a loopback/),
      ]);
      for (const name of ["Logo Test 1", "Logo Test 2"]) {
        expect(await logoOf(name)).toBeNull();
        expect(rendered(name, await logoOf(name))).toContain('data-logo="monogram"');
      }
    } finally {
      await own.close();
    }
  });

  it("refuses a body that is not an image, whatever its content type says", async () => {
    const own = await startFakeProvider({ records: { funding: [record(3, "https://logo.example/not-an-image.png")] } });
    try {
      const { done, output } = await runImport(own, {});
      expect(done.status).toBe("completed");
      expect(output.counters).toMatchObject({ logosCopied: 0, logosFailed: 1 });
      expect(output.logoErrors).toEqual([expect.stringMatching(/^Logo Test 3: .*not a PNG, JPEG, WebP or GIF image/)]);
      expect(await logoOf("Logo Test 3")).toBeNull();
      expect(await database.rows(sql`SELECT 1 FROM stored_files WHERE content_type NOT LIKE 'image/%'`)).toEqual([]);
    } finally {
      await own.close();
    }
  });

  it("never renders an address on another host as an image (hot-linked logos left from before)", () => {
    const html = rendered("Atlas Pay 31", "https://logo.example/atlas-pay-31.io.png");
    expect(html).not.toContain("<img");
    expect(html).toContain('data-logo="monogram"');
  });
});
