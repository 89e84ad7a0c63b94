import { describe, expect, it } from "vitest";
import { passesOriginCheck, type RequestFacts } from "./same-origin.ts";

const OURS = ["https://introbase.example"];
const post = (facts: Partial<RequestFacts>): RequestFacts => ({
  method: "POST",
  origin: null,
  referer: null,
  secFetchSite: null,
  hasCookie: true,
  ...facts,
});

describe("passesOriginCheck", () => {
  it("lets safe methods through whatever their origin", () => {
    expect(passesOriginCheck({ ...post({ origin: "https://evil.example" }), method: "GET" }, OURS)).toBe(true);
    expect(passesOriginCheck({ ...post({ origin: "https://evil.example" }), method: "head" }, OURS)).toBe(true);
  });

  it("accepts our own origin and refuses any other, including the opaque 'null' origin with a cookie", () => {
    expect(passesOriginCheck(post({ origin: "https://introbase.example" }), OURS)).toBe(true);
    expect(passesOriginCheck(post({ origin: "https://evil.example" }), OURS)).toBe(false);
    expect(passesOriginCheck(post({ origin: "https://introbase.example.evil.example" }), OURS)).toBe(false);
    expect(passesOriginCheck(post({ origin: "null" }), OURS)).toBe(false);
  });

  it("falls back to Sec-Fetch-Site, then the Referer, when there is no Origin", () => {
    expect(passesOriginCheck(post({ secFetchSite: "same-origin" }), OURS)).toBe(true);
    expect(passesOriginCheck(post({ secFetchSite: "cross-site" }), OURS)).toBe(false);
    expect(passesOriginCheck(post({ secFetchSite: "same-site" }), OURS)).toBe(false);
    expect(passesOriginCheck(post({ referer: "https://introbase.example/settings" }), OURS)).toBe(true);
    expect(passesOriginCheck(post({ referer: "https://evil.example/" }), OURS)).toBe(false);
    expect(passesOriginCheck(post({ referer: "not a url" }), OURS)).toBe(false);
  });

  it("lets a request with no browser headers through only when it carries no cookie", () => {
    expect(passesOriginCheck(post({ hasCookie: false }), OURS)).toBe(true);
    expect(passesOriginCheck(post({ hasCookie: true }), OURS)).toBe(false);
  });
});
