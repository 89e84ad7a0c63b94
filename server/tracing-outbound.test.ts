/**
 * An outbound fetch is a client span (decision 0105): the SDK as a server process starts it (server/tracing.ts),
 * pointed at the fake collector, and the spans arrive when it shuts down, as in the drain.
 */
import { context, propagation, trace } from "@opentelemetry/api";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboundFetch } from "~/lib/outbound-fetch.server.ts";
import { tracer } from "~/lib/spans.server.ts";
import { activeTraceFields } from "~/lib/trace-log-fields.ts";
import { startFakeOtlpCollector, type FakeOtlpCollector } from "../tests/fakes/otlp-collector.ts";
import { startTracing } from "./tracing.ts";

let collector: FakeOtlpCollector;
const site = createServer((req, res) => res.writeHead(req.url?.startsWith("/missing") ? 404 : 200).end("ok"));
let origin: string;
beforeAll(async () => {
  collector = await startFakeOtlpCollector();
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  // The API's registrations are process-wide: leave none behind for the next file in this worker.
  trace.disable();
  context.disable();
  propagation.disable();
  await collector.close();
  site.close();
});

describe("an outbound fetch while tracing is on", () => {
  it("is a client span naming the host and the answer's status, without the query", async () => {
    const saved = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
    const tracing = startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url }, (error) => {
      throw error;
    });
    if (saved === undefined) delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = saved;
    expect(tracing).toBeDefined();

    const fetchOut = createOutboundFetch({ privateOrigins: [origin] });
    expect(await (await fetchOut(`${origin}/logo.png?api_key=s3cret`)).text()).toBe("ok");
    // The span ends when the body has been read (or the fetch fails or times out), as the time limit counts.
    const missing = await fetchOut(`${origin}/missing`);
    expect([missing.status, await missing.text()]).toEqual([404, "ok"]);
    // What the application's logger adds to a line (its pino mixin): the active span's ids, and nothing outside one.
    expect(activeTraceFields()).toEqual({});
    const inside = tracer.startActiveSpan("work", (span) => {
      span.end();
      return { fields: activeTraceFields(), ids: span.spanContext() };
    });
    expect(inside.fields).toEqual({ trace_id: inside.ids.traceId, span_id: inside.ids.spanId });
    await tracing!.shutdown();

    const spans = collector.spans.filter((s) => s.kind === 3);
    expect(spans.map((s) => s.attributes)).toEqual([
      expect.objectContaining({
        "http.request.method": "GET",
        "server.address": "127.0.0.1",
        "url.full": `${origin}/logo.png`,
        "http.response.status_code": 200,
      }),
      expect.objectContaining({ "url.full": `${origin}/missing`, "http.response.status_code": 404, "error.type": "404" }),
    ]);
    expect(JSON.stringify(collector.spans)).not.toContain("s3cret");
  });
});
