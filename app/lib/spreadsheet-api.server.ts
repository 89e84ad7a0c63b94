/**
 * The one client of the hosted spreadsheet database's Airtable-style API (DESIGN D4, D9; decision 0047), for the
 * import (whole tables, logos) and the schema diagnostics (metadata, a few pages). Per client, so per base: at most
 * `rateLimit` requests start in any 1.05 s (the API allows 5 a second per base and counts arrivals; the margin keeps
 * network jitter from putting a sixth into its second). Failures that are safe to ask again (no answer, 429, 5xx)
 * go through the shared back-off (retry.ts); a 429 without Retry-After waits the 30 s the API documents. A listing
 * whose cursor expired is restarted, skipping records already yielded. The base URL comes from the environment, so
 * tests and offline development point it at tests/fakes/spreadsheet-api.ts. The key travels only in the
 * Authorization header of API calls: never to attachment hosts, never into a url, an error or a log line.
 */
import { z } from "zod";
import { OutboundError, outboundFetch } from "./outbound-fetch.server.ts";
import { readAtMost } from "./read-at-most.ts";
import { NO_RETRY, systemSleep, verdictForStatus, withRetry, type RetryPolicy, type RetryVerdict } from "./retry.ts";
import { SpreadsheetApiError, UNEXPECTED_FORMAT, apiMessage, refusal } from "./spreadsheet-api-error.ts";
import { createStartLimiter } from "./start-limiter.ts";

export { SpreadsheetApiError, UNEXPECTED_FORMAT, type SpreadsheetFailure } from "./spreadsheet-api-error.ts";

export interface SpreadsheetConfig {
  apiUrl: string;
  apiKey: string;
  baseId: string;
}

export interface SpreadsheetApiOptions {
  /** Defaults to the guarded outbound fetch (DESIGN D16): attachment urls come from the base, so from anyone. */
  fetch?: typeof fetch;
  /** The clock and the wait the rate limit and the back-off go by (tests pass a virtual clock). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Starts one request's time limit (tests pass limits they end by hand). */
  timeoutSignal?: (ms: number) => AbortSignal;
  /** Requests that may start in any one-second window. */
  rateLimit?: number;
  /** How failed calls are asked again; DEFAULT_RETRY suits a job, a page an operator waits on wants less. */
  retry?: Partial<RetryPolicy>;
  /** The wait after a 429 that named none (Retry-After): the API asks for 30 s. */
  rateLimitWaitMs?: number;
  /** Restarts of one listing after its cursor expired. */
  maxRestarts?: number;
  timeoutMs?: number;
  maxAttachmentBytes?: number;
}

const DEFAULT_RETRY: RetryPolicy = { maxRetries: 5, baseDelayMs: 500, maxDelayMs: 60_000 };

const MetaField = z.object({ id: z.string(), name: z.string(), type: z.string() });
const MetaTable = z.object({ id: z.string(), name: z.string(), fields: z.array(MetaField) });
const MetaResponse = z.object({ tables: z.array(MetaTable) });
export const SpreadsheetRecord = z.object({
  id: z.string(),
  createdTime: z.string().optional(),
  fields: z.record(z.string(), z.unknown()),
});
const RecordsPage = z.object({ records: z.array(SpreadsheetRecord), offset: z.string().optional() });

export type SpreadsheetTable = z.infer<typeof MetaTable>;
export type SpreadsheetRecord = z.infer<typeof SpreadsheetRecord>;
export type SpreadsheetRecords = z.infer<typeof RecordsPage>;

export interface RecordsQuery {
  pageSize: number;
  offset?: string;
  fields?: string[];
  view?: string;
}

export interface Attachment {
  bytes: Uint8Array;
  contentType: string;
}

