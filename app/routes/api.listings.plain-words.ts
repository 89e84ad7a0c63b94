import type { Route } from "./+types/api.listings.plain-words";
import { AI_API } from "~/features/ai/ai-api-schema.ts";
import { aiQuotaBody, aiQuotaRefusal, aiUnavailable } from "~/features/ai/ai-responses.server.ts";
import { answerPlainWords } from "~/features/ai/plain-words-request.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError } from "~/lib/errors.ts";
import { methodNotAllowed, readBody } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

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
  if (!user) throw new AppError("unauthorized", "Sign in to ask in plain words.");
  const body = parse(AI_API.plainWords.request, (await readBody(request)) ?? {});
  const reply = await answerPlainWords(database, user, body.sentence);
  if (!reply.ok) {
    if (reply.quota) return aiQuotaRefusal(reply.quota);
    if (reply.code === "data_source") return aiUnavailable(reply.message, { retry: true });
    throw new AppError(reply.code, reply.message);
  }
  const { filters, href, dropped, quota } = reply.outcome;
  return Response.json(AI_API.plainWords.response.parse({ filters, href, dropped, quota: aiQuotaBody(quota) }), {
    headers: { "Cache-Control": "no-store" },
  });
}

export const loader = methodNotAllowed;
