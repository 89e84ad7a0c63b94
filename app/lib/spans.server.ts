/**
 * The application's spans (decision 0105), through @opentelemetry/api: while tracing is off (no SDK started by
 * server/tracing.ts) the tracer is the API's no-op one and each call costs a function call or two.
 */
import { SpanStatusCode, trace, type Attributes, type Span, type SpanKind } from "@opentelemetry/api";

export const tracer = trace.getTracer("introbase");

/**
 * Marks a span failed with the error's type: its code when it has one (a PostgreSQL SQLSTATE, an outbound error's
 * code), else its class. Never its message: a failed query's message quotes the values (decision 0071), and a span
 * leaves the process for the collector.
 */
export function recordFailure(span: Span, error: unknown): void {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.setAttribute("error.type", typeof code === "string" && code ? code : error instanceof Error ? error.name : typeof error);
}

/** Runs `work` as the active span `name` (its children nest under it), ending it when the work settles. */
export async function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      recordFailure(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}
