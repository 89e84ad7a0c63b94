import { describe, expect, it } from "vitest";
import { rateLimitHeaders, tightest } from "./rate-limit-headers.ts";

const minute = { limit: 60, remaining: 59, resetSeconds: 60, windowSeconds: 60 };
const month = { limit: 10000, remaining: 9000, resetSeconds: 86400, windowSeconds: 2592000 };

describe("rateLimitHeaders", () => {
  it("describes the limit closest to refusing and lists every policy", () => {
    expect(rateLimitHeaders([minute, month])).toEqual({
      "RateLimit-Limit": "60",
      "RateLimit-Remaining": "59",
      "RateLimit-Reset": "60",
      "RateLimit-Policy": "60;w=60, 10000;w=2592000",
    });
  });

  it("switches to the monthly quota once it has fewer calls left than the minute", () => {
    const almostSpent = { ...month, remaining: 3 };
    expect(rateLimitHeaders([minute, almostSpent])).toMatchObject({
      "RateLimit-Limit": "10000",
      "RateLimit-Remaining": "3",
      "RateLimit-Reset": "86400",
    });
  });

  it("of equals, the one that resets first; never a negative count", () => {
    expect(
      tightest([
        { ...month, remaining: 0 },
        { ...minute, remaining: 0 },
      ]),
    ).toMatchObject({ limit: 60 });
    expect(rateLimitHeaders([{ ...minute, remaining: -1, resetSeconds: 0.2 }])).toMatchObject({
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "1",
    });
  });
});
