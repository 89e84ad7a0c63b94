/**
 * A small client for a hosted spreadsheet database with an Airtable-style API (DESIGN D4, D9): its metadata (tables
 * and fields) and its records, paged by offset (spec 02 §7 "Database REST"). The base URL comes from the
 * environment, so tests and offline development point it at tests/fakes/spreadsheet-api.ts. The key travels only in
 * the Authorization header: it is never put in a URL, an error message or a log line.
 */
import { z } from "zod";
import { outboundFetch } from "~/lib/outbound-fetch.server.ts";

export interface SpreadsheetConfig {
  apiUrl: string;
  apiKey: string;
  baseId: string;
}

export interface SpreadsheetClientOptions {
  /** Defaults to the guarded outbound fetch (DESIGN D16). */
  fetch?: typeof fetch;
  /** Airtable allows 5 requests a second per base; requests are spaced at least this far apart. */
  minIntervalMs?: number;
  timeoutMs?: number;
  /** The clock and the wait the spacing goes by (tests pass a virtual clock). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A failed call: `status` is the HTTP status, absent when the API was not reached or answered nonsense. */
export class SpreadsheetApiError extends Error {
  readonly status?: number;
  /** The API's own words for a refused call ("TABLE_NOT_FOUND: Could not find table ..."), when it gave any. */
  readonly detail?: string;
  constructor(message: string, status?: number, detail?: string) {
    super(message);
    this.name = "SpreadsheetApiError";
    this.status = status;
    this.detail = detail;
  }
}

/** The words of spec 02 §8 for the provider, used for this API too: they say what to check. */
export const AUTH_FAILED = "Authentication failed - check API key";
export const UNEXPECTED_FORMAT = "Unexpected response format - API may have changed";

const MetaField = z.object({ id: z.string(), name: z.string(), type: z.string() });
const MetaTable = z.object({ id: z.string(), name: z.string(), fields: z.array(MetaField) });
const MetaResponse = z.object({ tables: z.array(MetaTable) });
const RecordsResponse = z.object({
  records: z.array(z.object({ id: z.string(), createdTime: z.string().optional(), fields: z.record(z.string(), z.unknown()) })),
  offset: z.string().optional(),
});
/** Airtable answers errors as {"error": "NOT_FOUND"} or {"error": {"type": ..., "message": ...}}. */
const ErrorBody = z.object({ error: z.union([z.string(), z.object({ type: z.string().optional(), message: z.string().optional() })]) });

export type SpreadsheetTable = z.infer<typeof MetaTable>;
export type SpreadsheetRecords = z.infer<typeof RecordsResponse>;

export interface SpreadsheetClient {
  /** GET /v0/meta/bases/{baseId}/tables */
  listTables(): Promise<SpreadsheetTable[]>;
  /** GET /v0/{baseId}/{table}?pageSize=...&offset=... */
  listRecords(table: string, page: { pageSize: number; offset?: string }): Promise<SpreadsheetRecords>;
}

export function createSpreadsheetClient(config: SpreadsheetConfig, options: SpreadsheetClientOptions = {}): SpreadsheetClient {
  const doFetch = options.fetch ?? outboundFetch;
  const minInterval = options.minIntervalMs ?? 200;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const apiUrl = config.apiUrl.replace(/\/+$/, "");
  const base = encodeURIComponent(config.baseId);
  let nextSlot = 0;
  /** Keeps the key out of anything we say, even if an API echoes it back. */
  const redact = (text: string) => (config.apiKey ? text.split(config.apiKey).join("[key]") : text);

  async function get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const wait = nextSlot - now();
    nextSlot = Math.max(now(), nextSlot) + minInterval;
    if (wait > 0) await sleep(wait);
    let response: Response;
    try {
      response = await doFetch(`${apiUrl}${path}`, {
        headers: { Authorization: `Bearer ${config.apiKey}`, Accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} s` : errorText(error);
      throw new SpreadsheetApiError(redact(`Could not reach the spreadsheet API at ${apiUrl}: ${reason}`));
    }
    const text = await response.text().catch(() => "");
    if (!response.ok) {
      const detail = redact(apiMessage(text) ?? response.statusText ?? "");
      if (response.status === 401)
        throw new SpreadsheetApiError(`${AUTH_FAILED} (HTTP 401${detail ? `: ${detail}` : ""})`, 401, detail || undefined);
      throw new SpreadsheetApiError(`HTTP ${response.status}: ${detail || "no message"}`, response.status, detail || undefined);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new SpreadsheetApiError(UNEXPECTED_FORMAT, response.status);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new SpreadsheetApiError(UNEXPECTED_FORMAT, response.status);
    return parsed.data;
  }

  return {
    listTables: async () => (await get(`/v0/meta/bases/${base}/tables`, MetaResponse)).tables,
    listRecords: (table, { pageSize, offset }) => {
      const query = new URLSearchParams({ pageSize: String(pageSize) });
      if (offset) query.set("offset", offset);
      return get(`/v0/${base}/${encodeURIComponent(table)}?${query}`, RecordsResponse);
    },
  };
}

function apiMessage(text: string): string | undefined {
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(text));
    if (!parsed.success) return undefined;
    const { error } = parsed.data;
    return typeof error === "string" ? error : [error.type, error.message].filter(Boolean).join(": ") || undefined;
  } catch {
    return text.trim().slice(0, 200) || undefined;
  }
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : "";
  return cause ? `${error.message} (${cause})` : error.message;
}
