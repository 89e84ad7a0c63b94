/**
 * A job run is a span of its own (decision 0105): a trace of its own, named by the job's type, with its outcome, and
 * the run's queries under it; the SDK started as a server process starts it (server/tracing.ts), against the fake
 * collector, and flushed by its shutdown as in the drain.
 */
import { context, propagation, trace } from "@opentelemetry/api";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { enqueueJob } from "~/lib/job-queue.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { traceQueries } from "~/lib/query-spans.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { startFakeOtlpCollector, type FakeOtlpCollector } from "../tests/fakes/otlp-collector.ts";
import { startTracing, type Tracing } from "./tracing.ts";

let collector: FakeOtlpCollector;
let database: Database;
let tracing: Tracing | undefined;
beforeAll(async () => {
  collector = await startFakeOtlpCollector();
  // The exporter reads its endpoint from the environment, as in a server process (put back after each file).
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
  tracing = startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url }, (error) => {
    throw error;
  });
  traceQueries();
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  trace.disable();
  context.disable();
  propagation.disable();
  await collector.close();
});

describe("a job run while tracing is on", () => {
  it("is a root span named by its type, with its outcome and its queries under it", async () => {
    await enqueueJob(database, { jobType: "trace-ok", parameters: {}, createdBy: null });
    await enqueueJob(database, { jobType: "trace-fail", parameters: {}, createdBy: null });
    const worker = new JobWorker(database, {
      "trace-ok": async ({ database: db }) => {
        await db.rows(sql`SELECT 1 AS one`);
        return { done: true };
      },
      "trace-fail": async () => {
        throw new Error("the handler failed");
      },
    });
    await worker.tick();
    await tracing!.shutdown();

    const ok = collector.spans.find((s) => s.name === "job trace-ok");
    const failed = collector.spans.find((s) => s.name === "job trace-fail");
    expect(ok).toMatchObject({
      parentSpanId: undefined,
      statusCode: 0,
      attributes: expect.objectContaining({ "introbase.job.type": "trace-ok", "introbase.job.outcome": "completed" }),
    });
    expect(failed).toMatchObject({
      parentSpanId: undefined,
      statusCode: 2,
      attributes: expect.objectContaining({ "introbase.job.outcome": "failed" }),
    });
    expect(ok!.traceId).not.toBe(failed!.traceId);
    const queries = collector.spans.filter((s) => s.parentSpanId === ok!.spanId);
    expect(queries.map((q) => q.attributes["db.query.text"])).toContain("SELECT 1 AS one");
  });
});
