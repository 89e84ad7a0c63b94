/**
 * A small client for the lead-data provider, LeadsOnTrees (spec 02 §7 "Provider"; DESIGN D9, D12): GET /funding and
 * GET /m-a, one page per call. The base URL comes from the environment, so tests and offline development point it
 * at tests/fakes/lead-provider.ts. The key travels only in the provider's header: never in a URL, an error message
 * or a log line. Transient failures (429, 5xx, timeouts) are retried with exponential back-off and full jitter.
 */
import { z } from "zod";
import { OutboundError, outboundFetch } from "~/lib/outbound-fetch.server.ts";
import { ProviderRecord } from "./provider-record.ts";
import { toSearchParams, type ProviderEndpoint, type ProviderQuery } from "./provider-query.ts";

/** The header the provider's public client sends the key in. */
export const PROVIDER_KEY_HEADER = "x-lot-api-key";

/** The words of spec 02 §8. */
export const KEY_REQUIRED = "API key is required";
export const AUTH_FAILED = "Authentication failed - check API key";
export const UNEXPECTED_FORMAT = "Unexpected response format - API may have changed";

export type ProviderErrorKind = "missing_key" | "auth" | "http" | "timeout" | "format";

export class ProviderError extends Error {
  readonly kind: ProviderErrorKind;
  /** The HTTP status, when the provider answered. */
  readonly status?: number;
  /** API calls made before giving up, for the job's "API Calls Made" counter. */
  readonly attempts: number;
  constructor(kind: ProviderErrorKind, message: string, options: { status?: number; attempts?: number } = {}) {
    super(message);
    this.name = "ProviderError";
    this.kind = kind;
    this.status = options.status;
    this.attempts = options.attempts ?? 0;
  }
}

export interface ProviderPage {
  records: ProviderRecord[];
  /** Records in the answer that failed the record schema; counted, not fatal. */
  dropped: number;
  /** The body as received, for the job's Raw Output. */
  raw: unknown;
  /** API calls this page took, retries included. */
  attempts: number;
}

export interface ProviderClient {
  fetchPage(endpoint: ProviderEndpoint, query: ProviderQuery): Promise<ProviderPage>;
}

export interface ProviderClientOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
  /** Retries after the first call; so at most maxRetries + 1 calls per page. */
  maxRetries?: number;
  baseDelayMs?: number;
  /** The longest single wait, Retry-After included: a provider asking for an hour should fail the run instead. */
  maxDelayMs?: number;
  /** Defaults to the guarded outbound fetch (DESIGN D16); tests pass one that allows their local fake. */
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Starts one call's time limit; tests pass limits they end by hand, so a slow machine never times a call out. */
  timeoutSignal?: (ms: number) => AbortSignal;
  random?: () => number;
  /** Where retries are reported (pino-like). Only the endpoint, status and wait are logged: never the key. */
  logger?: { warn(details: object, message: string): void };
}

/**
 * The spec's envelope ({message: "OK", data: [...]}) and the one the provider's public client reads
 * ({response: {data: [...]}}). Records are kept as unknown here and checked one by one below.
 */
