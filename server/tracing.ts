/**
 * Traces (decision 0105): the OpenTelemetry SDK, started in each server process before the application loads when the
 * OTEL_* settings name a collector (app/lib/tracing-settings.ts), and the span of every request. Off, nothing is
 * started: the API's tracer is a no-op and the request middleware is not installed. Spans go to the collector as OTLP
 * over HTTP (JSON) in batches; the drain on a stop signal flushes what is left (server/lifecycle.ts).
 *
 * Plain TypeScript run straight from Node (server/http-server.ts), outside the bundle. The application's modules reach
 * the same tracer through @opentelemetry/api's process-wide registration.
 */
import { context, propagation, SpanKind, SpanStatusCode, trace, type Span, type SpanContext } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { NodeSDK } from "@opentelemetry/sdk-node";
import type { NextFunction, Request, Response } from "express";
import { tracingEnabled, type TracingEnv } from "../app/lib/tracing-settings.ts";

export interface Tracing {
  /** Sends the spans not yet sent and stops; resolves even when the collector is away (its failure is logged). */
  shutdown(): Promise<void>;
}

/** Starts the SDK when the settings ask for it; undefined (nothing started) otherwise. */
export function startTracing(env: TracingEnv, onError: (error: unknown) => void): Tracing | undefined {
  if (!tracingEnabled(env)) return undefined;
  const sdk = new NodeSDK({
    // The exporter reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS and _TIMEOUT itself; the SDK reads the
    // sampler, the batch sizes, the propagators and OTEL_SERVICE_NAME / OTEL_RESOURCE_ATTRIBUTES.
    traceExporter: new OTLPTraceExporter(),
    serviceName: typeof env.OTEL_SERVICE_NAME === "string" && env.OTEL_SERVICE_NAME.trim() ? env.OTEL_SERVICE_NAME.trim() : "introbase",
    // Traces only: metrics are Prometheus's (/metrics) and logs stay pino's lines on standard output.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return {
    shutdown: () => sdk.shutdown().catch(onError),
  };
}

const tracer = trace.getTracer("introbase");
const REQUEST_SPAN = Symbol("introbase request span");

/** The request's span context, for its access-log line (server/access-log.ts). */
export function requestSpanContext(req: object): SpanContext | undefined {
  return (req as { [REQUEST_SPAN]?: Span })[REQUEST_SPAN]?.spanContext();
}

/**
 * One server span per request, under the caller's trace when it sent a `traceparent` (W3C trace context), with the
 * attributes of OpenTelemetry's HTTP semantic conventions. The route pattern (http.route) is set by the route module
 * that answers (app/lib/route-spans.server.ts); a request no route answers keeps the method alone as its name.
 */
export function traceRequests(req: Request, res: Response, next: NextFunction): void {
  const parent = propagation.extract(context.active(), req.headers);
  const span = tracer.startSpan(
    req.method,
    {
      kind: SpanKind.SERVER,
      attributes: {
        "http.request.method": req.method,
        "url.path": req.path,
        "url.scheme": req.protocol,
        "network.protocol.version": req.httpVersion,
        ...(req.headers["user-agent"] ? { "user_agent.original": req.headers["user-agent"] } : {}),
      },
    },
    parent,
  );
  (req as { [REQUEST_SPAN]?: Span })[REQUEST_SPAN] = span;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    span.setAttribute("http.response.status_code", res.statusCode);
    // A server span is an error for a 5xx only: a 4xx is the client's mistake (the HTTP conventions).
    if (res.statusCode >= 500) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute("error.type", String(res.statusCode));
    }
    span.end();
  };
  res.once("finish", end);
  res.once("close", end);
  context.with(trace.setSpan(parent, span), next);
}
