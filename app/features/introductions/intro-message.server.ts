/**
 * "Generate with AI" in the Request an Introduction dialog (spec 01 §2; decision 0065). With an AI provider configured
 * and a member whose tier grants AI requests, the model writes the message, counted as ai_intro_message and ai_tokens.
 * Otherwise the specification's template, word for word, and no AI request is spent.
 */
import { and, eq } from "drizzle-orm";
import { listings } from "#db/schema/listings.ts";
import { toTeaser } from "~/features/access/redact-listing.ts";
import { canSee, normalizeLevel } from "~/features/access/tiers.ts";
import type { QuotaState } from "~/features/access/usage.server.ts";
import type { AiClient } from "~/features/ai/ai-client.server.ts";
import { tierHasAiRequests } from "~/features/ai/ai-access.server.ts";
import { meteredAiCall } from "~/features/ai/metered-ai-call.server.ts";
import type { ListingType } from "~/features/catalog/listing-types.ts";
import { getReferenceData, indexReferenceData, namesOf } from "~/features/catalog/reference-data.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { cleanIntroMessage, introMessageMessages, type IntroRecipientFacts } from "./intro-message-prompt.ts";
import { introMessageTemplate } from "./intro-request.ts";

export type IntroMessageOutcome =
  | { status: "ok"; message: string; source: "template" }
  | { status: "ok"; message: string; source: "ai"; quota: QuotaState }
  | { status: "quota_exceeded"; quota: QuotaState };

/** The recipient as its card shows it to everyone (the teaser's fields), or an error the caller answers with. */
async function recipientFacts(database: Database, type: ListingType, slug: string, user: SessionUser | null): Promise<IntroRecipientFacts> {
  const [row] = await database.db
    .select({
      id: listings.id,
      slug: listings.slug,
      name: listings.name,
      type: listings.type,
      logo: listings.logoUrl,
      tagline: listings.tagline,
      featured: listings.featured,
      visibility: listings.visibility,
      industryIds: listings.industryIds,
      geographyIds: listings.geographyIds,
      fundingStageId: listings.fundingStageId,
    })
    .from(listings)
    .where(and(eq(listings.type, type), eq(listings.slug, slug), eq(listings.processingStatus, "published")))
    .limit(1);
  if (!row) notFound("This listing does not exist or is no longer published.");
  // As createIntroRequest: a request to a listing above the member's tier is refused, so no message is written for one.
  const level = normalizeLevel(row.visibility);
  if (!canSee(normalizeLevel(user?.tier), level))
    throw new AppError("forbidden", "Introductions to this listing are for members with a higher plan.");
  const index = indexReferenceData(await getReferenceData(database));
  const teaser = toTeaser({
    id: row.id,
    slug: row.slug,
    type: row.type,
    name: row.name,
    logo: row.logo,
    tagline: row.tagline,
    industry: namesOf(row.industryIds, index.industry),
    geography: namesOf(row.geographyIds, index.geography),
    fundingStage: row.fundingStageId === null ? null : (index.fundingStage.get(row.fundingStageId) ?? null),
    featured: row.featured,
    businessModel: null,
    countries: [],
    targetPersonas: [],
    listingVisibility: level,
  });
  return {
    name: teaser.name,
    type: teaser.type,
    tagline: teaser.tagline,
    industry: teaser.industry,
    geography: teaser.geography,
    fundingStage: teaser.fundingStage,
  };
}

export async function writeIntroMessage(
  database: Database,
  {
    client,
    user,
    recipient,
    senderName,
  }: { client: AiClient | null; user: SessionUser | null; recipient: { type: ListingType; slug: string }; senderName: string },
): Promise<IntroMessageOutcome> {
  const facts = await recipientFacts(database, recipient.type, recipient.slug, user);
  if (!client || !user || !(await tierHasAiRequests(database, user))) {
    return { status: "ok", message: introMessageTemplate(facts.name, facts.type, senderName), source: "template" };
  }
  const answer = await meteredAiCall(database, {
    client,
    subject: { id: user.id, tier: normalizeLevel(user.tier) },
    kind: "intro_message",
    messages: introMessageMessages(facts, senderName),
  });
  if (!answer.allowed) return { status: "quota_exceeded", quota: answer.quota };
  return { status: "ok", message: cleanIntroMessage(answer.content), source: "ai", quota: answer.quota };
}
