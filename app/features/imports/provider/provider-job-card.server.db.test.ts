/**
 * Issue 32: an import job's card shows its parameters, its counts and links to the listings it created, merged and
 * sent to review, the lists bounded (the first 20 and how many more). The job runs against the local fake provider
 * over real HTTP; the card is rendered from the imports page's own data.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedReferenceData } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { startFakeProvider, type FakeProvider } from "../../../../tests/fakes/lead-provider.ts";
import { fetchAllowing } from "../../../../tests/support/allow-local.ts";
import { importsPageData } from "../server/imports-page.server.ts";
import { createProviderClient } from "./provider-client.server.ts";
import { PROVIDER_IMPORT_JOB, providerImportHandler, startProviderImport } from "./provider-import-job.server.ts";
import { ProviderJobSummary } from "../ui/provider-job-summary.tsx";
import { ProviderQuery } from "./provider-query.ts";

let database: Database;

const company = (id: string, name: string) => ({
  id,
  company_name: name,
  company_info: { website: `https://${name.toLowerCase().replace(/\W+/g, "-")}.example`, categories: ["FinTech"], hq_country: "Germany" },
  round_type: "Seed",
  funding_amount: 1_500_000,
  currency: "USD",
  date_seen: "2025-05-01T00:00:00",
});

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database);
});

afterAll(async () => {
  await database?.close();
});

async function runImport(provider: FakeProvider, query: Record<string, unknown>) {
  const client = () =>
    createProviderClient({ baseUrl: provider.url, apiKey: provider.apiKey, sleep: async () => {}, fetch: fetchAllowing(provider.url) });
  const handler = providerImportHandler(client, { logoFetch: fetchAllowing(provider.url) });
  await startProviderImport(database, { endpoint: "funding", query: ProviderQuery.parse(query) }, null);
  await new JobWorker(database, { [PROVIDER_IMPORT_JOB]: handler }).tick();
}

async function withFake(records: ReturnType<typeof company>[], run: (fake: FakeProvider) => Promise<void>) {
  const fake = await startFakeProvider({ records: { funding: records } });
  try {
    await run(fake);
  } finally {
    await fake.close();
  }
}

const slugOf = async (name: string) =>
  (await database.rows<{ slug: string }>(sql`SELECT slug FROM listings WHERE name = ${name}`))[0]!.slug;

it("shows the job's parameters, counts and links to the listings it created and merged, at most 20 of each", async () => {
  await withFake([company("first-1", "Merge Target Pay")], (fake) => runImport(fake, { category: "FinTech" }));
  // The same company under another provider id (a funding round and later a second one) and 24 new companies.
  const fresh = Array.from({ length: 24 }, (_, i) => company(`new-${i}`, `Card Fresh ${String(i + 1).padStart(2, "0")}`));
  await withFake([company("second-1", "Merge Target Pay"), ...fresh], (fake) =>
    runImport(fake, { category: "FinTech, SaaS", country: "Germany", maxResults: 50, maxJobs: 2 }),
  );

  const page = await importsPageData(database);
  const job = page.jobs[0]!;
  expect(job.provider).not.toBeNull();
  const html = renderToStaticMarkup(createElement(ProviderJobSummary, { summary: job.provider! }));

  // Parameters, as the form asked for them.
  expect(html).toContain("Categories");
  expect(html).toContain("FinTech, SaaS");
  expect(html).toContain("Germany");
  expect(html).toMatch(/Max results<\/dt><dd[^>]*>50</);
  // Counts, logos included.
  expect(html).toMatch(/24 created/);
  expect(html).toMatch(/1 merged/);
  expect(html).toMatch(/0 sent to review/);
  expect(html).toMatch(/0 failed/);
  expect(html).toMatch(/Logos: 0 copied · 0 unchanged · 0 failed/);
  // Links: the merged listing, and the first 20 created with the rest counted.
  expect(html).toContain(`href="/profile/startup/${await slugOf("Merge Target Pay")}"`);
  expect(html).toContain(`href="/profile/startup/${await slugOf("Card Fresh 01")}"`);
  expect(html).toContain(`href="/profile/startup/${await slugOf("Card Fresh 20")}"`);
  expect(html).not.toContain(`href="/profile/startup/${await slugOf("Card Fresh 21")}"`);
  expect(html).toContain("and 4 more");
  // The Raw Output (whole provider pages) stays on the server: the card needs none of it.
  expect(JSON.stringify(job)).not.toContain("Card Fresh 21");
});
