/** The AI endpoints' refusals, the same for both (decision 0065). */
import { quotaLimitReachedMessage, startOfNextMonth } from "~/features/access/quotas.ts";
import type { QuotaState } from "~/features/access/usage.server.ts";
import { STATUS_BY_CODE } from "~/lib/errors.ts";
import { errorResponse } from "~/lib/error-answer.server.ts";
import { AiProviderError } from "./ai-client.server.ts";

/** The month's AI requests are spent: 429, the quota message of spec 01 §8, and Retry-After the month's end. */
export function aiQuotaRefusal(quota: QuotaState, now = new Date()): Response {
  const retryAfter = String(Math.ceil((startOfNextMonth(now).getTime() - now.getTime()) / 1000));
  return Response.json(
    { error: quotaLimitReachedMessage("AI requests"), quota: aiQuotaBody(quota) },
    { status: STATUS_BY_CODE.rate_limited, headers: { "Cache-Control": "no-store", "Retry-After": retryAfter } },
  );
}

/**
 * No AI provider to ask (none configured, or it failed): 503 with words a member can act on. Answered here, not
 * thrown: the error pipeline reads a thrown data_source as the database out of reach and would say so instead.
 */
export function aiUnavailable(message: string, { retry }: { retry: boolean }): Response {
  return errorResponse("data_source", message, retry ? { "Retry-After": "30" } : undefined);
}

/** The provider failed, timed out or answered nonsense: 503 with words a member can act on. Anything else is thrown on. */
export function aiFailureAnswer(error: unknown): Response {
  if (error instanceof AiProviderError) return aiUnavailable(error.message, { retry: true });
  throw error;
}

/** The quota as the endpoints answer it: the AI requests of every kind together. */
export function aiQuotaBody(quota: QuotaState): { used: number; limit: number; remaining: number } {
  return { used: quota.used, limit: quota.limit ?? 0, remaining: quota.remaining ?? 0 };
}
