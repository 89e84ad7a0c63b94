import { describe, expect, it } from "vitest";
import { rateLimitHeaders } from "./rate-limit-headers.ts";

const minute = { policy: "minute", limit: 60, remaining: 59, resetSeconds: 30, windowSeconds: 60 };
const month = { policy: "month", limit: 10000, remaining: 9000, resetSeconds: 86400, windowSeconds: 2592000 };

describe("rateLimitHeaders (draft-ietf-httpapi-ratelimit-headers-11)", () => {
  it("lists every policy in RateLimit-Policy and what is left of each in RateLimit, under the same names", () => {
    expect(rateLimitHeaders([minute, month])).toEqual({
      "RateLimit-Policy": '"minute";q=60;w=60, "month";q=10000;w=2592000',
      RateLimit: '"minute";r=59;t=30, "month";r=9000;t=86400',
    });
  });

  it("sends none of the fields of the old drafts", () => {
    const fields = Object.keys(rateLimitHeaders([minute])).map((field) => field.toLowerCase());
    expect(fields).toEqual(["ratelimit-policy", "ratelimit"]);
  });

  it("says whole, non-negative numbers: never a negative count or a fraction of a second", () => {
    expect(rateLimitHeaders([{ ...minute, remaining: -1, resetSeconds: 0.2 }]).RateLimit).toBe('"minute";r=0;t=1');
  });

  it("refuses a policy name a structured-field parser would not read back", () => {
    expect(() => rateLimitHeaders([{ ...minute, policy: 'per "minute"' }])).toThrow(RangeError);
    expect(() => rateLimitHeaders([])).toThrow(RangeError);
  });
});
