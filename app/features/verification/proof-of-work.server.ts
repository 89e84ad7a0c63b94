/**
 * The "I'm not a robot" check (issue 4): a self-hosted ALTCHA proof of work. The server hands out signed
 * challenges; the browser's widget spends a second or two finding the counter; the server verifies the
 * signature, the expiry and the solution, and accepts each solved challenge once.
 */
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { usedProofs } from "#db/schema/proof-of-work.ts";
import { purposeKey } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";

/** How long a challenge may be solved and submitted: long enough to write a message after ticking the box. */
const CHALLENGE_TTL_MS = 30 * 60 * 1000;
/**
 * PBKDF2 iterations per attempt and the range of the secret counter: about a second of work in a browser,
 * a few milliseconds to check here (one derivation, whatever the counter).
 */
const COST = 100;
const COUNTER_RANGE = [1_000, 4_000] as const;

export type ProofFailure = "missing" | "invalid" | "expired" | "replayed";

async function secrets(database: Database) {
  return {
    hmacSignatureSecret: await purposeKey(database, "proof-of-work:challenge"),
    hmacKeySignatureSecret: await purposeKey(database, "proof-of-work:key"),
  };
}

export async function newProofChallenge(database: Database, now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm: "PBKDF2/SHA-256",
    cost: COST,
    counter: randomInt(...COUNTER_RANGE),
    deriveKey,
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
    ...(await secrets(database)),
  });
}

/** The widget's payload: base64 of {challenge, solution}. Checked for shape before anything is computed. */
const Payload = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal("PBKDF2/SHA-256"),
      nonce: z.string().regex(/^[0-9a-f]{8,128}$/i),
      salt: z.string().max(256),
      cost: z.literal(COST),
      keyLength: z.number().int().min(16).max(64),
      keyPrefix: z.string().max(128),
      keySignature: z.string().max(256).optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().max(256),
  }),
  solution: z.object({
    counter: z
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1),
    derivedKey: z.string().max(256),
    time: z.number().optional(),
  }),
});

function decode(payload: string) {
  if (payload.length > 4_000) return null;
  try {
    const parsed = Payload.safeParse(JSON.parse(Buffer.from(payload, "base64").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A payload whose signature, expiry and solution were verified and that was not spent yet: spendable once. */
export interface CheckedProof {
  nonce: string;
  expiresAt: Date;
}

/**
 * Checks a submitted payload without spending it: for a form that may still be refused for its other fields, so a
 * person who fixes a mistake need not solve the check again (issue 31). Nothing is accepted on the strength of a
 * checked proof alone: what a submission stores waits for spendCheckedProof.
 */
export async function checkProof(
  database: Database,
  payload: unknown,
  now = Date.now(),
): Promise<{ ok: true; proof: CheckedProof } | { ok: false; reason: ProofFailure }> {
  if (typeof payload !== "string" || payload === "") return { ok: false, reason: "missing" };
  const decoded = decode(payload);
  if (!decoded) return { ok: false, reason: "invalid" };
  const expiresAt = decoded.challenge.parameters.expiresAt;
  if (!expiresAt || expiresAt * 1000 <= now) return { ok: false, reason: "expired" };
  const result = await verifySolution({
    challenge: decoded.challenge,
    solution: decoded.solution,
    deriveKey,
    ...(await secrets(database)),
  });
  if (result.expired) return { ok: false, reason: "expired" };
  if (!result.verified) return { ok: false, reason: "invalid" };
  const nonce = decoded.challenge.parameters.nonce.toLowerCase();
  const [spent] = await database.db.select({ nonce: usedProofs.nonce }).from(usedProofs).where(eq(usedProofs.nonce, nonce)).limit(1);
  if (spent) return { ok: false, reason: "replayed" };
  return { ok: true, proof: { nonce, expiresAt: new Date(expiresAt * 1000) } };
}

/**
 * Spends a checked proof: true once per solved challenge. The spend is an insert that does nothing on conflict, so
 * two submissions of one payload racing each other cannot both pass.
 */
export async function spendCheckedProof(
  database: Database,
  proof: CheckedProof,
): Promise<{ ok: true } | { ok: false; reason: ProofFailure }> {
  const inserted = await database.db
    .insert(usedProofs)
    .values({ nonce: proof.nonce, expiresAt: proof.expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: usedProofs.nonce });
  if (inserted.length === 0) return { ok: false, reason: "replayed" };
  // Spent challenges past their expiry are refused by the signature check alone; their rows can go.
  if (Math.random() < 0.05) await database.db.delete(usedProofs).where(lt(usedProofs.expiresAt, sql`now()`));
  return { ok: true };
}

/** Checks a submitted payload and spends it: true once per solved challenge. */
export async function spendProof(
  database: Database,
  payload: unknown,
  now = Date.now(),
): Promise<{ ok: true } | { ok: false; reason: ProofFailure }> {
  const checked = await checkProof(database, payload, now);
  return checked.ok ? spendCheckedProof(database, checked.proof) : checked;
}

/** The spec's toast (spec 01 §5) when the box is not ticked; the server's own words for the other failures. */
export const PROOF_MESSAGES: Record<ProofFailure, string> = {
  missing: "Please confirm you're not a robot before submitting.",
  invalid: "The robot check could not be verified. Please tick the box again.",
  expired: "The robot check has expired. Please tick the box again.",
  replayed: "This robot check was already used. Please tick the box again.",
};
