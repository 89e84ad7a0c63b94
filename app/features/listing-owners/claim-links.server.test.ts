import { describe, expect, it } from "vitest";
import { checkClaimLinkToken, claimLinkToken } from "./claim-links.server.ts";

const KEY = "k".repeat(43);
const ID = "0b6f2c4e-8a0b-4c7e-9a51-1d2e3f405162";
const NOW = Date.UTC(2026, 10, 29, 12);

describe("claim and invitation links", () => {
  it("a link works until it expires, and only for its own kind", () => {
    const token = claimLinkToken(KEY, "claim", ID, NOW + 3_600_000);
    expect(checkClaimLinkToken(KEY, "claim", token, NOW)).toEqual({ ok: true, id: ID });
    expect(checkClaimLinkToken(KEY, "claim", token, NOW + 3_600_000)).toEqual({ ok: false, reason: "expired" });
    expect(checkClaimLinkToken(KEY, "invite", token, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("a forged, altered or re-signed link is invalid", () => {
    const token = claimLinkToken(KEY, "claim", ID, NOW + 3_600_000);
    const later = claimLinkToken(KEY, "claim", ID, NOW + 99 * 3_600_000);
    const forged = `${later.split(".").slice(0, 3).join(".")}.${token.split(".")[3]}`;
    expect(checkClaimLinkToken(KEY, "claim", forged, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(checkClaimLinkToken("x".repeat(43), "claim", token, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(checkClaimLinkToken(KEY, "claim", token.slice(0, -1), NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(checkClaimLinkToken(KEY, "claim", "", NOW)).toEqual({ ok: false, reason: "invalid" });
  });
});
