/**
 * A team's follows and each member's team digest switch (issue 37, decision 0121). A team follow is the team's (any
 * member adds or drops one, and only a listing their own plan opens, as for their own follows); every member sees the
 * team's follows on /following, labelled with the team. The changes of the team's followed listings reach a member's
 * digest only while they are in the team and have opted in (`team_digest_opt_ins`, off until chosen), and are told with
 * that member's own gates (followed-changes.server.ts). Membership is read where it is used, never copied: a member
 * who leaves the team stops seeing and getting the team's follows with no extra step.
 */
import { and, eq, sql } from "drizzle-orm";
import { listings } from "#db/schema/listings.ts";
import { teamDigestOptIns, teamFollows } from "#db/schema/team-alerts.ts";
import { underLock } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { canSee, normalizeLevel } from "../access/tiers.ts";
import type { ListingType } from "../catalog/listing-types.ts";
import { LOCKED_FOLLOW_MESSAGE } from "./follow-limits.ts";
import { profileUrl, type Follower } from "./follows.server.ts";

/** Listings one team may follow: a team's follows are shared, so the cap is the largest plan's. */
const TEAM_FOLLOW_CAP = 500;
const NOT_IN_TEAM = "You are not in this team.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The team, if the member is in it, with its id as the database spells it: a uuid may come in any letter case, and the
 * cap's lock is keyed by that text, so "ABC…" and "abc…" must be one key (else two requests count side by side).
 */
async function requireInTeam(database: Database, userId: string, teamId: string): Promise<{ teamId: string; teamName: string }> {
  if (!UUID.test(teamId)) notFound(NOT_IN_TEAM);
  const [row] = await database.rows<{ id: string; name: string }>(sql`
    SELECT t.id::text AS id, t.name FROM teams t JOIN team_memberships m ON m.team_id = t.id AND m.user_id = ${userId}
    WHERE t.id = ${teamId}::uuid`);
  if (!row) notFound(NOT_IN_TEAM);
  return { teamId: row.id, teamName: row.name };
}

