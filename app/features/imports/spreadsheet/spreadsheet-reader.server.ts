/**
 * Reads whole tables of an operator's hosted spreadsheet base (issue 7 §7) through its Airtable-style API: pages of
 * 100 followed by `offset`, at most `rateLimit` requests starting in any second per base (the API allows 5), a
 * `backoffMs` wait on 429 (the API asks for 30 s), and a restart when a listing's cursor expired. The key travels
 * only in the Authorization header of API calls: never to attachment hosts, never into a url, error or log line.
 */
import { z } from "zod";
import { outboundFetch } from "~/lib/outbound-fetch.server.ts";
import { createStartLimiter } from "./start-limiter.ts";

export type SpreadsheetErrorCode =
  | "auth" // 401/403: the key is wrong or may not read this base
  | "not_found" // 404: no such base or table
  | "rate_limited" // still 429 after every retry
  | "cursor_expired" // the listing's cursor kept expiring after every restart
  | "http" // any other refusal
  | "network" // no answer
  | "format" // an answer that is not the API's shape
  | "attachment_expired" // an attachment url past its expiry
  | "too_large"; // an attachment over the size limit

export class SpreadsheetReadError extends Error {
  readonly code: SpreadsheetErrorCode;
  readonly status?: number;
  constructor(code: SpreadsheetErrorCode, message: string, status?: number) {
    super(message);
    this.name = "SpreadsheetReadError";
    this.code = code;
    this.status = status;
  }
}

export const SpreadsheetRecord = z.object({
  id: z.string(),
  createdTime: z.string().optional(),
  fields: z.record(z.string(), z.unknown()),
});
export type SpreadsheetRecord = z.infer<typeof SpreadsheetRecord>;
const RecordsPage = z.object({ records: z.array(SpreadsheetRecord), offset: z.string().optional() });
/** {"error": "NOT_FOUND"} or {"error": {"type", "message"}}. */
const ErrorBody = z.object({ error: z.union([z.string(), z.object({ type: z.string().optional(), message: z.string().optional() })]) });

export interface Attachment {
  bytes: Uint8Array;
  contentType: string;
}

export interface SpreadsheetReaderOptions {
  baseUrl: string;
  apiKey: string;
  baseId: string;
  /** Defaults to the guarded outbound fetch (DESIGN D16): attachment urls come from the base, so from anyone. */
  fetch?: typeof fetch;
  /** The clock and the wait the rate limit and the 429 back-off go by (tests pass a virtual clock). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Requests that may start in any one-second window. */
  rateLimit?: number;
  /** The wait after a 429 before the same page is asked for again. */
  backoffMs?: number;
  /** 429s in a row on one request before giving up. */
  maxRateLimitRetries?: number;
  /** Restarts of one listing after its cursor expired. */
  maxRestarts?: number;
  timeoutMs?: number;
  maxAttachmentBytes?: number;
}

export interface SpreadsheetReader {
  listAll(table: string, options?: { fields?: string[]; view?: string }): AsyncGenerator<SpreadsheetRecord>;
  getRecord(table: string, id: string): Promise<SpreadsheetRecord>;
  fetchAttachment(url: string): Promise<Attachment>;
}

const PAGE_SIZE = 100;
/**
 * The server counts arrivals, the limiter counts starts: a request delayed in transit can land in the next
 * server-side window, so the window we keep is a little longer than a second.
 */
const WINDOW_MS = 1_050;
const ITERATOR_EXPIRED = "LIST_RECORDS_ITERATOR_NOT_AVAILABLE";

