/**
 * Issue 32 "noise hides the signal": a provider import writes one audit entry per company, and those entries buried
 * people's actions in the audit log and the dashboard. The grouped activity shows each run as one row with its counts,
 * expandable to its entries, people's actions one by one, filtered by who acted, and pages that neither repeat nor skip.
 * The import is a real job against the local fake provider; the other rows are planted at times read from the database.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, auditRuns } from "#db/schema/audit.ts";
import { seedListings } from "#demo/seed-database.ts";
import { PROVIDER_IMPORT_JOB, providerImportHandler, startProviderImport } from "~/features/imports/provider/provider-import-job.server.ts";
import { importCompanies } from "~/features/imports/server/import-batch.server.ts";
import { toImportedCompany, type ImportedCompany } from "~/features/imports/provider/map-provider-record.ts";
import { createProviderClient } from "~/features/imports/provider/provider-client.server.ts";
import { ProviderRecord } from "~/features/imports/provider/provider-record.ts";
import { ProviderQuery } from "~/features/imports/provider/provider-query.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { startFakeProvider, type FakeProvider } from "../../../tests/fakes/lead-provider.ts";
import { fetchAllowing } from "../../../tests/support/allow-local.ts";
import { activityCounts, findActivity, findRunEntries, type ActivityItem } from "./audit-activity.server.ts";

let database: Database;
let fake: FakeProvider;
let importEntries: number;
let importStart: Date;
let importEnd: Date;
let adminId: string;
const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);
const describeRow = (row: ActivityItem) => (row.type === "run" ? `run:${row.run.id}` : `entry:${row.entry.id}`);

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 40);
  fake = await startFakeProvider();
  adminId = (await insertMember(database, "activity-admin", "premium", "admin")).id;
  const client = () =>
    createProviderClient({
      baseUrl: fake.url,
      apiKey: fake.apiKey,
      maxRetries: 2,
      baseDelayMs: 1,
      sleep: async () => {},
      fetch: fetchAllowing(fake.url),
    });
  await startProviderImport(database, { endpoint: "funding", query: ProviderQuery.parse({ maxResults: 20, maxJobs: 2 }) }, adminId);
  await new JobWorker(database, { [PROVIDER_IMPORT_JOB]: providerImportHandler(client) }).tick();
  const [written] = await database.rows<{ n: number; first: string; last: string }>(
    sql`SELECT count(*)::int AS n, min(timestamp)::text AS first, max(timestamp)::text AS last FROM audit_log WHERE source = 'LeadsOnTrees'`,
  );
  importEntries = written!.n;
  importStart = new Date(written!.first);
  importEnd = new Date(written!.last);
  // People's actions: an admin's edit after the import, a visitor's request before it.
  await database.db.insert(auditLog).values([
    {
      timestamp: minutes(importEnd, 5),
      operation: "listing_edit",
      source: "admin",
      action: "edited",
      companyName: "After",
      actorId: adminId,
    },
    { timestamp: minutes(importStart, -5), operation: "intro_request", source: "visitor", action: "created", companyName: "Before" },
    // A cleanup batch outside any run (as every machine entry was before runs were recorded): machine, one row.
    { timestamp: minutes(importStart, -10), operation: "cleanup_batch", source: "system", action: "skipped", details: { dryRun: true } },
  ]);
});

afterAll(async () => {
  await fake?.close();
  await database?.close();
});

describe("grouped audit activity", () => {
  it("shows an import's many entries as one row with their count, expanding to them", async () => {
    expect(importEntries).toBeGreaterThan(20);
    const { rows } = await findActivity(database, { limit: 10 });
    const runs = rows.filter((r) => r.type === "run");
    expect(runs).toHaveLength(1);
    const { run } = runs[0] as Extract<ActivityItem, { type: "run" }>;
    expect(run).toMatchObject({
      kind: PROVIDER_IMPORT_JOB,
      source: "LeadsOnTrees",
      startedByName: "Member activity-admin",
      total: importEntries,
    });
    expect(run.counts.reduce((sum, c) => sum + c.n, 0)).toBe(importEntries);
    expect(run.counts.find((c) => c.operation === "duplicate_check" && c.action === "created")?.n).toBeGreaterThan(0);

    const expanded = await findRunEntries(database, run.id, { limit: 1000 });
    expect(expanded.run?.total).toBe(importEntries);
    expect(expanded.entries).toHaveLength(importEntries);
    expect(new Set(expanded.entries.map((e) => e.source))).toEqual(new Set(["LeadsOnTrees"]));
    expect(expanded.next).toBeNull();
  });

  it("keeps people's actions as rows of their own, in time order around the run", async () => {
    const { rows } = await findActivity(database, { limit: 10 });
    expect(rows.map((r) => (r.type === "run" ? "run" : `${r.entry.source}:${r.entry.companyName ?? r.entry.operation}`))).toEqual([
      "admin:After",
      "run",
      "visitor:Before",
      "system:cleanup_batch",
    ]);
  });

  it("filters by who acted: people, machines and jobs, or everyone", async () => {
    const people = await findActivity(database, { kind: "people", limit: 100 });
    expect(people.rows.map((r) => r.type === "entry" && r.entry.source)).toEqual(["admin", "visitor"]);
    const machine = await findActivity(database, { kind: "machine", limit: 100 });
    expect(machine.rows.map((r) => (r.type === "run" ? "run" : r.entry.source))).toEqual(["run", "system"]);
    expect((await findActivity(database, { kind: "all", limit: 100 })).rows).toHaveLength(4);
  });

  it("counts the last 24 hours' entries by who acted, and the runs that wrote the machines' ones", async () => {
    expect(await activityCounts(database, minutes(importEnd, 10).getTime())).toEqual({ people: 2, machine: importEntries + 1, runs: 1 });
  });

  it("counts only a run's matching entries under an operation filter, and leaves out runs with none", async () => {
    const created = await findActivity(database, { operation: "duplicate_check", action: "created", limit: 100 });
    const run = created.rows.find((r) => r.type === "run") as Extract<ActivityItem, { type: "run" }>;
    expect(run.run.total).toBe(run.run.counts.find((c) => c.operation === "duplicate_check" && c.action === "created")!.n);
    expect(run.run.total).toBeLessThanOrEqual(importEntries);
    expect((await findActivity(database, { operation: "intro_request", limit: 100 })).rows.map(describeRow)).toHaveLength(1);
  });
});

describe("paging grouped activity", () => {
  // Three more runs and people's entries interleaved with them, long before the import; two share a timestamp.
  const base = new Date("2001-03-01T10:00:00Z");
  const runIds = ["0a000000-0000-4000-8000-000000000001", "0a000000-0000-4000-8000-000000000002", "0a000000-0000-4000-8000-000000000003"];

  beforeAll(async () => {
    for (const [i, id] of runIds.entries()) {
      const start = minutes(base, i * 10);
      await database.db.insert(auditRuns).values({
        id,
        kind: "spreadsheet_import",
        source: "spreadsheet:base",
        startedAt: start,
        lastAt: minutes(start, 4),
        counts: { "listing_edit:created": 5 },
      });
      await database.db.insert(auditLog).values(
        Array.from({ length: 5 }, (_, k) => ({
          timestamp: minutes(start, k),
          operation: "listing_edit",
          source: "spreadsheet:base",
          action: "created",
          runId: id,
        })),
      );
    }
    await database.db.insert(auditLog).values([
      { timestamp: minutes(base, 2), operation: "listing_edit", source: "admin", action: "edited", companyName: "During run 1" },
      { timestamp: minutes(base, 15), operation: "listing_edit", source: "admin", action: "edited", companyName: "Tie A" },
      { timestamp: minutes(base, 15), operation: "listing_edit", source: "admin", action: "edited", companyName: "Tie B" },
      { timestamp: minutes(base, 30), operation: "listing_edit", source: "admin", action: "edited", companyName: "Last" },
    ]);
  });

  it("walks page by page through groups and entries without repeating or skipping a row", async () => {
    const everything = (await findActivity(database, { limit: 1000 })).rows.map(describeRow);
    expect(everything).toHaveLength(4 + 3 + 4);
    const walked: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof findActivity>> = await findActivity(database, { limit: 2, before });
      expect(page.rows.length).toBeLessThanOrEqual(2);
      walked.push(...page.rows.map(describeRow));
      before = page.next;
      pages += 1;
    } while (before && pages < 20);
    expect(walked).toEqual(everything);
    expect(
      (await findActivity(database, { kind: "machine", limit: 1000 })).rows
        .filter((r) => r.type === "run")
        .map((r) => r.type === "run" && r.run.total),
    ).toEqual([importEntries, 5, 5, 5]);
    expect(pages).toBe(Math.ceil(everything.length / 2));
    // The planted part, oldest last: each run sits at its latest entry, the entry inside run 1's span after it.
    const names = (await findActivity(database, { limit: 1000 })).rows
      .slice(4)
      .map((r) => (r.type === "run" ? r.run.id.slice(-1) : r.entry.companyName));
    expect(names.slice(0, 1)).toEqual(["Last"]);
    expect(names.slice(1, 2)).toEqual(["3"]);
    expect(new Set(names.slice(2, 4))).toEqual(new Set(["Tie A", "Tie B"]));
    expect(names.slice(4)).toEqual(["2", "1", "During run 1"]);
  });

  it("pages a run's own entries the same way", async () => {
    const first = await findRunEntries(database, runIds[0]!, { limit: 3 });
    expect(first.entries).toHaveLength(3);
    const second = await findRunEntries(database, runIds[0]!, { limit: 3, before: first.next });
    expect(second.entries).toHaveLength(2);
    expect(second.next).toBeNull();
    expect(new Set([...first.entries, ...second.entries].map((e) => e.id)).size).toBe(5);
  });

  it("ignores a malformed cursor and knows no unknown run", async () => {
    expect((await findActivity(database, { limit: 3, before: "not-a-cursor" })).rows).toHaveLength(3);
    expect((await findRunEntries(database, "0a000000-0000-4000-8000-00000000dead", { limit: 3 })).run).toBeNull();
    expect((await findRunEntries(database, "not-a-uuid", { limit: 3 })).run).toBeNull();
  });
});

describe("an import outside a job", () => {
  it("is a run of its own (the debugger's push), named by who started it", async () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const companies = ["Quillon Freight", "Quillon Optics"].map((name, i) => {
      const mapped = toImportedCompany(
        ProviderRecord.parse({ id: `push-${i}`, company_name: name, company_info: { website: `https://q${i}.example` } }),
        {
          endpoint: "funding",
          now,
        },
      );
      if ("dropped" in mapped) throw new Error("dropped");
      return mapped as ImportedCompany;
    });
    await importCompanies(database, companies, { source: "provider", now, actor: { id: adminId } });
    const { rows } = await findActivity(database, { kind: "machine", limit: 1 });
    expect(rows[0]).toMatchObject({ type: "run", run: { kind: "import", total: 2, startedByName: "Member activity-admin" } });
  });
});

describe("an erased member's actions", () => {
  it("stay people's actions after the erasure rewrote their source", async () => {
    await database.db
      .insert(auditLog)
      .values({ timestamp: new Date("2000-01-01T00:00:00Z"), operation: "intro_request", source: "a deleted member", action: "created" });
    const people = await findActivity(database, { kind: "people", limit: 1000 });
    expect(people.rows.at(-1)).toMatchObject({ type: "entry", entry: { source: "a deleted member" } });
  });
});
