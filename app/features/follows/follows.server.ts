/**
 * Following listings (issue 18 §3, decision 0063): follow, unfollow and read a member's follows. A member follows
 * only a listing in the directory that their tier opens (a locked teaser cannot be followed), up to their tier's cap,
 * counted and spent under the member's advisory lock so parallel follows cannot pass it (decision 0034). A follow
 * made on a listing that was later merged is read as a follow of its survivor.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { listingFollows } from "#db/schema/follows.ts";
import { listings } from "#db/schema/listings.ts";
import { underLock } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { canSee, normalizeLevel } from "../access/tiers.ts";
import type { ListingType } from "../catalog/listing-types.ts";
import { followEmailsOn } from "./follow-emails.server.ts";
import { followCap, followCapMessage, LOCKED_FOLLOW_MESSAGE } from "./follow-limits.ts";

export interface Follower {
  id: string;
  tier: string;
}

/** A followed listing as its follower may see it: only what a locked teaser also shows (name, logo, tagline). */
export interface FollowedListing {
  listingId: string;
  type: ListingType;
  slug: string;
  name: string;
  logo: string | null;
  tagline: string | null;
  url: string;
  /** Above the follower's tier now (a downgrade, or the listing's level raised): its changes are not told. */
  locked: boolean;
  /** False once archived: nothing to see, the follow can only be dropped. */
  inDirectory: boolean;
  followedAt: string;
}

export interface FollowOutcome {
  listingId: string;
  following: boolean;
  /** Whether this call changed anything (false: it was already so). */
  changed: boolean;
  count: number;
  cap: number;
}

export const profileUrl = (type: string, slug: string) => `/profile/${type}/${encodeURIComponent(slug)}`;

/**
 * Each follow with the listing it stands for now: its own, or the survivor its merges lead to (at most 10 hops,
 * as the merge's redirect follows them). Read forward from the member's own rows, so it costs their few follows.
 */
export async function resolvedFollows(
  database: Database,
  userId: string,
): Promise<Array<{ origin: string; listingId: string; followedAt: number }>> {
  const rows = await database.rows<{ origin: string; id: string; followed_at: number }>(sql`
    WITH RECURSIVE chain AS (
      SELECT f.listing_id AS origin, f.created_at, l.id, l.processing_status, l.merged_into, 0 AS hops
      FROM listing_follows f JOIN listings l ON l.id = f.listing_id
      WHERE f.user_id = ${userId}
      UNION ALL
      SELECT c.origin, c.created_at, l.id, l.processing_status, l.merged_into, c.hops + 1
      FROM chain c JOIN listings l ON l.id = c.merged_into
      WHERE c.processing_status = 'merged' AND c.hops < 10
    )
    SELECT origin, id, (extract(epoch FROM created_at) * 1000)::float8 AS followed_at FROM chain
    WHERE processing_status <> 'merged' OR merged_into IS NULL`);
  return rows.map((r) => ({ origin: r.origin, listingId: r.id, followedAt: Number(r.followed_at) }));
}

async function followCount({ db }: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listingFollows).where(eq(listingFollows.userId, userId));
  return row?.n ?? 0;
}

/** The listing a follow names, as it must be to be followed: in the directory (not archived, not merged away). */
async function followableListing({ db }: Database, listingId: string) {
  const [row] = await db
    .select({ id: listings.id, visibility: listings.visibility, status: listings.processingStatus })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!row || row.status !== "published") notFound("No listing with this id is in the directory.");
  return row;
}

/** Follows a listing; following it again changes nothing. Refused above the member's tier and at the cap. */
export async function followListing(database: Database, member: Follower, listingId: string): Promise<FollowOutcome> {
  const listing = await followableListing(database, listingId);
  if (!canSee(normalizeLevel(member.tier), normalizeLevel(listing.visibility))) throw new AppError("forbidden", LOCKED_FOLLOW_MESSAGE);
  const cap = followCap(member.tier);
  return underLock(database, `follows:${member.id}`, async (tx) => {
    const already = (await resolvedFollows(tx, member.id)).some((f) => f.listingId === listingId);
    const used = await followCount(tx, member.id);
    if (already) return { listingId, following: true, changed: false, count: used, cap };
    if (used >= cap) throw new AppError("conflict", followCapMessage(member.tier));
    await tx.db.insert(listingFollows).values({ userId: member.id, listingId }).onConflictDoNothing();
    return { listingId, following: true, changed: true, count: used + 1, cap };
  });
}

/**
 * Stops following a listing, and any listing merged into it that the member followed; unfollowing one not followed
 * changes nothing. An id of no listing at all is a 404 (a typo should not read as success).
 */
export async function unfollowListing(database: Database, member: Follower, listingId: string): Promise<FollowOutcome> {
  const [known] = await database.db.select({ id: listings.id }).from(listings).where(eq(listings.id, listingId)).limit(1);
  if (!known) notFound("No listing with this id.");
  const cap = followCap(member.tier);
  return underLock(database, `follows:${member.id}`, async (tx) => {
    const origins = (await resolvedFollows(tx, member.id))
      .filter((f) => f.listingId === listingId || f.origin === listingId)
      .map((f) => f.origin);
    if (origins.length)
      await tx.db.delete(listingFollows).where(and(eq(listingFollows.userId, member.id), inArray(listingFollows.listingId, origins)));
    return { listingId, following: false, changed: origins.length > 0, count: await followCount(tx, member.id), cap };
  });
}

/** Whether the member follows this listing (or one merged into it), with their count and cap: the Follow button's state. */
export async function followState(database: Database, member: Follower, listingId: string) {
  const follows = await resolvedFollows(database, member.id);
  return {
    listingId,
    following: follows.some((f) => f.listingId === listingId),
    count: await followCount(database, member.id),
    cap: followCap(member.tier),
  };
}
export type FollowState = Awaited<ReturnType<typeof followState>>;

/** The member's followed listings, newest follow first, and whether they get e-mails about them, each once (two follows merged into one listing are one). */
export async function listFollows(
  database: Database,
  member: Follower,
): Promise<{ items: FollowedListing[]; count: number; cap: number; emails: boolean }> {
  const follows = await resolvedFollows(database, member.id);
  const firstFollowed = new Map<string, number>();
  for (const f of follows) firstFollowed.set(f.listingId, Math.min(firstFollowed.get(f.listingId) ?? Infinity, f.followedAt));
  const ids = [...firstFollowed.keys()];
  const rows = ids.length
    ? await database.db
        .select({
          id: listings.id,
          type: listings.type,
          slug: listings.slug,
          name: listings.name,
          logo: listings.logoUrl,
          tagline: listings.tagline,
          visibility: listings.visibility,
          status: listings.processingStatus,
        })
        .from(listings)
        .where(inArray(listings.id, ids))
    : [];
  const tier = normalizeLevel(member.tier);
  const items = rows
    .map((r) => ({
      listingId: r.id,
      type: r.type,
      slug: r.slug,
      name: r.name,
      logo: r.logo,
      tagline: r.tagline,
      url: profileUrl(r.type, r.slug),
      locked: !canSee(tier, normalizeLevel(r.visibility)),
      inDirectory: r.status === "published",
      followedAt: new Date(firstFollowed.get(r.id)!).toISOString(),
    }))
    .sort((a, b) => b.followedAt.localeCompare(a.followedAt) || a.name.localeCompare(b.name));
  return { items, count: follows.length, cap: followCap(member.tier), emails: await followEmailsOn(database, member.id) };
}