const SpecEnvelope = z.object({ message: z.literal("OK"), data: z.array(z.unknown()) });
const ResponseEnvelope = z.object({ response: z.object({ data: z.array(z.unknown()) }) });

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds (the provider's form) or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(header)) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The provider's public client names the deal date `date_seen`; the record schema calls it `date`. */
function normaliseRecord(item: unknown): unknown {
  if (item && typeof item === "object" && !Array.isArray(item)) {
    const record = item as Record<string, unknown>;
    if (record.date === undefined && typeof record.date_seen === "string") return { ...record, date: record.date_seen.slice(0, 10) };
  }
  return item;
}

export function createProviderClient(options: ProviderClientOptions): ProviderClient {
  const {
    apiKey,
    timeoutMs = 15_000,
    maxRetries = 4,
    baseDelayMs = 500,
    maxDelayMs = 60_000,
    fetch: doFetch = outboundFetch,
    sleep = defaultSleep,
    timeoutSignal = (ms: number) => AbortSignal.timeout(ms),
    random = Math.random,
    logger,
  } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  /** Keeps the key out of anything we say, even if the provider echoes it back. */
  const redact = (text: string) => (apiKey ? text.split(apiKey).join("[key]") : text);

  async function fetchPage(endpoint: ProviderEndpoint, query: ProviderQuery): Promise<ProviderPage> {
    if (!apiKey) throw new ProviderError("missing_key", KEY_REQUIRED);
    const url = `${baseUrl}/${endpoint}?${toSearchParams(query, endpoint).toString()}`;
    let attempts = 0;
    for (;;) {
      attempts += 1;
      const outcome = await callOnce(url);
      if (outcome.ok) return { ...outcome.page, attempts };
      const { error, retryable, retryAfter } = outcome;
      if (!retryable || attempts > maxRetries) {
        const note = retryable && attempts > 1 ? ` (after ${attempts} attempts)` : "";
        throw new ProviderError(error.kind, `${error.message}${note}`, { status: error.status, attempts });
      }
      // Full jitter (a random wait up to the exponential ceiling) keeps many runs from retrying in step.
      const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempts - 1));
      const delay = retryAfter !== undefined ? Math.min(maxDelayMs, retryAfter) : Math.floor(random() * ceiling);
      logger?.warn(
        { endpoint, attempt: attempts, status: error.status, kind: error.kind, delayMs: delay },
        "provider call failed; retrying",
      );
      await sleep(delay);
    }
  }

  type Outcome =
    { ok: true; page: Omit<ProviderPage, "attempts"> } | { ok: false; error: ProviderError; retryable: boolean; retryAfter?: number };

  async function callOnce(url: string): Promise<Outcome> {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        headers: { [PROVIDER_KEY_HEADER]: apiKey!, Accept: "application/json" },
        signal: timeoutSignal(timeoutMs),
      });
      // The body read is inside the timeout too: a provider that stalls mid-body is as slow as one that never answers.
      text = await response.text();
    } catch (error) {
      // A refused address or url (private, not http) is refused again on every retry: fail at once.
      if (error instanceof OutboundError && error.code !== "too_large") {
        return { ok: false, error: new ProviderError("http", redact(`Could not reach the provider: ${error.message}`)), retryable: false };
      }
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const message = timedOut
        ? `No answer from the provider within ${timeoutMs / 1000} s`
        : `Could not reach the provider: ${redact(error instanceof Error ? error.message : String(error))}`;
      return { ok: false, error: new ProviderError("timeout", message), retryable: true };
    }
    if (response.status === 401 || response.status === 403) {
      return { ok: false, error: new ProviderError("auth", AUTH_FAILED, { status: response.status }), retryable: false };
    }
    if (!response.ok) {
      const detail =
        response.statusText ||
        text
          .replace(/<[^>]*>/g, " ")
          .replace(/\s+/g, " ")
          .trim()
          .slice(0, 120);
      const error = new ProviderError("http", redact(`HTTP ${response.status}: ${detail}`), { status: response.status });
      const retryable = response.status === 429 || response.status >= 500;
      return { ok: false, error, retryable, retryAfter: retryAfterMs(response.headers.get("retry-after")) };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { ok: false, error: new ProviderError("format", UNEXPECTED_FORMAT, { status: response.status }), retryable: false };
    }
    const spec = SpecEnvelope.safeParse(raw);
    const wrapped = spec.success ? undefined : ResponseEnvelope.safeParse(raw);
    const items = spec.success ? spec.data.data : wrapped?.success ? wrapped.data.response.data : undefined;
    if (!items) {
      return { ok: false, error: new ProviderError("format", UNEXPECTED_FORMAT, { status: response.status }), retryable: false };
    }
    const records: ProviderRecord[] = [];
    let dropped = 0;
    for (const item of items) {
      const parsed = ProviderRecord.safeParse(normaliseRecord(item));
      if (parsed.success) records.push(parsed.data);
      else dropped += 1;
    }
    return { ok: true, page: { records, dropped, raw } };
  }

  return { fetchPage };
}
