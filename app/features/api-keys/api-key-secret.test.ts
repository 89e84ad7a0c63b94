import { describe, expect, it } from "vitest";
import { hashApiKey, isApiKeyForm, NOT_A_KEY, newApiKey, parseBearer, USE_BEARER } from "./api-key-secret.ts";

describe("newApiKey", () => {
  it("makes a key of the documented form, its visible prefix and the SHA-256 stored in its place", () => {
    const key = newApiKey();
    expect(key.secret).toMatch(/^ib_[A-Za-z0-9_-]{43}$/);
    expect(isApiKeyForm(key.secret)).toBe(true);
    expect(key.prefix).toBe(key.secret.slice(0, 11));
    expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(key.hash).toBe(hashApiKey(key.secret));
    expect(key.hash).not.toContain(key.secret.slice(3));
  });

  it("never makes the same key twice", () => {
    const secrets = new Set(Array.from({ length: 200 }, () => newApiKey().secret));
    expect(secrets.size).toBe(200);
  });
});

describe("parseBearer", () => {
  const { secret } = newApiKey();

  it("reads Bearer <key>, the scheme in any case, spaces around", () => {
    expect(parseBearer(`Bearer ${secret}`)).toEqual({ kind: "key", secret });
    expect(parseBearer(`bearer   ${secret} `)).toEqual({ kind: "key", secret });
    expect(parseBearer(`BEARER\t${secret}`)).toEqual({ kind: "key", secret });
  });

  it("takes no header as no key", () => {
    expect(parseBearer(undefined)).toEqual({ kind: "absent" });
  });

  it.each([
    ["empty", ""],
    ["spaces", "   "],
    ["another scheme", `Basic ${Buffer.from("a:b").toString("base64")}`],
    ["a key without scheme", secret],
  ])("refuses %s, asking for Bearer", (_, header) => {
    expect(parseBearer(header)).toEqual({ kind: "malformed", message: USE_BEARER });
  });

  it("refuses Bearer without a key", () => {
    expect(parseBearer("Bearer")).toMatchObject({ kind: "malformed", message: expect.stringContaining('no key after "Bearer"') });
    expect(parseBearer("Bearer   ")).toMatchObject({ kind: "malformed" });
  });

  it.each([
    ["a short key", "ib_abc"],
    ["another service's token", "ghp_0123456789abcdefghijklmnopqrstuvwxyzABCD"],
    ["two values", `${secret} ${secret}`],
    ["a key with NUL", `${secret.slice(0, 20)}\0${secret.slice(21)}`],
    ["unicode", `ib_${"é".repeat(43)}`],
    ["a key and more", `${secret}x`],
  ])("refuses %s as not a key, without repeating it", (_, token) => {
    const parsed = parseBearer(`Bearer ${token}`);
    expect(parsed).toEqual({ kind: "malformed", message: NOT_A_KEY });
  });

  it("refuses a huge header without scanning it", () => {
    expect(parseBearer(`Bearer ${"a".repeat(100_000)}`)).toEqual({ kind: "malformed", message: USE_BEARER });
  });
});