export function createSpreadsheetReader(options: SpreadsheetReaderOptions): SpreadsheetReader {
  const {
    apiKey,
    baseId,
    fetch: doFetch = outboundFetch,
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    now = Date.now,
    rateLimit = 5,
    backoffMs = 30_000,
    maxRateLimitRetries = 5,
    maxRestarts = 3,
    timeoutMs = 30_000,
    maxAttachmentBytes = 5 * 1024 * 1024,
  } = options;
  const apiUrl = options.baseUrl.replace(/\/+$/, "");
  const redact = (text: string) => (apiKey ? text.split(apiKey).join("[key]") : text);

  const limiter = createStartLimiter({ perWindow: rateLimit, windowMs: WINDOW_MS, now, sleep });

  async function send(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const reason = error instanceof Error && error.name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : errorText(error);
      throw new SpreadsheetReadError("network", redact(`Could not reach ${what}: ${reason}`));
    }
  }

  /** One API GET: rate limited, retried on 429, its answer checked against `schema`. */
  async function apiGet<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      await limiter.take();
      const response = await send(
        `${apiUrl}${path}`,
        { headers: { Authorization: `Bearer ${apiKey}`, Accept: "application/json" } },
        `the spreadsheet API at ${apiUrl}`,
      );
      const text = await response.text().catch(() => "");
      if (response.status === 429 && attempt < maxRateLimitRetries) {
        await sleep(backoffMs);
        continue;
      }
      if (!response.ok) throw refusal(response.status, redact(apiMessage(text) ?? response.statusText));
      const parsed = schema.safeParse(parseJson(text));
      if (!parsed.success) throw new SpreadsheetReadError("format", "Unexpected response format - API may have changed", response.status);
      return parsed.data;
    }
  }

  const tablePath = (table: string) => `/v0/${encodeURIComponent(baseId)}/${encodeURIComponent(table)}`;

  async function* listAll(table: string, { fields, view }: { fields?: string[]; view?: string } = {}) {
    const seen = new Set<string>();
    let restarts = 0;
    let offset: string | undefined;
    for (;;) {
      const query = new URLSearchParams({ pageSize: String(PAGE_SIZE) });
      for (const field of fields ?? []) query.append("fields[]", field);
      if (view) query.set("view", view);
      if (offset) query.set("offset", offset);
      let page: z.infer<typeof RecordsPage>;
      try {
        page = await apiGet(`${tablePath(table)}?${query}`, RecordsPage);
      } catch (error) {
        // An expired cursor cannot be resumed: list again from the start and skip what was already yielded.
        if (!(error instanceof SpreadsheetReadError && error.status === 422 && error.message.includes(ITERATOR_EXPIRED))) throw error;
        if (restarts >= maxRestarts)
          throw new SpreadsheetReadError("cursor_expired", `Listing ${table} kept losing its cursor (${maxRestarts} restarts)`, 422);
        restarts += 1;
        offset = undefined;
        continue;
      }
      for (const record of page.records) {
        if (seen.has(record.id)) continue;
        seen.add(record.id);
        yield record;
      }
      if (!page.offset) return;
      offset = page.offset;
    }
  }

  async function fetchAttachment(url: string): Promise<Attachment> {
    // Signed file urls need no key, and the file host may not be the API's: it is never sent the key.
    const response = await send(url, {}, "an attachment");
    const where = safeUrl(url);
    if (response.status === 403 || response.status === 410)
      throw new SpreadsheetReadError("attachment_expired", `The attachment url has expired (${where})`, response.status);
    if (!response.ok)
      throw new SpreadsheetReadError("http", `Attachment download failed: HTTP ${response.status} (${where})`, response.status);
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > maxAttachmentBytes) throw tooLarge(where, maxAttachmentBytes);
    const bytes = await readCapped(response, maxAttachmentBytes, where);
    const contentType = (response.headers.get("content-type") ?? "application/octet-stream").split(";")[0]!.trim();
    return { bytes, contentType };
  }

  return {
    listAll,
    getRecord: (table, id) => apiGet(`${tablePath(table)}/${encodeURIComponent(id)}`, SpreadsheetRecord),
    fetchAttachment,
  };
}

function refusal(status: number, detail: string): SpreadsheetReadError {
  const text = `HTTP ${status}${detail ? `: ${detail}` : ""}`;
  if (status === 401 || status === 403) return new SpreadsheetReadError("auth", `Authentication failed - check API key (${text})`, status);
  if (status === 404) return new SpreadsheetReadError("not_found", `Not found (${text})`, status);
  if (status === 429) return new SpreadsheetReadError("rate_limited", `Still rate limited after retrying (${text})`, status);
  return new SpreadsheetReadError("http", text, status);
}

const tooLarge = (where: string, limit: number) =>
  new SpreadsheetReadError("too_large", `The attachment is over the ${Math.round(limit / 1024)} KB limit (${where})`);

/** Reads a body up to `limit` bytes, cancelling the download as soon as it goes over. */
async function readCapped(response: Response, limit: number, where: string): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(where, limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** An attachment url without its query: the signature is a credential of sorts and stays out of messages. */
function safeUrl(url: string): string {
  try {
    const { origin, pathname } = new URL(url);
    return `${origin}${pathname}`;
  } catch {
    return "an invalid url";
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function apiMessage(text: string): string | undefined {
  const parsed = ErrorBody.safeParse(parseJson(text));
  if (!parsed.success) return text.trim().slice(0, 200) || undefined;
  const { error } = parsed.data;
  return typeof error === "string" ? error : [error.type, error.message].filter(Boolean).join(": ") || undefined;
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : "";
  return cause ? `${error.message} (${cause})` : error.message;
}
