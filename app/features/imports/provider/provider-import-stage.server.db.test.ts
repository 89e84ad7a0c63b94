/**
 * Issue 32, "imports look broken", over real HTTP to the local fake provider: the funding stage a profile shows is
 * the one its rounds name (not "---" beside a "Pre-Seed $9.3M" round), on the batch path and the one-by-one path
 * alike; and the example categories the README and the import form give really import companies from the fake.
 */
import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReferenceData } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { getJob } from "~/lib/job-queue.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { startFakeProvider, type FakeProvider } from "../../../../tests/fakes/lead-provider.ts";
import { fetchAllowing } from "../../../../tests/support/allow-local.ts";
import { importCompany } from "../server/import-company.server.ts";
import { toImportedCompany } from "./map-provider-record.ts";
import { createProviderClient } from "./provider-client.server.ts";
import { PROVIDER_IMPORT_JOB, providerImportHandler, startProviderImport } from "./provider-import-job.server.ts";
import { PROVIDER_QUERY_HINTS, ProviderQuery } from "./provider-query.ts";
import { ProviderRecord } from "./provider-record.ts";

let database: Database;
let fake: FakeProvider;

const deal = (id: string, name: string, round: string | null, amount: number, date: string) => ({
  id,
  company_name: name,
  company_info: { website: `https://${id}.example`, categories: ["FinTech"] },
  round_type: round,
  funding_amount: amount,
  currency: "USD",
  date,
  date_seen: `${date}T00:00:00`,
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

async function runImport(provider: FakeProvider, query: Record<string, unknown>) {
  const client = () =>
    createProviderClient({ baseUrl: provider.url, apiKey: provider.apiKey, sleep: async () => {}, fetch: fetchAllowing(provider.url) });
  const handler = providerImportHandler(client, { logoFetch: fetchAllowing(provider.url) });
  const job = await startProviderImport(database, { endpoint: "funding", query: ProviderQuery.parse(query) }, null);
  await new JobWorker(database, { [PROVIDER_IMPORT_JOB]: handler }).tick();
  return (await getJob(database, job.id))!;
}

const stageOf = async (name: string) =>
  (
    await database.rows<{ stage: string | null; round: string | null }>(
      sql`SELECT s.name AS stage, l.latest_round_type AS round FROM listings l LEFT JOIN funding_stages s ON s.id = l.funding_stage_id
          WHERE l.name = ${name}`,
    )
  )[0];

describe("funding stage from the rounds", () => {
  it("gives each imported company the stage its latest round names (batch path)", async () => {
    const own = await startFakeProvider({
      records: {
        funding: [
          deal("atlas-31", "Atlas Pay 31", "Pre-Seed", 9_300_000, "2025-03-01"),
          deal("by-amount", "By Amount Labs", null, 20_000_000, "2025-03-02"),
          deal("grant-only", "Grant Only Bio", "grant", 200_000, "2025-03-03"),
        ],
      },
    });
    try {
      expect((await runImport(own, {})).status).toBe("completed");
      expect(await stageOf("Atlas Pay 31")).toEqual({ stage: "Pre-Seed", round: "pre-seed" });
      // No type sent: the amount decides the round, and so the stage.
      expect(await stageOf("By Amount Labs")).toEqual({ stage: "Series B", round: "series-b" });
      // A grant is no stage: nothing invented.
      expect(await stageOf("Grant Only Bio")).toEqual({ stage: null, round: "grant" });
    } finally {
      await own.close();
    }
  });

  it("follows a later round on the one-by-one path, and keeps the stage when the newest round names none", async () => {
    const now = new Date("2025-06-01T00:00:00Z");
    const write = (raw: Record<string, unknown>) => {
      const company = toImportedCompany(ProviderRecord.parse(raw), { endpoint: "funding", now });
      if ("dropped" in company) throw new Error("dropped");
      return importCompany(database, { ...company, externalId: "kestrel" }, { source: "provider", now });
    };
    await write(deal("kestrel-seed", "Kestrel Rounds", "Seed", 2_000_000, "2024-01-10"));
    expect(await stageOf("Kestrel Rounds")).toEqual({ stage: "Seed", round: "seed" });
    await write(deal("kestrel-a", "Kestrel Rounds", "Series A", 8_000_000, "2025-02-10"));
    expect(await stageOf("Kestrel Rounds")).toEqual({ stage: "Series A", round: "series-a" });
    await write(deal("kestrel-other", "Kestrel Rounds", "Debt Financing", 1_000_000, "2025-04-10"));
    expect(await stageOf("Kestrel Rounds")).toEqual({ stage: "Series A", round: "other" });
  });
});

describe("the examples the README and the form give", () => {
  it("the README's import command imports companies from the fake", async () => {
    const readme = await readFile(new URL("../../../../README.md", import.meta.url), "utf8");
    const command = /`npm run import -- ([^`]*)`/.exec(readme)![1]!;
    const category = /--category (?:"([^"]+)"|(\S+))/.exec(command)!;
    const done = await runImport(fake, { category: category[1] ?? category[2], maxResults: 20 });
    expect(done.status).toBe("completed");
    expect(done.companiesProcessed).toBeGreaterThan(0);
  });

  it("the form's example categories each import companies from the fake", async () => {
    const examples = /e\.g\. (.+)$/
      .exec(PROVIDER_QUERY_HINTS.category!)![1]!
      .split(",")
      .map((c) => c.trim());
    expect(examples.length).toBeGreaterThan(1);
    for (const category of examples) {
      const done = await runImport(fake, { category, maxResults: 20 });
      expect(done.companiesProcessed, category).toBeGreaterThan(0);
    }
  });
});
