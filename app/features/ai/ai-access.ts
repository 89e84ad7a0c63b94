/**
 * Who may use the AI features (decision 0065): a signed-in member whose tier grants AI requests (an "AI requests"
 * limit above 0 in its tier record, quotas.ts), on a server with an AI provider configured. Everyone else gets what
 * the specification does without AI: the template greeting, and no summary button.
 */
import type { QuotaLimits } from "~/features/access/quotas.ts";

export function mayUseAi({
  configured,
  signedIn,
  limits,
}: {
  configured: boolean;
  signedIn: boolean;
  limits: Pick<QuotaLimits, "aiRequests">;
}): boolean {
  return configured && signedIn && limits.aiRequests > 0;
}

/** What a member is told when their plan has no AI requests. */
export const AI_NOT_IN_PLAN = "AI features are part of the paid plans. Upgrade to use them.";
/** What a caller is told when this server has no AI provider. */
export const AI_NOT_CONFIGURED = "AI features are not available on this server: no AI provider is configured.";
