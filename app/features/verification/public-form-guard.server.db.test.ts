/**
 * The public forms' abuse guard (decision 0109): the rate limit first, then the robot check, and nothing of the
 * second for an attempt the first refused.
 */
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usedProofs } from "#db/schema/proof-of-work.ts";
import { solvedProof } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { defineRateLimit } from "~/lib/rate-limit.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { guardPublicForm } from "./public-form-guard.server.ts";
import { spendCheckedProof } from "./proof-of-work.server.ts";

// A fixed clock well after any challenge the library could think expired: no test reads the wall clock.
const NOW = Date.parse("2099-03-01T10:00:00Z");
const twoPerMinute = defineRateLimit({ name: "guard-test", limit: 2, windowSeconds: 60 });
const limit = (subject: string) => ({ rateLimit: twoPerMinute, subject, message: "Slow down, please." });

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const spentProofs = async () => (await database.db.select({ n: count() }).from(usedProofs))[0]!.n;

describe("guardPublicForm", () => {
  it("refuses the attempt past the limit with its message and Retry-After, and spends no proof for it", async () => {
    const proof = await solvedProof(database, NOW);
    const guard = { limit: limit("203.0.113.1"), proof: { payload: proof, mode: "spend" as const } };
    expect(await guardPublicForm(database, { limit: limit("203.0.113.1") }, { now: NOW })).toEqual({ ok: true, proof: null });
    expect(await guardPublicForm(database, { limit: limit("203.0.113.1") }, { now: NOW + 1_000 })).toMatchObject({ ok: true });
    const before = await spentProofs();
    const refused = await guardPublicForm(database, guard, { now: NOW + 2_000 });
    expect(refused).toEqual({
      ok: false,
      code: "rate_limited",
      message: "Slow down, please.",
      retryAfterSeconds: 58,
      headers: { "Retry-After": "58" },
    });
    // The proof was not looked at: still unspent, so it carries the person's next attempt once the window ends.
    expect(await spentProofs()).toBe(before);
    expect(await guardPublicForm(database, guard, { now: NOW + 61_000 })).toEqual({ ok: true, proof: null });
    expect(await spentProofs()).toBe(before + 1);
  });

  it("counts each subject on its own", async () => {
    for (let i = 0; i < 3; i += 1) await guardPublicForm(database, { limit: limit("198.51.100.7") }, { now: NOW });
    expect(await guardPublicForm(database, { limit: limit("198.51.100.8") }, { now: NOW })).toMatchObject({ ok: true });
  });

  it("spends a proof once in 'spend' mode and says it was used the second time", async () => {
    const proof = await solvedProof(database, NOW);
    expect(await guardPublicForm(database, { proof: { payload: proof, mode: "spend" } }, { now: NOW })).toEqual({ ok: true, proof: null });
    expect(await guardPublicForm(database, { proof: { payload: proof, mode: "spend" } }, { now: NOW })).toEqual({
      ok: false,
      code: "bad_request",
      field: "proof",
      reason: "replayed",
      message: "This robot check was already used. Please tick the box again.",
      headers: {},
    });
  });

  it("only checks a proof in 'check' mode: the caller spends it once, with what it stores", async () => {
    const proof = await solvedProof(database, NOW);
    const before = await spentProofs();
    const checked = await guardPublicForm(database, { proof: { payload: proof, mode: "check" } }, { now: NOW });
    const again = await guardPublicForm(database, { proof: { payload: proof, mode: "check" } }, { now: NOW });
    expect(checked.ok && again.ok).toBe(true);
    expect(await spentProofs()).toBe(before);
    if (!checked.ok || !checked.proof) throw new Error("expected a checked proof");
    expect(await spendCheckedProof(database, checked.proof)).toEqual({ ok: true });
    expect(await guardPublicForm(database, { proof: { payload: proof, mode: "check" } }, { now: NOW })).toMatchObject({
      ok: false,
      reason: "replayed",
    });
  });

  it("refuses a missing, a malformed and an expired proof with the words the forms show", async () => {
    const missing = await guardPublicForm(database, { proof: { payload: "", mode: "spend" } }, { now: NOW });
    expect(missing).toMatchObject({ ok: false, field: "proof", message: "Please confirm you're not a robot before submitting." });
    const malformed = await guardPublicForm(database, { proof: { payload: "bm90IGEgcHJvb2Y=", mode: "check" } }, { now: NOW });
    expect(malformed).toMatchObject({ ok: false, reason: "invalid" });
    const old = await solvedProof(database, NOW);
    const expired = await guardPublicForm(database, { proof: { payload: old, mode: "check" } }, { now: NOW + 31 * 60_000 });
    expect(expired).toMatchObject({ ok: false, reason: "expired", message: "The robot check has expired. Please tick the box again." });
  });
});
