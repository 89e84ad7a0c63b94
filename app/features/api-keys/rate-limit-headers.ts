/**
 * The rate-limit headers of a keyed API answer (decision 0061): RateLimit-Limit, RateLimit-Remaining and
 * RateLimit-Reset as separate fields (the IETF httpapi draft's widely implemented form, draft 07), plus
 * RateLimit-Policy listing every limit that applies. Of several limits, the fields describe the one closest to
 * refusing, as the draft asks: a client that obeys them never meets the other.
 */

export interface Allowance {
  limit: number;
  /** Calls left in the window after this one. */
  remaining: number;
  /** Whole seconds until the window starts again. */
  resetSeconds: number;
  /** The window's length in seconds, for the policy. */
  windowSeconds: number;
}

/** The allowance closest to refusing: the fewest calls left; of equals, the one that resets first. */
export function tightest(allowances: readonly Allowance[]): Allowance {
  if (allowances.length === 0) throw new RangeError("no allowance");
  return allowances.reduce((a, b) =>
    b.remaining < a.remaining || (b.remaining === a.remaining && b.resetSeconds < a.resetSeconds) ? b : a,
  );
}

export function rateLimitHeaders(allowances: readonly Allowance[]): Record<string, string> {
  const shown = tightest(allowances);
  return {
    "RateLimit-Limit": String(shown.limit),
    "RateLimit-Remaining": String(Math.max(0, shown.remaining)),
    "RateLimit-Reset": String(Math.max(0, Math.ceil(shown.resetSeconds))),
    "RateLimit-Policy": allowances.map((a) => `${a.limit};w=${a.windowSeconds}`).join(", "),
  };
}
