/**
 * The owners' preferences in the database (decision 0116): who keeps a listing now (read through merges), what they
 * take, how many requests the month already holds, and the verdict the dialog, the API and the stored request share.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { fundingStages, industries } from "#db/schema/reference.ts";
import { introPreferences } from "#db/schema/intro-preferences.ts";
import { listings } from "#db/schema/listings.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import { getPlanCatalogue } from "~/features/access/tier-records.server.ts";
import { canSee, normalizeLevel } from "~/features/access/tiers.ts";
import { ownedListings } from "~/features/listing-owners/ownership.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { formatDate } from "~/lib/format-date.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { monthOf, OPEN_PREFERENCES, refusalFor, type IntroPreferences, type Refusal, type RequesterFacts } from "./intro-preferences.ts";
import { SIGN_UP_WINDOW_MS, type IntroRequestInput } from "./intro-request.ts";

export interface ListingOwner {
  id: string;
  name: string;
  email: string;
}

/**
 * The members who keep a listing now: owners recorded on it and on the listings merged into it (ownership is read
 * through a merge to its survivor, like ownedListings). Walked forward from the ownership rows (few) along
 * merged_into (primary-key lookups), never backward over every listing. Deleted members' rows went with their accounts.
 */
export async function ownersOf(database: Database, listingId: string): Promise<ListingOwner[]> {
  return database.rows<ListingOwner>(sql`
    WITH RECURSIVE chain AS (
      SELECT o.user_id, l.id, l.processing_status, l.merged_into, 0 AS hops
      FROM listing_owners o JOIN listings l ON l.id = o.listing_id
      WHERE o.listing_id = ${listingId}::uuid OR l.processing_status = 'merged'
      UNION ALL
      SELECT c.user_id, l.id, l.processing_status, l.merged_into, c.hops + 1
      FROM chain c JOIN listings l ON l.id = c.merged_into
      WHERE c.processing_status = 'merged' AND c.hops < 10
    )
    SELECT DISTINCT u.id, u.name, u.email
    FROM chain c JOIN users u ON u.id = c.user_id
    WHERE c.id = ${listingId}::uuid
    ORDER BY u.name, u.id`);
}

export async function getIntroPreferences({ db }: Database, listingId: string): Promise<IntroPreferences> {
  const [row] = await db.select().from(introPreferences).where(eq(introPreferences.listingId, listingId)).limit(1);
  if (!row) return OPEN_PREFERENCES;
  return {
    tiers: row.tiers.map(normalizeLevel),
    listingTypes: row.listingTypes as IntroPreferences["listingTypes"],
    industryIds: row.industryIds,
    stageIds: row.stageIds,
    allowUnknown: row.allowUnknown,
    monthlyCap: row.monthlyCap,
    paused: row.paused,
  };
}

/** Saves an owner's preferences (ids checked against the reference lists) and audits the change. */
export async function saveIntroPreferences(
  database: Database,
  {
    listing,
    prefs,
    owner,
    now = Date.now(),
  }: { listing: { id: string; name: string }; prefs: IntroPreferences; owner: { id: string }; now?: number },
): Promise<void> {
  const { db } = database;
  const [knownIndustries, knownStages] = await Promise.all([
    prefs.industryIds.length ? db.select({ id: industries.id }).from(industries).where(inArray(industries.id, prefs.industryIds)) : [],
    prefs.stageIds.length ? db.select({ id: fundingStages.id }).from(fundingStages).where(inArray(fundingStages.id, prefs.stageIds)) : [],
  ]);
  if (knownIndustries.length !== new Set(prefs.industryIds).size) throw new AppError("bad_request", "Choose industries from the list.");
  if (knownStages.length !== new Set(prefs.stageIds).size) throw new AppError("bad_request", "Choose stages from the list.");
  const values = { ...prefs, updatedBy: owner.id, updatedAt: new Date(now) };
  await db.transaction(async (tx) => {
    await tx
      .insert(introPreferences)
      .values({ listingId: listing.id, ...values })
      .onConflictDoUpdate({ target: introPreferences.listingId, set: values });
    await recordAudit(tx, {
      operation: "owner_change",
      source: "member",
      action: "preferences_changed",
      companyName: listing.name,
      recordId: listing.id,
      actorId: owner.id,
      details: { as: "owner", ...prefs },
    });
  });
}

