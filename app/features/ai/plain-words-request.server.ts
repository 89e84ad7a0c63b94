/**
 * One "Ask in plain words" request, as the JSON endpoint and the /listings form both take it (decision 0087): the
 * same checks in the same order, so the page and the API refuse alike. Each refusal is an error code and words a
 * member can act on; nothing here is a 500 (the provider failing is 503, the month spent 429).
 */
import { quotaLimitReachedMessage } from "~/features/access/quotas.ts";
import { normalizeLevel } from "~/features/access/tiers.ts";
import type { QuotaState } from "~/features/access/usage.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { ErrorCode } from "~/lib/errors.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { AI_NOT_CONFIGURED, AI_NOT_IN_PLAN } from "./ai-access.ts";
import { tierHasAiRequests } from "./ai-access.server.ts";
import { AiProviderError } from "./ai-client.server.ts";
import { getAiClient } from "./ai-config.server.ts";
import { askInPlainWords, type PlainWordsOutcome } from "./ask-in-plain-words.server.ts";
import { readSentence } from "./plain-words-sentence.ts";

export type PlainWordsReply =
  | { ok: true; sentence: string; outcome: Extract<PlainWordsOutcome, { status: "ok" }> }
  | { ok: false; code: ErrorCode; message: string; quota?: QuotaState };

export async function answerPlainWords(
  database: Database,
  user: SessionUser | null,
  rawSentence: unknown,
  now: () => Date = () => new Date(),
): Promise<PlainWordsReply> {
  if (!user) return { ok: false, code: "unauthorized", message: "Sign in to ask in plain words." };
  const read = readSentence(rawSentence);
  if (!read.ok) return { ok: false, code: "bad_request", message: read.error };
  const client = getAiClient();
  if (!client) return { ok: false, code: "data_source", message: AI_NOT_CONFIGURED };
  if (!(await tierHasAiRequests(database, user))) return { ok: false, code: "forbidden", message: AI_NOT_IN_PLAN };
  try {
    const member = { id: user.id, tier: normalizeLevel(user.tier) };
    const outcome = await askInPlainWords(database, { client, member, sentence: read.sentence, now });
    if (outcome.status === "quota_exceeded")
      return { ok: false, code: "rate_limited", message: quotaLimitReachedMessage("AI requests"), quota: outcome.quota };
    return { ok: true, sentence: read.sentence, outcome };
  } catch (error) {
    if (error instanceof AiProviderError) return { ok: false, code: "data_source", message: error.message };
    throw error;
  }
}
