/**
 * A local fake OpenTelemetry collector (decision 0105): OTLP over HTTP, `POST /v1/traces` with the body as the
 * exporter sends it (JSON, `application/json`, optionally gzip-compressed), kept as plain spans a test can search.
 * It refuses what a collector refuses: another path (404), another method (405), a body in another content type
 * (415; protobuf too, which this fake does not decode and the server never sends: see tracing-settings.ts), and a body
 * that is not OTLP JSON (400). Tests start it on a free port with `startFakeOtlpCollector`; by hand:
 *   node tests/fakes/otlp-collector.ts   (PORT, default 4318) and OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318
 * which prints one line per span it receives.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

type AttributeValue = string | number | boolean | null;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, AttributeValue>;
  /** 0 unset, 1 ok, 2 error. */
  statusCode: number;
  serviceName: string | undefined;
}

export interface FakeOtlpCollector {
  /** The base the exporter is given as OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  spans: ReceivedSpan[];
  /** Every request's status, refused ones included. */
  answers: number[];
  /** Resolves with the spans once `ready(spans)` holds, checked as each export arrives. */
  waitFor(ready: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]>;
  close(): Promise<void>;
}

interface OtlpKeyValue {
  key: string;
  value?: { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean };
}

function attributesOf(list: OtlpKeyValue[] | undefined): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const { key, value } of list ?? []) {
    if (value?.stringValue !== undefined) out[key] = value.stringValue;
    else if (value?.intValue !== undefined) out[key] = Number(value.intValue);
    else if (value?.doubleValue !== undefined) out[key] = value.doubleValue;
    else if (value?.boolValue !== undefined) out[key] = value.boolValue;
    else out[key] = null;
  }
  return out;
}

/** The spans of an ExportTraceServiceRequest in OTLP/JSON; throws on anything else. */
function spansOfExport(body: unknown): ReceivedSpan[] {
  const resourceSpans = (body as { resourceSpans?: unknown }).resourceSpans;
  if (!Array.isArray(resourceSpans)) throw new Error("no resourceSpans");
  const spans: ReceivedSpan[] = [];
  for (const resource of resourceSpans) {
    const serviceName = attributesOf(resource.resource?.attributes)["service.name"];
    for (const scope of resource.scopeSpans ?? []) {
      for (const span of scope.spans ?? []) {
        if (!/^[0-9a-f]{32}$/.test(span.traceId) || !/^[0-9a-f]{16}$/.test(span.spanId)) throw new Error("ids are not hex");
        spans.push({
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId || undefined,
          name: String(span.name),
          kind: Number(span.kind ?? 0),
          attributes: attributesOf(span.attributes),
          statusCode: Number(span.status?.code ?? 0),
          serviceName: typeof serviceName === "string" ? serviceName : undefined,
        });
      }
    }
  }
  return spans;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return req.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
}

export async function startFakeOtlpCollector(port = 0, onSpans?: (spans: ReceivedSpan[]) => void): Promise<FakeOtlpCollector> {
  const spans: ReceivedSpan[] = [];
  const answers: number[] = [];
  const waiting = new Set<() => void>();
  const answer = (res: ServerResponse, status: number, body: object) => {
    answers.push(status);
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const pathname = new URL(req.url ?? "/", "http://collector").pathname;
    if (pathname !== "/v1/traces") return answer(res, 404, { code: 5, message: `no such path: ${pathname}` });
    if (req.method !== "POST") return answer(res, 405, { code: 12, message: "POST only" });
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json") {
      req.resume();
      return answer(res, 415, { code: 3, message: `unsupported content type: ${type || "(none)"}` });
    }
    let received: ReceivedSpan[];
    try {
      received = spansOfExport(JSON.parse((await readBody(req)).toString("utf8")));
    } catch (error) {
      return answer(res, 400, { code: 3, message: `not an OTLP/JSON trace export: ${(error as Error).message}` });
    }
    spans.push(...received);
    onSpans?.(received);
    answer(res, 200, { partialSuccess: {} });
    for (const check of [...waiting]) check();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    answers,
    waitFor(ready) {
      return new Promise((resolve) => {
        const check = () => {
          if (!ready(spans)) return;
          waiting.delete(check);
          resolve(spans);
        };
        waiting.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const collector = await startFakeOtlpCollector(Number(process.env.PORT || 4318), (received) => {
    for (const span of received) console.log(`${span.traceId} ${span.spanId} <- ${span.parentSpanId ?? "(root)"} ${span.name}`);
  });
  console.log(`fake OTLP collector on ${collector.url}/v1/traces`);
}
