import { describe, expect, it } from "vitest";
import { safeReturnTo } from "./return-to.ts";

describe("safeReturnTo", () => {
  it.each(["/", "/listings?type=startups&page=2", "/profile/startup/nimbus-ai#team"])("keeps our own path %s", (path) => {
    expect(safeReturnTo(path)).toBe(path);
  });

  it.each([
    null,
    "",
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "listings",
    "/a\nb",
    "/" + "x".repeat(2001),
  ])("falls back for %s", (value) => {
    expect(safeReturnTo(value)).toBe("/");
  });
});
