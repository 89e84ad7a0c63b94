/**
 * A small in-process cache with a time to live and a size bound. Concurrent callers of the same key share
 * one load, so a burst of requests after expiry makes one database round trip, not many.
 */
export class TtlCache<V> {
  private entries = new Map<string, { expires: number; value: Promise<V> }>();
  /** `onLookup` is told whether each lookup was a hit (the metrics' cache counters, decision 0104). */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly onLookup: (hit: boolean) => void = () => {},
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    this.onLookup(Boolean(hit && hit.expires > now));
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

/**
 * One TtlCache per owner object (a database handle): two databases in one process, as in tests or a server
 * pointed at a new database, never answer from each other's entries.
 */
export class OwnedTtlCache<V> {
  private byOwner = new WeakMap<object, TtlCache<V>>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly onLookup?: (hit: boolean) => void,
  ) {}

  get(owner: object, key: string, load: () => Promise<V>): Promise<V> {
    let cache = this.byOwner.get(owner);
    if (!cache) this.byOwner.set(owner, (cache = new TtlCache<V>(this.ttlMs, this.maxEntries, this.onLookup)));
    return cache.get(key, load);
  }

  clear(owner?: object): void {
    if (owner) this.byOwner.get(owner)?.clear();
    else this.byOwner = new WeakMap();
  }
}
