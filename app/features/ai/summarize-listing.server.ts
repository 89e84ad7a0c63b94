import type { QuotaState, UsageSubject } from "~/features/access/usage.server.ts";
import type { VisibleListing } from "~/features/catalog/listing-types.ts";
import type { Database } from "~/lib/db.server.ts";
import type { AiClient } from "./ai-client.server.ts";
import { cleanSummary, listingSummaryMessages } from "./listing-summary-prompt.ts";
import { meteredAiCall } from "./metered-ai-call.server.ts";

export type SummaryOutcome = { status: "ok"; summary: string; quota: QuotaState } | { status: "quota_exceeded"; quota: QuotaState };

/**
 * "AI summary" of a profile (decision 0065), counted as ai_summary and ai_tokens. `listing` must be the profile as
 * this member may see it (viewProfile's answer for them): the prompt is made of nothing else.
 */
export async function summarizeListing(
  database: Database,
  { client, member, listing }: { client: AiClient; member: UsageSubject; listing: VisibleListing },
): Promise<SummaryOutcome> {
  const answer = await meteredAiCall(database, { client, subject: member, kind: "summary", messages: listingSummaryMessages(listing) });
  if (!answer.allowed) return { status: "quota_exceeded", quota: answer.quota };
  return { status: "ok", summary: cleanSummary(answer.content), quota: answer.quota };
}
