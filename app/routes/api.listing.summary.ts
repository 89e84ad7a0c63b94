import type { Route } from "./+types/api.listing.summary";
import { quotaLimitReachedMessage } from "~/features/access/quotas.ts";
import { viewerFor } from "~/features/access/viewer.ts";
import { normalizeLevel } from "~/features/access/tiers.ts";
import { AI_NOT_CONFIGURED, AI_NOT_IN_PLAN } from "~/features/ai/ai-access.ts";
import { tierHasAiRequests } from "~/features/ai/ai-access.server.ts";
import { AI_API } from "~/features/ai/ai-api-schema.ts";
import { getAiClient } from "~/features/ai/ai-config.server.ts";
import { aiFailureAnswer, aiQuotaBody, aiQuotaRefusal, aiUnavailable } from "~/features/ai/ai-responses.server.ts";
import { summarizeListing } from "~/features/ai/summarize-listing.server.ts";
import { viewProfile } from "~/features/profiles/view-profile.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { methodNotAllowed, readBody } from "~/lib/http.server.ts";
import { parse } from "~/lib/parse.ts";

/** What this endpoint takes (decision 0069): its loader only refuses, so GET and HEAD are not in Allow. */
export const methods = ["POST"];

/**
 * POST /api/listings/:type/:slug/summary (decision 0065): an AI summary of the listing as the caller's profile page
 * shows it, counted as ai_summary and ai_tokens. 401 signed out; 403 for a plan without AI requests or a listing above
 * the plan; 404; 429 when the month's AI requests (or views) are spent; 503 without a provider or when it fails.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  // The schema the OpenAPI document is made from; it reads the type as the site does (plural, any case).
  const { type, slug } = parse(AI_API.listingSummary.params, { type: params.type, slug: params.slug });
  const { database, user } = getAppContext(context);
  if (!user) throw new AppError("unauthorized", "Sign in to use AI summaries.");
  const body = AI_API.listingSummary.request.safeParse((await readBody(request)) ?? {});
  if (!body.success) throw new AppError("bad_request", "This request takes no fields: send an empty JSON object or no body.");
  const client = getAiClient();
  if (!client) return aiUnavailable(AI_NOT_CONFIGURED, { retry: false });
  if (!(await tierHasAiRequests(database, user))) throw new AppError("forbidden", AI_NOT_IN_PLAN);
  // The profile as this member's page shows it, spending a view as the page does (free when seen this month).
  const view = await viewProfile(database, type, slug, viewerFor(user), user);
  if (view.status === "not_found") notFound("Listing not found");
  if (view.status === "locked") throw new AppError("forbidden", "This listing is for members with a higher plan.");
  if (view.status === "quota_exceeded") throw new AppError("rate_limited", quotaLimitReachedMessage("views"));
  try {
    const member = { id: user.id, tier: normalizeLevel(user.tier) };
    const outcome = await summarizeListing(database, { client, member, listing: view.listing });
    if (outcome.status === "quota_exceeded") return aiQuotaRefusal(outcome.quota);
    return Response.json(AI_API.listingSummary.response.parse({ summary: outcome.summary, quota: aiQuotaBody(outcome.quota) }));
  } catch (error) {
    return aiFailureAnswer(error);
  }
}

export const loader = methodNotAllowed;
