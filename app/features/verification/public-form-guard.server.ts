/**
 * The one abuse guard of the public forms and endpoints (issue 35, decision 0109): a rate limit per client address
 * and the "I'm not a robot" proof of work, always checked in that order. Each form keeps its own limit and words; the
 * guard decides only what is refused, so the checks are written once instead of once per route.
 *
 * The order is the point: an attempt over its limit is refused before the proof is even decoded (a flood costs us one
 * upsert, not a PBKDF2 derivation each, and spends no proof the person may still need), and nothing past the guard
 * runs for a refused one.
 */
import type { Database } from "~/lib/db.server.ts";
import { countAttempt, type RateLimit } from "~/lib/rate-limit.server.ts";
import { PROOF_MESSAGES, checkProof, spendProof, type CheckedProof, type ProofFailure } from "./proof-of-work.server.ts";

export interface PublicFormGuard {
  /** The limit, the subject it counts (a client address, an account's address) and the words of its refusal. */
  limit?: { rateLimit: RateLimit; subject: string; message: string };
  /**
   * The robot check's payload as sent. "spend": accepted once, now (a submission stored whatever else it holds).
   * "check": verified but not spent (a form that may still be refused for its other fields keeps its solved box;
   * issue 31): the caller spends the returned proof with spendCheckedProof once the submission is stored.
   */
  proof?: { payload: unknown; mode: "spend" | "check" };
}

/** A refusal: its error code (429 or 400), the words to show and the headers the answer carries (Retry-After). */
export type PublicFormRefusal =
  | { ok: false; code: "rate_limited"; message: string; retryAfterSeconds: number; headers: Record<string, string> }
  | { ok: false; code: "bad_request"; field: "proof"; reason: ProofFailure; message: string; headers: Record<string, string> };

export type PublicFormVerdict = { ok: true; proof: CheckedProof | null } | PublicFormRefusal;

/** Counts the attempt against its limit, then checks (or spends) its proof; the first refusal ends it. */
export async function guardPublicForm(
  database: Database,
  guard: PublicFormGuard,
  { now = Date.now() }: { now?: number } = {},
): Promise<PublicFormVerdict> {
  if (guard.limit) {
    const { rateLimit, subject, message } = guard.limit;
    const attempt = await countAttempt(database, rateLimit, subject, { now });
    if (!attempt.allowed) {
      const retryAfterSeconds = attempt.retryAfterSeconds;
      return { ok: false, code: "rate_limited", message, retryAfterSeconds, headers: { "Retry-After": String(retryAfterSeconds) } };
    }
  }
  if (!guard.proof) return { ok: true, proof: null };
  const { payload, mode } = guard.proof;
  if (mode === "spend") {
    const spent = await spendProof(database, payload, now);
    return spent.ok ? { ok: true, proof: null } : proofRefused(spent.reason);
  }
  const checked = await checkProof(database, payload, now);
  return checked.ok ? { ok: true, proof: checked.proof } : proofRefused(checked.reason);
}

function proofRefused(reason: ProofFailure): PublicFormRefusal {
  return { ok: false, code: "bad_request", field: "proof", reason, message: PROOF_MESSAGES[reason], headers: {} };
}