export interface SpreadsheetApi {
  /** GET /v0/meta/bases/{baseId}/tables */
  listTables(): Promise<SpreadsheetTable[]>;
  /** GET /v0/{baseId}/{table}?pageSize=...&offset=...: one page. */
  listRecords(table: string, query: RecordsQuery): Promise<SpreadsheetRecords>;
  /** Every record of a table, by pages of 100, each once. */
  listAll(table: string, options?: { fields?: string[]; view?: string }): AsyncGenerator<SpreadsheetRecord>;
  getRecord(table: string, id: string): Promise<SpreadsheetRecord>;
  /** A file by its signed url, without the key; capped in size. */
  fetchAttachment(url: string): Promise<Attachment>;
}

const PAGE_SIZE = 100;
const WINDOW_MS = 1_050;
const ITERATOR_EXPIRED = "LIST_RECORDS_ITERATOR_NOT_AVAILABLE";

export function createSpreadsheetApi(config: SpreadsheetConfig, options: SpreadsheetApiOptions = {}): SpreadsheetApi {
  const {
    fetch: doFetch = outboundFetch,
    now = Date.now,
    sleep = systemSleep,
    random = Math.random,
    timeoutSignal = (ms: number) => AbortSignal.timeout(ms),
    rateLimit = 5,
    rateLimitWaitMs = 30_000,
    maxRestarts = 3,
    timeoutMs = 30_000,
    maxAttachmentBytes = 5 * 1024 * 1024,
  } = options;
  const { apiKey, baseId } = config;
  const apiUrl = config.apiUrl.replace(/\/+$/, "");
  const retryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  /** Keeps the key out of anything we say, even if an API echoes it back. */
  const redact = (text: string) => (apiKey ? text.split(apiKey).join("[key]") : text);
  const limiter = createStartLimiter({ perWindow: rateLimit, windowMs: WINDOW_MS, now, sleep });

  // Whether a failure may be asked again, decided where it was seen and read by the back-off.
  const verdicts = new WeakMap<object, RetryVerdict>();
  const retryable = (error: SpreadsheetApiError, verdict: RetryVerdict) => (verdicts.set(error, verdict), error);
  const retrying = <T>(call: (retried: boolean) => Promise<T>) =>
    withRetry((n) => call(n > 1), {
      ...retryPolicy,
      sleep,
      random,
      shouldRetry: (error) => (error instanceof SpreadsheetApiError && verdicts.get(error)) || NO_RETRY,
    });

  async function send(url: string, headers: Record<string, string>, what: string): Promise<Response> {
    try {
      return await doFetch(url, { headers, signal: timeoutSignal(timeoutMs) });
    } catch (error) {
      const reason = error instanceof Error && error.name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : errorText(error);
      const failure = new SpreadsheetApiError("network", redact(`Could not reach ${what}: ${reason}`));
      // An address or url the outbound fetch refuses is refused again on every retry.
      throw error instanceof OutboundError && error.code !== "too_large" ? failure : retryable(failure, { retry: true });
    }
  }

  /** One API GET: rate limited, retried when safe, its answer checked against `schema`. */
  function apiGet<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    return retrying(async (retried) => {
      await limiter.take();
      const headers = { Authorization: `Bearer ${apiKey}`, Accept: "application/json" };
      const response = await send(`${apiUrl}${path}`, headers, `the spreadsheet API at ${apiUrl}`);
      const text = await response.text().catch(() => "");
      if (!response.ok) {
        const detail = redact(apiMessage(text) ?? response.statusText) || undefined;
        const verdict = verdictForStatus(response.status, response.headers.get("retry-after"), now());
        const wait =
          verdict.retry && response.status === 429 ? { retry: true as const, afterMs: verdict.afterMs ?? rateLimitWaitMs } : verdict;
        throw retryable(refusal(response.status, detail, retried), wait);
      }
      const parsed = schema.safeParse(parseJson(text));
      if (!parsed.success) throw new SpreadsheetApiError("format", UNEXPECTED_FORMAT, { httpStatus: response.status });
      return parsed.data;
    });
  }

  const base = encodeURIComponent(baseId);
  const tablePath = (table: string) => `/v0/${base}/${encodeURIComponent(table)}`;

  function listRecords(table: string, { pageSize, offset, fields, view }: RecordsQuery): Promise<SpreadsheetRecords> {
    const query = new URLSearchParams({ pageSize: String(pageSize) });
    for (const field of fields ?? []) query.append("fields[]", field);
    if (view) query.set("view", view);
    if (offset) query.set("offset", offset);
    return apiGet(`${tablePath(table)}?${query}`, RecordsPage);
  }

  const listAll = (table: string, { fields, view }: { fields?: string[]; view?: string } = {}) =>
    listEveryRecord(table, (offset) => listRecords(table, { pageSize: PAGE_SIZE, offset, fields, view }), maxRestarts);

  const fetchAttachment = (url: string) => downloadAttachment(url, { send, retrying, retryable, now, maxAttachmentBytes });

  return {
    listTables: async () => (await apiGet(`/v0/meta/bases/${base}/tables`, MetaResponse)).tables,
    listRecords,
    listAll,
    getRecord: (table, id) => apiGet(`${tablePath(table)}/${encodeURIComponent(id)}`, SpreadsheetRecord),
    fetchAttachment,
  };
}

