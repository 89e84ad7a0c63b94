import { describe, expect, it } from "vitest";
import { NO_RETRY, retryAfterMs, retryDelay, verdictForStatus, withRetry, type RetryOptions, type RetryVerdict } from "./retry.ts";

class Failure extends Error {
  constructor(readonly verdict: RetryVerdict) {
    super("failed");
  }
}

/** A call that fails with the given verdicts in turn, then answers "ok"; what it waited is recorded. */
function scripted(verdicts: RetryVerdict[], options: Partial<RetryOptions> = {}) {
  const waits: number[] = [];
  const attempts: number[] = [];
  const run = withRetry(
    async (n) => {
      attempts.push(n);
      const verdict = verdicts[n - 1];
      if (verdict) throw new Failure(verdict);
      return "ok";
    },
    {
      maxRetries: 4,
      baseDelayMs: 100,
      maxDelayMs: 1_000,
      shouldRetry: (error) => (error instanceof Failure ? error.verdict : NO_RETRY),
      sleep: async (ms) => void waits.push(ms),
      random: () => 0.999,
      ...options,
    },
  );
  return { run, waits, attempts };
}

const again: RetryVerdict = { retry: true };

describe("withRetry", () => {
  it("retries what may be retried, with full jitter below a doubling ceiling", async () => {
    const { run, waits, attempts } = scripted([again, again, again]);
    expect(await run).toBe("ok");
    expect(attempts).toEqual([1, 2, 3, 4]);
    expect(waits).toEqual([99, 199, 399]);
  });

  it("draws each wait at random below the ceiling, and never above the cap", async () => {
    const half = scripted([again, again, again, again], { random: () => 0.5 });
    await half.run;
    expect(half.waits).toEqual([50, 100, 200, 400]);
    const capped = scripted([again, again, again, again], { random: () => 0.999, baseDelayMs: 400 });
    await capped.run;
    expect(capped.waits).toEqual([399, 799, 999, 999]);
  });

  it("waits what the server asked for instead, exactly", async () => {
    const { run, waits } = scripted([
      { retry: true, afterMs: 700 },
      { retry: true, afterMs: 0 },
    ]);
    expect(await run).toBe("ok");
    expect(waits).toEqual([700, 0]);
  });

  it("does not ask again sooner than the server said: a wait over the cap fails at once", async () => {
    const { run, waits, attempts } = scripted([{ retry: true, afterMs: 1_001 }]);
    await expect(run).rejects.toMatchObject({ verdict: { afterMs: 1_001 } });
    expect(attempts).toEqual([1]);
    expect(waits).toEqual([]);
  });

  it("throws a failure that may not be retried at once, as it was", async () => {
    const { run, waits, attempts } = scripted([again, NO_RETRY, again]);
    await expect(run).rejects.toMatchObject({ verdict: NO_RETRY });
    expect(attempts).toEqual([1, 2]);
    expect(waits).toEqual([99]);
  });

  it("gives up after maxRetries retries with the last failure", async () => {
    const { run, attempts } = scripted([again, again, again], { maxRetries: 2 });
    await expect(run).rejects.toBeInstanceOf(Failure);
    expect(attempts).toEqual([1, 2, 3]);
    const none = scripted([again], { maxRetries: 0 });
    await expect(none.run).rejects.toBeInstanceOf(Failure);
    expect(none.attempts).toEqual([1]);
  });

  it("tells onRetry each retry before it waits", async () => {
    const told: Array<{ attempt: number; delayMs: number }> = [];
    const { run } = scripted([again, { retry: true, afterMs: 5 }], { onRetry: ({ attempt, delayMs }) => told.push({ attempt, delayMs }) });
    await run;
    expect(told).toEqual([
      { attempt: 1, delayMs: 99 },
      { attempt: 2, delayMs: 5 },
    ]);
  });
});

describe("retryDelay", () => {
  const policy = { maxRetries: 9, baseDelayMs: 500, maxDelayMs: 60_000 };
  it("stops doubling at the cap", () => {
    expect([1, 2, 3, 8, 20].map((n) => retryDelay(policy, n, undefined, () => 0.999_999))).toEqual([499, 999, 1999, 59_999, 59_999]);
  });
});

describe("verdictForStatus", () => {
  it("retries 429 and 5xx, with the server's Retry-After, and nothing else", () => {
    expect(verdictForStatus(429, "30", 0)).toEqual({ retry: true, afterMs: 30_000 });
    expect(verdictForStatus(429, null, 0)).toEqual({ retry: true, afterMs: undefined });
    expect(verdictForStatus(503, "2", 0)).toEqual({ retry: true, afterMs: 2_000 });
    expect(verdictForStatus(500, null, 0)).toEqual({ retry: true, afterMs: undefined });
    for (const status of [400, 401, 403, 404, 410, 422]) expect(verdictForStatus(status, "1", 0)).toEqual(NO_RETRY);
  });
});

describe("retryAfterMs", () => {
  it("reads seconds and HTTP dates", () => {
    expect(retryAfterMs("3", 0)).toBe(3000);
    expect(retryAfterMs(null, 0)).toBeUndefined();
    expect(retryAfterMs("soon", 0)).toBeUndefined();
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:10 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT"))).toBe(10_000);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:10 GMT", Date.parse("Wed, 21 Oct 2015 07:29:00 GMT"))).toBe(0);
  });
});
