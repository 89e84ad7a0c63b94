/**
 * A small client for the lead-data provider, LeadsOnTrees (spec 02 §7 "Provider"; DESIGN D9, D12): GET /funding and
 * GET /m-a, one page per call. The base URL comes from the environment, so tests and offline development point it
 * at tests/fakes/lead-provider.ts. The key travels only in the provider's header: never in a URL, an error message
 * or a log line. Transient failures (429, 5xx, timeouts) are retried by the shared back-off (app/lib/retry.ts).
 */
import { z } from "zod";
import { OutboundError, outboundFetch } from "~/lib/outbound-fetch.server.ts";
import { NO_RETRY, verdictForStatus, withRetry, type RetryVerdict } from "~/lib/retry.ts";
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
  /** Why, for the first few of them: "Record lot-f-00014: contact_info.employees: …" (issue 32). */
  droppedReasons: string[];
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
  /** The clock a Retry-After given as a date is read against. */
  now?: () => number;
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

/** One call's failure and whether the shared back-off may try the call again. */
class FailedCall extends Error {
  constructor(
    readonly error: ProviderError,
    readonly verdict: RetryVerdict,
  ) {
    super(error.message);
  }
}

/** Drop reasons kept per page: enough to see what is wrong, never a page's worth of text. */
const MAX_DROP_REASONS = 5;

/** "Record lot-f-00014: contact_info.employees: Invalid input…": the record's id (when it has one) and the first issue. */
function dropReason(item: unknown, issue: { path: readonly PropertyKey[]; message: string } | undefined): string {
  const id = item && typeof item === "object" ? (item as Record<string, unknown>).id : undefined;
  const which = typeof id === "string" && id.trim() ? `Record ${id.trim().slice(0, 80)}` : "A record without an id";
  const where = issue?.path.length ? `${issue.path.map(String).join(".")}: ` : "";
  return `${which}: ${where}${issue?.message ?? "not a provider record"}`;
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
    sleep,
    now = Date.now,
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
    try {
      const page = await withRetry(
        async () => {
          attempts += 1;
          return await callOnce(url);
        },
        {
          maxRetries,
          baseDelayMs,
          maxDelayMs,
          sleep,
          random,
          shouldRetry: (failure) => (failure instanceof FailedCall ? failure.verdict : NO_RETRY),
          onRetry: ({ attempt, delayMs, error }) => {
            const { kind, status } = (error as FailedCall).error;
            logger?.warn({ endpoint, attempt, status, kind, delayMs }, "provider call failed; retrying");
          },
        },
      );
      return { ...page, attempts };
    } catch (failure) {
      if (!(failure instanceof FailedCall)) throw failure;
      const { error, verdict } = failure;
      const note = verdict.retry && attempts > 1 ? ` (after ${attempts} attempts)` : "";
      throw new ProviderError(error.kind, `${error.message}${note}`, { status: error.status, attempts });
    }
  }

  const fail = (error: ProviderError, verdict: RetryVerdict = NO_RETRY) => new FailedCall(error, verdict);

  /** One call: its page, or a FailedCall saying whether it may be tried again. */
  async function callOnce(url: string): Promise<Omit<ProviderPage, "attempts">> {
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
        throw fail(new ProviderError("http", redact(`Could not reach the provider: ${error.message}`)));
      }
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const message = timedOut
        ? `No answer from the provider within ${timeoutMs / 1000} s`
        : `Could not reach the provider: ${redact(error instanceof Error ? error.message : String(error))}`;
      throw fail(new ProviderError("timeout", message), { retry: true });
    }
    if (response.status === 401 || response.status === 403) {
      throw fail(new ProviderError("auth", AUTH_FAILED, { status: response.status }));
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
      throw fail(error, verdictForStatus(response.status, response.headers.get("retry-after"), now()));
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw fail(new ProviderError("format", UNEXPECTED_FORMAT, { status: response.status }));
    }
    const spec = SpecEnvelope.safeParse(raw);
    const wrapped = spec.success ? undefined : ResponseEnvelope.safeParse(raw);
    const items = spec.success ? spec.data.data : wrapped?.success ? wrapped.data.response.data : undefined;
    if (!items) {
      throw fail(new ProviderError("format", UNEXPECTED_FORMAT, { status: response.status }));
    }
    const records: ProviderRecord[] = [];
    const droppedReasons: string[] = [];
    let dropped = 0;
    for (const item of items) {
      const parsed = ProviderRecord.safeParse(normaliseRecord(item));
      if (parsed.success) records.push(parsed.data);
      else {
        dropped += 1;
        if (droppedReasons.length < MAX_DROP_REASONS) droppedReasons.push(dropReason(item, parsed.error.issues[0]));
      }
    }
    return { records, dropped, droppedReasons, raw };
  }

  return { fetchPage };
}
