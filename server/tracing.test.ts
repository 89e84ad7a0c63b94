/**
 * Traces end to end (issue 34, decision 0105) with a real server process (`node server/index.ts` in development mode,
 * no build needed) sending to the fake OTLP collector: a page request under a caller's `traceparent` reaches the
 * collector as a server span (HTTP conventions, the route pattern), with the loader's span under it and the database
 * queries under that, and the access-log line carries the same trace and span ids beside the request id. The spans
 * are sent by the flush on SIGTERM (the batch delay is set to a minute), so the test also proves the drain flushes.
 */
import { spawn } from "node:child_process";
import { request } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOtlpCollector, type FakeOtlpCollector, type ReceivedSpan } from "../tests/fakes/otlp-collector.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
/** A port of this test's own (the development server also takes PORT + 20000 for hot reload). */
const PORT = 3537;
const CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";

let scratch: string;
let collector: FakeOtlpCollector;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "introbase-tracing-"));
  collector = await startFakeOtlpCollector();
});
afterAll(async () => {
  await collector.close();
  await rm(scratch, { recursive: true, force: true });
});

type LogLine = { msg?: string; req?: { id?: string; url?: string }; trace_id?: string; span_id?: string };

function get(target: string, headers: Record<string, string>): Promise<{ status: number; requestId: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: PORT, path: target, headers, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, requestId: String(res.headers["x-request-id"]) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("tracing on, pointed at a collector", () => {
  it("sends the request's span with its loader and query spans, and logs its trace id beside the request id", async () => {
    const child = spawn(process.execPath, ["--conditions=development", "server/index.ts"], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? scratch,
        NODE_ENV: "development",
        HOST: "127.0.0.1",
        PORT: String(PORT),
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        AUTH_SECRET_FILE: path.join(scratch, "auth-secret"),
        PGLITE_DIR: path.join(scratch, "pglite"),
        SEED_LISTINGS: "5",
        LOG_LEVEL: "info",
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_SERVICE_NAME: "introbase-under-test",
        // Nothing is sent on a timer during the test: what arrives was flushed by the stop.
        OTEL_BSP_SCHEDULE_DELAY: "60000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const lines: LogLine[] = [];
    let output = "";
    child.stderr.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
    const ready = new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout }).on("line", (text) => {
        output = (output + text + "\n").slice(-4_000);
        try {
          const line = JSON.parse(text) as LogLine;
          lines.push(line);
          if (line.msg === "ready") resolve();
        } catch {
          // Vite's own lines
        }
      });
      void exited.then(() => reject(new Error(`the server exited before it was ready:\n${output}`)));
    });
    let answer: { status: number; requestId: string } | undefined;
    try {
      await ready;
      answer = await get("/listings?q=zebrafinch", { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` });
      expect(answer.status).toBe(200);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }

    const spans = collector.spans.filter((s) => s.traceId === CALLER_TRACE);
    const server = spans.find((s) => s.parentSpanId === CALLER_SPAN);
    expect(server).toMatchObject({
      name: "GET /listings",
      kind: 2,
      serviceName: "introbase-under-test",
      attributes: expect.objectContaining({
        "http.request.method": "GET",
        "url.path": "/listings",
        "http.route": "/listings",
        "http.response.status_code": 200,
      }),
    });
    const childrenOf = (parent: ReceivedSpan) => spans.filter((s) => s.parentSpanId === parent.spanId);
    const loader = childrenOf(server!).find((s) => s.name === "loader directory");
    expect(loader?.attributes).toMatchObject({ "react_router.route.id": "directory" });
    const queries = spans.filter((s) => s.attributes["db.system.name"] === "postgresql");
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query.kind).toBe(3);
      expect(query.attributes["db.operation.name"]).toMatch(/^[A-Z]+$/);
      // The statement, never the values: the search word went in as a parameter.
      expect(String(query.attributes["db.query.text"])).not.toContain("zebrafinch");
    }
    // The loader's queries are its children.
    expect(childrenOf(loader!).filter((s) => queries.includes(s)).length).toBeGreaterThan(0);

    // The access-log line of this request (found by the id the answer carried) names the same trace and span.
    const logLine = lines.find((l) => l.req?.id === answer?.requestId);
    expect(logLine).toMatchObject({ trace_id: CALLER_TRACE, span_id: server!.spanId });
  }, 120_000);
});
