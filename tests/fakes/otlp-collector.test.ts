import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOtlpCollector, type FakeOtlpCollector } from "./otlp-collector.ts";

let collector: FakeOtlpCollector;
beforeAll(async () => {
  collector = await startFakeOtlpCollector();
});
afterAll(() => collector.close());

const EXPORT = {
  resourceSpans: [
    {
      resource: { attributes: [{ key: "service.name", value: { stringValue: "introbase" } }] },
      scopeSpans: [
        {
          spans: [
            {
              traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
              spanId: "00f067aa0ba902b7",
              name: "GET /listings",
              kind: 2,
              attributes: [{ key: "http.response.status_code", value: { intValue: "200" } }],
            },
          ],
        },
      ],
    },
  ],
};

const post = (body: string, contentType: string, target = "/v1/traces", method = "POST") =>
  fetch(`${collector.url}${target}`, { method, headers: { "Content-Type": contentType }, body: method === "GET" ? undefined : body });

describe("the fake OTLP collector", () => {
  it("keeps the spans of an OTLP/JSON export", async () => {
    expect((await post(JSON.stringify(EXPORT), "application/json")).status).toBe(200);
    expect(collector.spans.at(-1)).toMatchObject({
      name: "GET /listings",
      kind: 2,
      serviceName: "introbase",
      parentSpanId: undefined,
      attributes: { "http.response.status_code": 200 },
    });
  });

  it("refuses what a collector refuses: another content type, path or method, and a body that is not an export", async () => {
    expect((await post(JSON.stringify(EXPORT), "text/plain")).status).toBe(415);
    expect((await post(JSON.stringify(EXPORT), "application/json", "/v1/metrics")).status).toBe(404);
    expect((await post("", "application/json", "/v1/traces", "GET")).status).toBe(405);
    expect((await post("{not json", "application/json")).status).toBe(400);
    expect((await post(JSON.stringify({ spans: [] }), "application/json")).status).toBe(400);
  });
});