/**
 * The requests that hold a place under this month's cap (UTC): every request to the listing made this month, except
 * those operators did not forward and signed-out requests whose sign-up step lapsed. Counted under the listing's lock
 * when a request is stored (intro-requests.server.ts), so two requests cannot both take the last place.
 */
export async function requestsThisMonth(database: Database, listingId: string, now: number): Promise<number> {
  const { start } = monthOf(now);
  const [row] = await database.rows<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM intro_requests
    WHERE listing_id = ${listingId} AND created_at >= ${start.toISOString()}::timestamptz
      AND status <> 'rejected'
      AND NOT (status = 'awaiting_sign_up' AND created_at <= ${new Date(now - SIGN_UP_WINDOW_MS).toISOString()}::timestamptz)`);
  return row?.n ?? 0;
}

/** The requester's plan and the published listings they keep (their type, industries and funding stage). */
async function requesterFacts(database: Database, user: SessionUser | null): Promise<RequesterFacts> {
  // A signed-out visitor asks as a new member on the free plan would, and keeps no listing.
  if (!user) return { tier: "public", listings: [] };
  const owned = await ownedListings(database, user.id);
  const rows = owned.length
    ? await database.db
        .select({ type: listings.type, industryIds: listings.industryIds, stageId: listings.fundingStageId })
        .from(listings)
        .where(
          inArray(
            listings.id,
            owned.map((l) => l.id),
          ),
        )
    : [];
  return { tier: normalizeLevel(user.tier), listings: rows.map((r) => ({ ...r, industryIds: r.industryIds ?? [] })) };
}

/**
 * Whether this requester may ask this listing now: null, or the refusal they are told. Only a listing with owners has
 * preferences that count; an unclaimed listing takes what the operators forward, as before issue 36.
 */
export async function introRefusal(
  database: Database,
  { listing, user, now }: { listing: { id: string; name: string }; user: SessionUser | null; now: number },
): Promise<Refusal | null> {
  // Most listings have no preferences: one primary-key read, and nothing else is looked at.
  const prefs = await getIntroPreferences(database, listing.id);
  if (prefs === OPEN_PREFERENCES) return null;
  if ((await ownersOf(database, listing.id)).length === 0) return null;
  const [facts, used, catalogue] = await Promise.all([
    requesterFacts(database, user),
    prefs.monthlyCap === null ? 0 : requestsThisMonth(database, listing.id, now),
    getPlanCatalogue(database),
  ]);
  return refusalFor(prefs, facts, used, {
    listingName: listing.name,
    planName: (tier) => catalogue[tier].name,
    nextMonth: formatDate(monthOf(now).next),
  });
}

/**
 * The recipient of a request, and whether this requester may ask it now (null: they may; else what they are told). The
 * listing must be published and visible to the requester's plan (a locked listing's intros are gated too). Reads only:
 * the dialog asks this when it opens, and a refused requester has spent nothing (decision 0116).
 */
export async function checkIntroEligibility(
  database: Database,
  {
    recipient,
    user,
    now = Date.now(),
  }: { recipient: { recipientType: IntroRequestInput["recipientType"]; recipientSlug: string }; user: SessionUser | null; now?: number },
) {
  const [listing] = await database.db
    .select({ id: listings.id, name: listings.name, type: listings.type, visibility: listings.visibility })
    .from(listings)
    .where(
      and(
        eq(listings.type, recipient.recipientType),
        eq(listings.slug, recipient.recipientSlug),
        eq(listings.processingStatus, "published"),
      ),
    )
    .limit(1);
  if (!listing) notFound("This listing does not exist or is no longer published.");
  if (!canSee(normalizeLevel(user?.tier), normalizeLevel(listing.visibility))) {
    throw new AppError("forbidden", "Introductions to this listing are for members with a higher plan.");
  }
  return { listing, refusal: await introRefusal(database, { listing, user, now }) };
}

/** The refusal as the error the API answers with: 409 for a pause or a full month (it passes), 403 for who may ask. */
export function refusalError(refusal: Refusal): AppError {
  return new AppError(refusal.reason === "paused" || refusal.reason === "cap_reached" ? "conflict" : "forbidden", refusal.message, {
    details: { reason: refusal.reason },
  });
}
