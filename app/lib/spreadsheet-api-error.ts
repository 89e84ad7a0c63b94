/**
 * How a call to the hosted spreadsheet API failed (decision 0047): one error for the import and the diagnostics. It
 * is an AppError of code `data_source` (the far end failed us, not the visitor); `reason` says how, `httpStatus` is
 * what the API answered and `detail` the API's own words, when it gave any.
 */
import { AppError } from "./errors.ts";

export type SpreadsheetFailure =
  | "auth" // 401/403: the key is wrong or may not read this base
  | "not_found" // 404: no such base or table
  | "rate_limited" // 429, still after every retry
  | "cursor_expired" // the listing's cursor kept expiring after every restart
  | "http" // any other refusal
  | "network" // no answer, or an address the outbound fetch refuses
  | "format" // an answer that is not the API's shape
  | "attachment_expired" // an attachment url past its expiry
  | "too_large"; // an attachment over the size limit

export class SpreadsheetApiError extends AppError {
  readonly reason: SpreadsheetFailure;
  /** The HTTP status the API (or the file host) answered; absent when it did not answer usably. */
  readonly httpStatus?: number;
  /** The API's own words for a refused call ("TABLE_NOT_FOUND: Could not find table ..."), when it gave any. */
  readonly detail?: string;
  constructor(reason: SpreadsheetFailure, message: string, options: { httpStatus?: number; detail?: string } = {}) {
    super("data_source", message);
    this.name = "SpreadsheetApiError";
    this.reason = reason;
    this.httpStatus = options.httpStatus;
    this.detail = options.detail;
  }
}

/** The words of spec 02 §8 for the provider, used for this API too: they say what to check. */
const AUTH_FAILED = "Authentication failed - check API key";
export const UNEXPECTED_FORMAT = "Unexpected response format - API may have changed";

/** A refused API call; `retried` when the call had been asked again before this answer. */
export function refusal(status: number, detail: string | undefined, retried: boolean): SpreadsheetApiError {
  const text = `HTTP ${status}${detail ? `: ${detail}` : ""}`;
  const options = { httpStatus: status, detail };
  if (status === 401 || status === 403) return new SpreadsheetApiError("auth", `${AUTH_FAILED} (${text})`, options);
  if (status === 404) return new SpreadsheetApiError("not_found", `Not found (${text})`, options);
  if (status === 429)
    return new SpreadsheetApiError("rate_limited", `${retried ? "Still rate limited after retrying" : "Rate limited"} (${text})`, options);
  return new SpreadsheetApiError("http", text, options);
}

/** The API's words in an error body: {"error": "NOT_FOUND"} or {"error": {"type", "message"}}; else the body's start. */
export function apiMessage(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text.trim().slice(0, 200) || undefined;
  }
  const error = body && typeof body === "object" ? (body as { error?: unknown }).error : undefined;
  if (typeof error === "string") return error || undefined;
  if (error && typeof error === "object") {
    const { type, message } = error as { type?: unknown; message?: unknown };
    return [type, message].filter((part): part is string => typeof part === "string" && part !== "").join(": ") || undefined;
  }
  return text.trim().slice(0, 200) || undefined;
}
