import { describe, expect, it } from "vitest";
import { openText, sealText, type SealOptions } from "./secret-box.server.ts";

const OPTIONS: SealOptions = { secret: "s".repeat(40), purpose: "debugger-key", context: "user-1\nsession:a" };
const KEY = "lot_live_0123456789abcdef";

describe("sealText and openText", () => {
  it("round-trips, with a fresh nonce each time and nothing of the plaintext in the sealed text", () => {
    const a = sealText(KEY, OPTIONS);
    const b = sealText(KEY, OPTIONS);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    for (const sealed of [a, b]) {
      expect(sealed).not.toContain(KEY);
      expect(sealed).not.toContain(Buffer.from(KEY).toString("base64url"));
      expect(openText(sealed, OPTIONS)).toBe(KEY);
    }
    expect(openText(sealText("", OPTIONS), OPTIONS)).toBe("");
  });

  it("does not open under another secret, purpose or context (a value copied to another row)", () => {
    const sealed = sealText(KEY, OPTIONS);
    expect(openText(sealed, { ...OPTIONS, secret: "t".repeat(40) })).toBeNull();
    expect(openText(sealed, { ...OPTIONS, purpose: "other" })).toBeNull();
    expect(openText(sealed, { ...OPTIONS, context: "user-2\nsession:a" })).toBeNull();
  });

  it("refuses a changed or malformed value instead of throwing", () => {
    const sealed = sealText(KEY, OPTIONS);
    const [version, nonce, tag, body] = sealed.split(".") as [string, string, string, string];
    const flipped = Buffer.from(body, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(openText([version, nonce, tag, flipped.toString("base64url")].join("."), OPTIONS)).toBeNull();
    expect(openText([version, nonce, tag.slice(2), body].join("."), OPTIONS)).toBeNull();
    expect(openText(["v2", nonce, tag, body].join("."), OPTIONS)).toBeNull();
    for (const junk of ["", "v1", "v1...", "v1.a.b.c", KEY]) expect(openText(junk, OPTIONS)).toBeNull();
  });
});
