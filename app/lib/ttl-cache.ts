/**
 * A small in-process cache with a time to live and a size bound. Concurrent callers of the same key share
 * one load, so a burst of requests after expiry makes one database round trip, not many.
 */
export class TtlCache<V> {
  private entries = new Map<string, { expires: number; value: Promise<V> }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed load is not cached: the next caller tries again.
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
