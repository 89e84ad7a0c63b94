import type { Route } from "./+types/api.listings.plain-words";
import { AI_API } from "~/features/ai/ai-api-schema.ts";
import { aiQuotaBody, aiQuotaRefusal } from "~/features/ai/ai-responses.server.ts";
import { answerPlainWords } from "~/features/ai/plain-words-request.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { errorResponse, methodNotAllowed, readBody, zodBadRequest } from "~/lib/http.server.ts";

/** What this endpoint takes (decision 0069): its loader only refuses. */
export const methods = ["POST"];

/**
 * POST /api/listings/plain-words (decision 0087): a sentence becomes directory filters, checked against the reference
 * lists, counted as ai_plain_words and ai_tokens. 400 bad sentence; 401 signed out; 403 plan without AI requests; 429
 * the month's AI requests spent; 503 no provider, or it failed (refunded).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { database, user } = getAppContext(context);
  if (!user) return errorResponse("unauthorized", "Sign in to ask in plain words.");
  const body = AI_API.plainWords.request.safeParse((await readBody(request)) ?? {});
  if (!body.success) return zodBadRequest(body.error);
  const reply = await answerPlainWords(database, user, body.data.sentence);
  if (!reply.ok) {
    if (reply.quota) return aiQuotaRefusal(reply.quota);
    return errorResponse(reply.code, reply.message, reply.code === "data_source" ? { "Retry-After": "30" } : undefined);
  }
  const { filters, href, dropped, quota } = reply.outcome;
  return Response.json(AI_API.plainWords.response.parse({ filters, href, dropped, quota: aiQuotaBody(quota) }), {
    headers: { "Cache-Control": "no-store" },
  });
}

export const loader = methodNotAllowed;
