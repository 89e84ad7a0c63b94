import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OwnedTtlCache, TtlCache } from "./ttl-cache.ts";

describe("TtlCache", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function counter(prefix = "v") {
    let calls = 0;
    const load = vi.fn(async () => `${prefix}${++calls}`);
    return load;
  }

  it("loads once within the time to live, and again after it", async () => {
    const cache = new TtlCache<string>(1000);
    const load = counter();
    expect(await cache.get("k", load)).toBe("v1");
    vi.advanceTimersByTime(999);
    expect(await cache.get("k", load)).toBe("v1");
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get("k", load)).toBe("v2");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps keys apart", async () => {
    const cache = new TtlCache<string>(1000);
    expect(await cache.get("a", counter("a"))).toBe("a1");
    expect(await cache.get("b", counter("b"))).toBe("b1");
  });

  it("shares one load between concurrent callers", async () => {
    const cache = new TtlCache<string>(1000);
    let resolve!: (v: string) => void;
    const load = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const callers = [cache.get("k", load), cache.get("k", load), cache.get("k", load)];
    resolve("shared");
    expect(await Promise.all(callers)).toEqual(["shared", "shared", "shared"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not keep a failed load: the next caller tries again", async () => {
    const cache = new TtlCache<string>(60_000);
    const failing = vi.fn(async () => {
      throw new Error("database down");
    });
    await expect(cache.get("k", failing)).rejects.toThrow("database down");
    const load = counter();
    expect(await cache.get("k", load)).toBe("v1");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("lets a new load that replaced a failing one stay cached", async () => {
    const cache = new TtlCache<string>(1000);
    let reject!: (e: Error) => void;
    const slowFailure = cache.get("k", () => new Promise<string>((_, r) => (reject = r)));
    vi.advanceTimersByTime(1000);
    const load = counter();
    const fresh = cache.get("k", load);
    reject(new Error("late failure"));
    await expect(slowFailure).rejects.toThrow("late failure");
    expect(await fresh).toBe("v1");
    expect(await cache.get("k", load)).toBe("v1");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("drops the oldest entry past the size bound", async () => {
    const cache = new TtlCache<string>(60_000, 2);
    const a = counter("a");
    const b = counter("b");
    await cache.get("a", a);
    await cache.get("b", b);
    await cache.get("c", counter("c"));
    expect(await cache.get("b", b)).toBe("b1");
    expect(await cache.get("a", a)).toBe("a2");
  });

  it("forgets everything on clear", async () => {
    const cache = new TtlCache<string>(60_000);
    const load = counter();
    await cache.get("k", load);
    cache.clear();
    expect(await cache.get("k", load)).toBe("v2");
  });
});

describe("OwnedTtlCache", () => {
  it("never answers one owner from another owner's entries", async () => {
    const cache = new OwnedTtlCache<string>(60_000);
    const first = {};
    const second = {};
    expect(await cache.get(first, "k", async () => "first")).toBe("first");
    expect(await cache.get(second, "k", async () => "second")).toBe("second");
    expect(await cache.get(first, "k", async () => "reloaded")).toBe("first");
  });

  it("clears one owner, or every owner", async () => {
    const cache = new OwnedTtlCache<string>(60_000);
    const first = {};
    const second = {};
    await cache.get(first, "k", async () => "first");
    await cache.get(second, "k", async () => "second");
    cache.clear(first);
    expect(await cache.get(first, "k", async () => "first again")).toBe("first again");
    expect(await cache.get(second, "k", async () => "reloaded")).toBe("second");
    cache.clear();
    expect(await cache.get(second, "k", async () => "second again")).toBe("second again");
  });

  it("applies the time to live and size bound per owner", async () => {
    vi.useFakeTimers();
    try {
      const cache = new OwnedTtlCache<string>(1000, 1);
      const owner = {};
      await cache.get(owner, "a", async () => "a1");
      await cache.get(owner, "b", async () => "b1");
      expect(await cache.get(owner, "b", async () => "b2")).toBe("b1");
      expect(await cache.get(owner, "a", async () => "a2")).toBe("a2");
      vi.advanceTimersByTime(1000);
      expect(await cache.get(owner, "a", async () => "a3")).toBe("a3");
    } finally {
      vi.useRealTimers();
    }
  });
});
