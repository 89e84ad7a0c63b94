import type { Route } from "./+types/api.listing.intro-message";
import { AI_API } from "~/features/ai/ai-api-schema.ts";
import { getAiClient } from "~/features/ai/ai-config.server.ts";
import { aiFailureAnswer, aiQuotaBody, aiQuotaRefusal } from "~/features/ai/ai-responses.server.ts";
import { writeIntroMessage } from "~/features/introductions/intro-message.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { methodNotAllowed, readBody } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

/** What this endpoint takes (decision 0069): its loader only refuses, so GET and HEAD are not in Allow. */
export const methods = ["POST"];

/**
 * POST /api/listings/:type/:slug/intro-message { senderName? } (decision 0065): "Generate with AI" of the Request an
 * Introduction dialog. A member whose plan has AI requests, on a server with a provider, gets the model's message
 * (source "ai", counted as ai_intro_message and ai_tokens); anyone else the specification's template (source
 * "template", nothing counted). 400; 403 for a listing above the plan; 404; 429 when the AI requests are spent; 503
 * when the provider fails.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  // The schema the OpenAPI document is made from; it reads the type as the site does (plural, any case).
  const { type, slug } = parse(AI_API.introMessage.params, { type: params.type, slug: params.slug });
  const { database, user } = getAppContext(context);
  const body = parse(AI_API.introMessage.request, (await readBody(request)) ?? {});
  try {
    const outcome = await writeIntroMessage(database, {
      client: getAiClient(),
      user,
      recipient: { type, slug },
      senderName: body.senderName,
    });
    if (outcome.status === "quota_exceeded") return aiQuotaRefusal(outcome.quota);
    const answer =
      outcome.source === "ai"
        ? { message: outcome.message, source: outcome.source, quota: aiQuotaBody(outcome.quota) }
        : { message: outcome.message, source: outcome.source };
    return Response.json(AI_API.introMessage.response.parse(answer), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return aiFailureAnswer(error);
  }
}

export const loader = methodNotAllowed;
