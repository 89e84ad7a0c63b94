/**
 * The one error type of the application. Its code decides the HTTP status (see STATUS_BY_CODE), so a
 * route never picks a status by hand and a bad request can never turn into a 500.
 */
export const STATUS_BY_CODE = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  data_source: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; details?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = "AppError";
    this.code = code;
    this.details = options?.details;
  }
  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

/** The generic data-source failure text of spec 01 §8, without naming any third party. */
export const DATA_SOURCE_ERROR_TITLE = "Error loading listings";
export const DATA_SOURCE_ERROR_MESSAGE = "Could not load listings from the data source. Please check your connection and try again.";

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
