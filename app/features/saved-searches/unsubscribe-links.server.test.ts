import { describe, expect, it } from "vitest";
import { checkUnsubscribeToken, unsubscribeToken } from "./unsubscribe-links.server.ts";

const KEY = "k".repeat(43);
const at = new Date("2030-01-02T03:04:05.678Z");
const id = "0b6b1a1e-8f0e-4c1e-9d3a-2b7f6c1d2e3f";

describe("unsubscribe tokens", () => {
  it("carry their scope and the moment they were issued, to the millisecond", () => {
    expect(checkUnsubscribeToken(KEY, unsubscribeToken(KEY, { kind: "search", savedSearchId: id }, at))).toEqual({
      ok: true,
      scope: { kind: "search", savedSearchId: id },
      issuedAt: at,
    });
    expect(checkUnsubscribeToken(KEY, unsubscribeToken(KEY, { kind: "all", userId: "demo-premium" }, at))).toMatchObject({
      ok: true,
      scope: { kind: "all", userId: "demo-premium" },
    });
  });

  it("refuse another key, another member, another date, and anything malformed", () => {
    const token = unsubscribeToken(KEY, { kind: "all", userId: "demo-premium" }, at);
    expect(checkUnsubscribeToken("other".repeat(9), token)).toEqual({ ok: false });
    expect(checkUnsubscribeToken(KEY, token.replace("demo-premium", "demo-subscriber"))).toEqual({ ok: false });
    const [scope, user, issued, signature] = token.split(".");
    expect(checkUnsubscribeToken(KEY, [scope, user, (Number.parseInt(issued!, 36) + 1).toString(36), signature].join("."))).toEqual({
      ok: false,
    });
    for (const bad of ["", "a..x.y", `${token}x`, "s.not-a-uuid.1.sig", "x".repeat(500)])
      expect(checkUnsubscribeToken(KEY, bad)).toEqual({ ok: false });
  });
});