/** The team follows this listing; again changes nothing. The member's own plan must open it; the team's cap holds. */
export async function followForTeam(database: Database, member: Follower, typedTeamId: string, listingId: string, now = new Date()) {
  const { teamId } = await requireInTeam(database, member.id, typedTeamId);
  const [listing] = await database.db
    .select({ visibility: listings.visibility, status: listings.processingStatus })
    .from(listings)
    .where(eq(listings.id, listingId));
  if (!listing || listing.status !== "published") notFound("No listing with this id is in the directory.");
  if (!canSee(normalizeLevel(member.tier), normalizeLevel(listing.visibility))) throw new AppError("forbidden", LOCKED_FOLLOW_MESSAGE);
  return underLock(database, `team-follows:${teamId}`, async (tx) => {
    const [used] = await tx.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM team_follows WHERE team_id = ${teamId}::uuid`);
    const [already] = await tx.rows(sql`SELECT 1 FROM team_follows WHERE team_id = ${teamId}::uuid AND listing_id = ${listingId}::uuid`);
    if (already) return { changed: false };
    if ((used?.n ?? 0) >= TEAM_FOLLOW_CAP)
      throw new AppError("conflict", `Your team follows ${TEAM_FOLLOW_CAP} listings, the most a team may. Unfollow one first.`);
    await tx.db.insert(teamFollows).values({ teamId, listingId, addedBy: member.id, createdAt: now }).onConflictDoNothing();
    return { changed: true };
  });
}

export async function unfollowForTeam(database: Database, member: Follower, typedTeamId: string, listingId: string) {
  const { teamId } = await requireInTeam(database, member.id, typedTeamId);
  const gone = await database.db
    .delete(teamFollows)
    .where(and(eq(teamFollows.teamId, teamId), eq(teamFollows.listingId, listingId)))
    .returning({ listingId: teamFollows.listingId });
  return { changed: gone.length > 0 };
}

export interface TeamFollowedListing {
  teamId: string;
  teamName: string;
  listingId: string;
  type: ListingType;
  name: string;
  tagline: string | null;
  url: string;
  locked: boolean;
  addedBy: string | null;
}

/** The follows of every team the member is in, with the team's name: what /following lists under "Your teams follow". */
export async function teamFollowsOf(database: Database, member: Follower): Promise<TeamFollowedListing[]> {
  const rows = await database.rows<{
    team_id: string;
    team_name: string;
    listing_id: string;
    type: ListingType;
    slug: string;
    name: string;
    tagline: string | null;
    visibility: string;
    added_by: string | null;
  }>(sql`
    SELECT tf.team_id::text AS team_id, t.name AS team_name, l.id::text AS listing_id, l.type, l.slug, l.name, l.tagline, l.visibility,
           u.name AS added_by
    FROM team_follows tf
    JOIN team_memberships m ON m.team_id = tf.team_id AND m.user_id = ${member.id}
    JOIN teams t ON t.id = tf.team_id
    JOIN listings l ON l.id = tf.listing_id AND l.processing_status = 'published'
    LEFT JOIN users u ON u.id = tf.added_by
    ORDER BY t.name, tf.created_at DESC, l.name`);
  const tier = normalizeLevel(member.tier);
  return rows.map((r) => {
    const locked = !canSee(tier, normalizeLevel(r.visibility));
    // Above the member's plan: the teaser's name, never its tagline.
    return {
      teamId: r.team_id,
      teamName: r.team_name,
      listingId: r.listing_id,
      type: r.type,
      name: r.name,
      tagline: locked ? null : r.tagline,
      url: profileUrl(r.type, r.slug),
      locked,
      addedBy: r.added_by,
    };
  });
}

/**
 * The listings the member's opted-in teams follow, read through merges to their survivor, for the member's digest.
 * Only teams the member is in now, and only those whose digest they opted in to.
 */
export async function digestTeamFollows(database: Database, userId: string): Promise<string[]> {
  const rows = await database.rows<{ id: string }>(sql`
    WITH RECURSIVE chain AS (
      SELECT l.id, l.processing_status, l.merged_into, 0 AS hops
      FROM team_follows tf
      JOIN team_memberships m ON m.team_id = tf.team_id AND m.user_id = ${userId}
      JOIN team_digest_opt_ins o ON o.team_id = tf.team_id AND o.user_id = ${userId} AND o.opted_in
      JOIN listings l ON l.id = tf.listing_id
      UNION ALL
      SELECT l.id, l.processing_status, l.merged_into, c.hops + 1
      FROM chain c JOIN listings l ON l.id = c.merged_into
      WHERE c.processing_status = 'merged' AND c.hops < 10
    )
    SELECT DISTINCT id::text AS id FROM chain WHERE processing_status <> 'merged' OR merged_into IS NULL`);
  return rows.map((r) => r.id);
}

export interface TeamDigestChoice {
  teamId: string;
  teamName: string;
  optedIn: boolean;
}

/** Each of the member's teams and whether its follows and saved searches come in the member's digest. */
export async function teamDigestChoices(database: Database, userId: string): Promise<TeamDigestChoice[]> {
  const rows = await database.rows<{ team_id: string; team_name: string; opted_in: boolean | null }>(sql`
    SELECT t.id::text AS team_id, t.name AS team_name, o.opted_in
    FROM team_memberships m JOIN teams t ON t.id = m.team_id
    LEFT JOIN team_digest_opt_ins o ON o.team_id = m.team_id AND o.user_id = m.user_id
    WHERE m.user_id = ${userId} ORDER BY t.name, t.id`);
  return rows.map((r) => ({ teamId: r.team_id, teamName: r.team_name, optedIn: r.opted_in === true }));
}

/** The member's switch for one team's digest; dated, so an unsubscribe link sent before it no longer speaks for them. */
export async function setTeamDigest(database: Database, userId: string, typedTeamId: string, optedIn: boolean, now = new Date()) {
  const { teamId } = await requireInTeam(database, userId, typedTeamId);
  await database.db
    .insert(teamDigestOptIns)
    .values({ teamId, userId, optedIn, changedAt: now })
    .onConflictDoUpdate({ target: [teamDigestOptIns.teamId, teamDigestOptIns.userId], set: { optedIn, changedAt: now } });
}
