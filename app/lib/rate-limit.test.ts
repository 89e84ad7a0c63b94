import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.ts";

describe("RateLimiter", () => {
  it("allows the limit per window and key, then refuses until the window ends", () => {
    let now = 0;
    const limiter = new RateLimiter(3, 60_000, () => now);
    expect([1, 2, 3, 4].map(() => limiter.attempt("a"))).toEqual([true, true, true, false]);
    expect(limiter.attempt("b")).toBe(true);
    expect(limiter.retryAfterSeconds("a")).toBe(60);
    now = 59_999;
    expect(limiter.attempt("a")).toBe(false);
    now = 60_000;
    expect(limiter.attempt("a")).toBe(true);
  });
});
