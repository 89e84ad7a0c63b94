/**
 * The trace and span ids of the work in hand, for log lines (decision 0105): a line written while a span is active
 * carries `trace_id` and `span_id` beside the request id, so an operator goes from a slow trace to its lines and back.
 * Nothing while tracing is off (no span is ever active then). Plain code: server/http-server.ts's loggers use it too.
 */
import { trace, type SpanContext } from "@opentelemetry/api";

export function traceFieldsOf(spanContext: SpanContext | undefined): { trace_id?: string; span_id?: string } {
  if (!spanContext || !trace.isSpanContextValid(spanContext)) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/** For pino's `mixin`: the active span's ids, if any. */
export function activeTraceFields(): { trace_id?: string; span_id?: string } {
  return traceFieldsOf(trace.getActiveSpan()?.spanContext());
}
