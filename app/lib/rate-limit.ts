/**
 * A fixed-window rate limit per key (a client address), in memory. Enough for one server process; several
 * processes would each allow the limit, which still bounds guessing. Old windows are dropped as they expire.
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    // Read through Date on each call, not a saved Date.now: a test that sets the system time drives the limiters
    // the server keeps at module level too.
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Counts one attempt; false when the key is over its limit in the current window. */
  attempt(key: string): boolean {
    const now = this.now();
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.sweep(now);
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    current.count++;
    return current.count <= this.limit;
  }

  /** Seconds until the key's window ends, for a Retry-After header. */
  retryAfterSeconds(key: string): number {
    const current = this.windows.get(key);
    return current ? Math.max(1, Math.ceil((current.start + this.windowMs - this.now()) / 1000)) : 0;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
  }
}
