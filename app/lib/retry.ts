/**
 * Retrying calls to a third party (decision 0047): the one back-off every client uses. A failure is tried again
 * only when its caller says it is safe (a request that did not reach the far end, a 429, a 5xx, for requests that
 * change nothing); the wait is the server's Retry-After when it gave one, else a random wait below an exponential
 * ceiling (full jitter, so many callers that failed together do not come back together), never more than a cap.
 * The wait and the randomness are passed in, so a test decides them and reads what was waited.
 */

export interface RetryPolicy {
  /** Retries after the first attempt: at most maxRetries + 1 attempts. */
  maxRetries: number;
  /** The ceiling of the first wait; it doubles with each retry, up to maxDelayMs. */
  baseDelayMs: number;
  /**
   * The longest single wait. A server that asks for longer (Retry-After) is not asked again sooner than it said:
   * the call fails at once instead.
   */
  maxDelayMs: number;
}

/** Whether a failure may be tried again, and how long the far end asked us to wait first. */
export type RetryVerdict = { retry: false } | { retry: true; afterMs?: number };

export const NO_RETRY: RetryVerdict = { retry: false };

export interface RetryOptions extends RetryPolicy {
  /** Decides for each failure; a failure it does not call retryable is thrown at once. */
  shouldRetry: (error: unknown) => RetryVerdict;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Told before each wait (a log line, a counter). */
  onRetry?: (retry: { attempt: number; delayMs: number; error: unknown }) => void;
}

export const systemSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait before retry number `retry` (1 for the first): Retry-After if given, else full jitter below the ceiling. */
export function retryDelay(policy: RetryPolicy, retry: number, afterMs: number | undefined, random: () => number): number | undefined {
  if (afterMs !== undefined) return afterMs > policy.maxDelayMs ? undefined : afterMs;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.floor(random() * ceiling);
}

/**
 * Runs `attempt` (given its number, from 1) until it succeeds, fails in a way `shouldRetry` does not retry, or has
 * used its retries; then throws the last failure as it was.
 */
export async function withRetry<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const { shouldRetry, sleep = systemSleep, random = Math.random, onRetry } = options;
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n > options.maxRetries) throw error;
      const verdict = shouldRetry(error);
      if (!verdict.retry) throw error;
      const delayMs = retryDelay(options, n, verdict.afterMs, random);
      if (delayMs === undefined) throw error;
      onRetry?.({ attempt: n, delayMs, error });
      await sleep(delayMs);
    }
  }
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(header)) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * What an HTTP answer allows: a 429 and a 5xx may be asked again (after Retry-After when the server gave it), any
 * other refusal will be refused again. Only for requests that change nothing at the far end.
 */
export function verdictForStatus(status: number, retryAfter: string | null, now: number): RetryVerdict {
  if (status !== 429 && status < 500) return NO_RETRY;
  return { retry: true, afterMs: retryAfterMs(retryAfter, now) };
}