/**
 * Every record of a table, each once, page after page. An expired cursor cannot be resumed: the listing starts again
 * from the first page and skips what was already yielded, at most `maxRestarts` times.
 */
async function* listEveryRecord(
  table: string,
  listPage: (offset: string | undefined) => Promise<SpreadsheetRecords>,
  maxRestarts: number,
): AsyncGenerator<SpreadsheetRecord> {
  const seen = new Set<string>();
  let restarts = 0;
  let offset: string | undefined;
  for (;;) {
    let page: SpreadsheetRecords;
    try {
      page = await listPage(offset);
    } catch (error) {
      if (!(error instanceof SpreadsheetApiError && error.httpStatus === 422 && error.message.includes(ITERATOR_EXPIRED))) throw error;
      if (restarts >= maxRestarts)
        throw new SpreadsheetApiError("cursor_expired", `Listing ${table} kept losing its cursor (${maxRestarts} restarts)`, {
          httpStatus: 422,
        });
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

/** What an attachment download shares with the API's calls: the fetch, the back-off and the clock. */
interface DownloadContext {
  send: (url: string, headers: Record<string, string>, what: string) => Promise<Response>;
  retrying: <T>(call: (retried: boolean) => Promise<T>) => Promise<T>;
  retryable: (error: SpreadsheetApiError, verdict: RetryVerdict) => SpreadsheetApiError;
  now: () => number;
  maxAttachmentBytes: number;
}

/**
 * A file by its signed url. Signed file urls need no key, and the file host may not be the API's: it is never sent
 * the key, and its downloads do not count against the API's limit.
 */
function downloadAttachment(url: string, { send, retrying, retryable, now, maxAttachmentBytes }: DownloadContext): Promise<Attachment> {
  const where = safeUrl(url);
  return retrying(async () => {
    const response = await send(url, {}, "an attachment");
    const httpStatus = response.status;
    if (httpStatus === 403 || httpStatus === 410)
      throw new SpreadsheetApiError("attachment_expired", `The attachment url has expired (${where})`, { httpStatus });
    if (!response.ok) {
      const failure = new SpreadsheetApiError("http", `Attachment download failed: HTTP ${httpStatus} (${where})`, { httpStatus });
      throw retryable(failure, verdictForStatus(httpStatus, response.headers.get("retry-after"), now()));
    }
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > maxAttachmentBytes) throw tooLarge(where, maxAttachmentBytes);
    const bytes = await readCapped(response, maxAttachmentBytes, where);
    const contentType = (response.headers.get("content-type") ?? "application/octet-stream").split(";")[0]!.trim();
    return { bytes, contentType };
  });
}

const tooLarge = (where: string, limit: number) =>
  new SpreadsheetApiError("too_large", `The attachment is over the ${Math.round(limit / 1024)} KB limit (${where})`);

/** Reads a body up to `limit` bytes, cancelling the download as soon as it goes over. */
async function readCapped(response: Response, limit: number, where: string): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const bytes = await readAtMost(response.body, limit);
  if (bytes === "too_large") throw tooLarge(where, limit);
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

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : "";
  return cause ? `${error.message} (${cause})` : error.message;
}
