import { describe, expect, it } from "vitest";
import { canonicalTarget } from "./request-path.ts";

describe("canonicalTarget", () => {
  it.each([
    "/api/follows/../../settings.data",
    "/api/x/%2E%2E/%2E%2E/settings",
    "/api/x/%2e%2e/settings",
    "/api/x/.%2E/settings",
    "/api/x/%2E./settings",
    "/api/x/./settings",
    "/api/x/%2e/settings",
    "/..",
    "/api/listings/..",
  ])("refuses the dot segments of %s", (target) => {
    expect(canonicalTarget(target)).toEqual({ ok: false, message: 'The path must not contain "." or ".." segments.' });
  });

  it.each(["/api\\..\\settings", "/api/x/%5C..%5Csettings", "/api/x%5csettings"])("refuses the backslash of %s", (target) => {
    expect(canonicalTarget(target)).toMatchObject({ ok: false, message: expect.stringContaining("backslash") });
  });

  it.each(["/api/follows/..%2F..%2Fsettings", "/api/x%2fy"])("refuses the encoded slash of %s", (target) => {
    expect(canonicalTarget(target)).toMatchObject({ ok: false, message: expect.stringContaining("%2F") });
  });

  it("decodes encoded letters, digits and -._~, so a guard reads the path the router matches", () => {
    expect(canonicalTarget("/api/%62illing/choose-plan")).toEqual({ ok: true, target: "/api/billing/choose-plan" });
    expect(canonicalTarget("/%61%70%69/debug/whoami?x=%61")).toEqual({ ok: true, target: "/api/debug/whoami?x=%61" });
    expect(canonicalTarget("/a%2Db%5Fc%7Ed%2E")).toEqual({ ok: true, target: "/a-b_c~d." });
  });

  it("keeps every other escape, in upper-case hex, and dots inside a segment", () => {
    expect(canonicalTarget("/profile/startup/caf%c3%a9%20x")).toEqual({ ok: true, target: "/profile/startup/caf%C3%A9%20x" });
    expect(canonicalTarget("/sitemaps/listings-1.xml")).toEqual({ ok: true, target: "/sitemaps/listings-1.xml" });
    expect(canonicalTarget("/a/...b/..c")).toEqual({ ok: true, target: "/a/...b/..c" });
  });

  it("leaves the query as sent, dots and all", () => {
    expect(canonicalTarget("/listings?q=../x&r=%2E%2E")).toEqual({ ok: true, target: "/listings?q=../x&r=%2E%2E" });
  });
});
