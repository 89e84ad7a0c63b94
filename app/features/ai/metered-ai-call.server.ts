/**
 * One AI request of a member, counted (decision 0065): a unit of the month's "AI requests" quota as ai_{kind} and
 * the tokens the provider reports as ai_tokens (spec 01 §3's usage record; quotas.ts).
 *
 * The unit is spent before the provider is asked, in one step that cannot be raced (usage.server.ts): counted after
 * the answer, ten parallel clicks with one unit left would all reach the provider. A call that fails gets its unit
 * back, so a member does not pay for the provider's outage; the tokens are counted only for an answer.
 */
import { aiAction, AI_TOKENS } from "~/features/access/quotas.ts";
import { recordUsage, refundUsage, type QuotaState, type UsageSubject } from "~/features/access/usage.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AiProviderError, type AiClient, type ChatMessage } from "./ai-client.server.ts";

export type MeteredAnswer = { allowed: true; content: string; tokens: number; quota: QuotaState } | { allowed: false; quota: QuotaState };

export async function meteredAiCall(
  database: Database,
  {
    client,
    subject,
    kind,
    messages,
    usable = () => true,
    now = () => new Date(),
  }: {
    client: AiClient;
    subject: UsageSubject;
    /** The ai_{kind} counter: "summary", "intro_message". */
    kind: string;
    messages: readonly ChatMessage[];
    /** Whether the answer can be used at all (a kind that needs JSON): one that cannot is the provider's failure, refunded. */
    usable?: (content: string) => boolean;
    now?: () => Date;
  },
): Promise<MeteredAnswer> {
  const action = aiAction(kind);
  const spentAt = now();
  const spent = await recordUsage(database, subject, action, { now: spentAt });
  const { allowed, ...quota } = spent;
  if (!allowed) return { allowed: false, quota };
  let answer;
  try {
    answer = await client.complete(messages);
    if (!usable(answer.content)) throw new AiProviderError("malformed");
  } catch (error) {
    // Refunded in the month it was spent, whatever the clock says now.
    await refundUsage(database, subject, action, { now: spentAt });
    throw error;
  }
  if (answer.totalTokens > 0) await recordUsage(database, subject, AI_TOKENS, { amount: answer.totalTokens, now: now() });
  return { allowed: true, content: answer.content, tokens: answer.totalTokens, quota };
}
