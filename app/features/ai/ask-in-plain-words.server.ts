/**
 * "Ask in plain words" (decision 0087): a member's sentence becomes directory filters through the AI seam, counted as
 * one AI request (ai_plain_words) and its tokens. The model's answer is read by readModelFilters alone: checked
 * against the real reference lists, never executed, never shown.
 */
import type { QuotaState, UsageSubject } from "~/features/access/usage.server.ts";
import { getReferenceData } from "~/features/catalog/reference-data.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { AiClient } from "./ai-client.server.ts";
import { meteredAiCall } from "./metered-ai-call.server.ts";
import { jsonObjectIn, plainWordsHref, readModelFilters, type PlainWordsFilters } from "./plain-words-filters.ts";
import { plainWordsMessages } from "./plain-words-prompt.ts";

/** The usage counter's kind: ai_plain_words. */
const PLAIN_WORDS_KIND = "plain_words";

export type PlainWordsOutcome =
  | { status: "ok"; filters: PlainWordsFilters; href: string; dropped: number; quota: QuotaState }
  | { status: "quota_exceeded"; quota: QuotaState };

/** `sentence` must have passed readSentence. An answer with no JSON object is the provider's failure (503, refunded). */
export async function askInPlainWords(
  database: Database,
  { client, member, sentence, now = () => new Date() }: { client: AiClient; member: UsageSubject; sentence: string; now?: () => Date },
): Promise<PlainWordsOutcome> {
  const reference = await getReferenceData(database);
  const year = now().getUTCFullYear();
  const answer = await meteredAiCall(database, {
    client,
    subject: member,
    kind: PLAIN_WORDS_KIND,
    messages: plainWordsMessages(sentence, reference, year),
    usable: (content) => jsonObjectIn(content) !== null,
    now,
  });
  if (!answer.allowed) return { status: "quota_exceeded", quota: answer.quota };
  const { filters, dropped } = readModelFilters(jsonObjectIn(answer.content)!, reference, sentence, year);
  return { status: "ok", filters, href: plainWordsHref(filters, sentence), dropped, quota: answer.quota };
}
