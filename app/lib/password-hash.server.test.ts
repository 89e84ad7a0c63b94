import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from "better-auth/crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashPassword, verifyPassword } from "./password-hash.server.ts";

describe("password hashes", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("at the real cost, are Better Auth's own: each side verifies the other's, and a wrong password fails", async () => {
    // As a server runs: no VITEST in its environment.
    vi.stubEnv("VITEST", "");
    const ours = await hashPassword("correct horse battery staple");
    const theirs = await betterAuthHash("correct horse battery staple");
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: ours, password: "correct horse battery staple" })).toBe(true);
    expect(await verifyPassword({ hash: theirs, password: "correct horse battery staple" })).toBe(true);
    expect(await verifyPassword({ hash: theirs, password: "correct horse battery stapler" })).toBe(false);
    expect(await betterAuthVerify({ hash: ours, password: "Correct horse battery staple" })).toBe(false);
  });

  it("under Vitest, are cheaper and still tell a right password from a wrong one", async () => {
    const hash = await hashPassword("ünïcödé pässwörd");
    expect(await verifyPassword({ hash, password: "ünïcödé pässwörd" })).toBe(true);
    // NFKC: the same password however its accents were typed.
    expect(await verifyPassword({ hash, password: "ünïcödé pässwörd".normalize("NFD") })).toBe(true);
    expect(await verifyPassword({ hash, password: "unicode password" })).toBe(false);
    await expect(verifyPassword({ hash: "not-a-hash", password: "x" })).rejects.toThrow("Invalid password hash");
  });
});
