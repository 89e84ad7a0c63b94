/**
 * The one error type of the application. Its code decides the HTTP status (see STATUS_BY_CODE), so a
 * route never picks a status by hand and a bad request can never turn into a 500. Decision 0044.
 */
export const STATUS_BY_CODE = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  /** What the request names existed once and never will again (a superseded unsubscribe link). */
  gone: 410,
  payload_too_large: 413,
  rate_limited: 429,
  /** A fault of ours (a bug): logged with the request id, answered "Something went wrong" and the id. */
  internal: 500,
  /**
   * A third party the request needed (the payment provider) refused or did not answer: nothing was done. The message
   * says so to the client; the provider's own words go to the log.
   */
  bad_gateway: 502,
  /** The database is out of reach (refused, cut off, closed): an outage, not a bug. */
  data_source: 503,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  /** Headers the answer carries, e.g. Retry-After for rate_limited, Allow for method_not_allowed. */
  readonly headers?: Readonly<Record<string, string>>;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; details?: unknown; headers?: Record<string, string> }) {
    super(message, { cause: options?.cause });
    this.name = "AppError";
    this.code = code;
    this.details = options?.details;
    this.headers = options?.headers;
  }
  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

/**
 * The one not-found: throws the pipeline's 404 with a message for people (`{ error }` for an API, the page's error
 * boundary for a page). Written `return notFound(...)` or `throw notFound(...)`, both throw.
 */
export function notFound(message: string): never {
  throw new AppError("not_found", message);
}

/** The generic data-source failure text of spec 01 §8, without naming any third party. */
export const DATA_SOURCE_ERROR_TITLE = "Error loading listings";
export const DATA_SOURCE_ERROR_MESSAGE = "Could not load listings from the data source. Please check your connection and try again.";

/** What a client sees for a fault of ours: nothing of the fault itself, only the id to quote. */
export const INTERNAL_ERROR_MESSAGE = "Something went wrong. Please try again later.";

/** Socket-level failures (Node), postgres.js connection states: the server could not be reached or dropped us. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);
/** SQLSTATEs of a server that is going away or full: admin/crash shutdown, cannot connect now, too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

function isConnectionFailure(error: object): boolean {
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  if (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  // The embedded database after close() (a shutdown under way), and node-postgres's dropped connection.
  return error instanceof Error && /^(PGlite is closed|Connection terminated)/.test(error.message);
}

/**
 * Whether a thrown value is the database being out of reach (an outage: 503, the data-source text), as opposed to
 * a query that failed (a bug: 500). Looks through the causes the query builder wraps around the driver's error,
 * and into an AggregateError (a refused connection on every address of a host).
 */
export function isDataSourceFailure(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const e = pending.pop();
    if (e === null || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    if (e instanceof AppError) {
      if (e.code === "data_source") return true;
      continue;
    }
    if (isConnectionFailure(e)) return true;
    if (e instanceof Error) pending.push(e.cause);
    if (e instanceof AggregateError) pending.push(...e.errors);
  }
  return false;
}

/**
 * The innermost reason of an error (e.g. the database's "numeric field overflow"), at most 500 characters, for logs
 * an operator reads: the query builder wraps a database error in one quoting the statement and its parameters,
 * which hold people's e-mail addresses.
 */
export function failureReason(error: unknown): string {
  let deepest: unknown = error;
  for (let e: unknown = error; e instanceof Error; e = e.cause) deepest = e;
  const message = deepest instanceof Error ? deepest.message : String(deepest);
  return message.length > 500 ? `${message.slice(0, 500)}…` : message;
}
