/**
 * How large a request body may be, by kind (DESIGN D16): the one place the limits live. The server counts a
 * body's bytes as they arrive (server/request-guard.ts) and the body reader counts them again
 * (readBody in http.server.ts); neither buffers or parses past the limit, and both answer 413.
 */

export type BodyKind = "json" | "form" | "multipart" | "other";

const KB = 1024;
const MB = 1024 * KB;

/**
 * Each limit is the largest legitimate body of its kind with room to spare:
 * - json: the largest JSON a client sends is an audit entry (spec 02 §3), under 50 KB of text at its maximum;
 *   intro requests, sign-ups and the operator APIs are a few KB.
 * - form: the listing editor with every field and every row at its maximum is about 0.9 MB of plain text
 *   (50 FAQs of 5,000 characters, 50 funding rounds, …); a real listing is tens of KB.
 * - multipart: a feature application, its logo (1 MB at most, LOGO_MAX_BYTES) and its text fields; a logo a
 *   little over 1 MB still reaches the form, which says so beside the field.
 * - other: no route reads a body of another type except the lead API's JSON sent without a content type.
 */
export const BODY_LIMITS: Readonly<Record<BodyKind, number>> = {
  json: 256 * KB,
  form: 2 * MB,
  multipart: 2 * MB,
  other: 64 * KB,
};

/** The kind of a body from its Content-Type header (parameters and case ignored). */
export function bodyKindOf(contentType: string | null | undefined): BodyKind {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type)) return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return "multipart";
  return "other";
}

/** "256 KB", "2 MB": limits are whole KB or MB. */
export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.ceil(bytes / KB)} KB`;
}

const KIND_NAMES: Record<BodyKind, string> = {
  json: "a JSON body",
  form: "a form",
  multipart: "a form with files",
  other: "a body of this type",
};

/** The 413 message: what was too large and what the limit is. */
export function tooLargeMessage(kind: BodyKind): string {
  const advice = kind === "multipart" ? " Choose a smaller file (a logo is at most 1 MB) and send the form again." : "";
  return `The request is too large: ${KIND_NAMES[kind]} may be at most ${formatBytes(BODY_LIMITS[kind])}.${advice}`;
}

/** A Content-Length header as a byte count: null when absent; NaN when it is not a plain number. */
export function declaredLength(header: string | null | undefined): number | null {
  if (header === null || header === undefined || header === "") return null;
  return /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : Number.NaN;
}

export interface BodyFacts {
  /** The whole body has arrived (or there was none). */
  complete: boolean;
  /** Content-Length, or null for a chunked body. */
  declaredLength: number | null;
  limit: number;
  /** More than the limit arrived while counting. */
  overflowed: boolean;
}

/**
 * What the connection does after an answer. `keep`: nothing is left to read. `drain`: the rest of a body
 * the route did not read is read and dropped after the answer, and the connection serves the next request;
 * only when its length is declared and within the limit, so the drain is bounded. `close`: anything else
 * (over the limit, or a chunked body whose size nobody knows): the answer says `Connection: close` and the
 * server stops reading.
 */
export function connectionAfterAnswer(facts: BodyFacts): "keep" | "drain" | "close" {
  if (facts.overflowed) return "close";
  if (facts.complete) return "keep";
  if (facts.declaredLength !== null && facts.declaredLength <= facts.limit) return "drain";
  return "close";
}
