/**
 * The "listings you follow" section of a member's digest (issue 18 §3): for each followed listing that changed in
 * the period, one line saying what changed, detected from the audit trail the editor and imports write. The member's
 * tier decides what is told, with the profile's own gates: a listing above their tier is left out whole, and a change
 * to a field their tier may not see on that listing is not told at all, not even as "something changed". Gates are
 * today's (the field rules and levels as they are when the digest is made), so nothing the member could not open now
 * is described. B's digest job composes the section (app/features/digests).
 */
import { and, gte, inArray, lt, or, sql } from "drizzle-orm";
import { auditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import type { Database } from "~/lib/db.server.ts";
import { toFieldVisibility } from "../access/field-name.ts";
import { getFieldRules } from "../access/field-rules.server.ts";
import { requiredLevel } from "../access/redact-listing.ts";
import { canSee, normalizeLevel } from "../access/tiers.ts";
import { getReferenceData, indexReferenceData } from "../catalog/reference-data.server.ts";
import { collectChanges, describeChanges, type ChangeEntry } from "./change-summary.ts";
import { profileUrl, resolvedFollows } from "./follows.server.ts";
import { digestTeamFollows } from "./team-follows.server.ts";

export interface FollowedChangesSection {
  heading: string;
  items: Array<{ title: string; url: string; detail: string }>;
}

const FOLLOWED_CHANGES_HEADING = "Listings you follow";

/** The section for one member and period [from, to); null when nothing they may see changed. */
export async function followedChangesDigestSection(
  database: Database,
  member: { userId: string; tier: string },
  period: { from: Date; to: Date },
): Promise<FollowedChangesSection | null> {
  const tier = normalizeLevel(member.tier);
  // The member's own follows and those of the teams whose digest they opted in to (decision 0121), told alike.
  const [own, team] = await Promise.all([resolvedFollows(database, member.userId), digestTeamFollows(database, member.userId)]);
  const followed = [...new Set([...own.map((f) => f.listingId), ...team])];
  if (!followed.length) return null;
  const l = listings;
  const rows = await database.db
    .select({
      id: l.id,
      type: l.type,
      slug: l.slug,
      name: l.name,
      visibility: l.visibility,
      fieldVisibility: l.fieldVisibility,
      fundingStageId: l.fundingStageId,
      revenueRangeId: l.revenueRangeId,
    })
    .from(l)
    .where(and(inArray(l.id, followed), sql`${l.processingStatus} = 'published'`));
  // A listing above the member's tier tells nothing, not even that it changed.
  const open = rows.filter((r) => canSee(tier, normalizeLevel(r.visibility)));
  if (!open.length) return null;

  const entries = await database.db
    .select({ recordId: auditLog.recordId, operation: auditLog.operation, action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        inArray(
          auditLog.recordId,
          open.map((r) => r.id),
        ),
        gte(auditLog.timestamp, period.from),
        lt(auditLog.timestamp, period.to),
        or(
          and(sql`${auditLog.operation} = 'listing_edit'`, sql`${auditLog.action} = 'updated'`),
          and(sql`${auditLog.operation} = 'merge_operation'`, sql`${auditLog.action} = 'merged'`),
        ),
      ),
    )
    .orderBy(auditLog.timestamp);
  if (!entries.length) return null;
  const byListing = new Map<string, ChangeEntry[]>();
  for (const e of entries) byListing.set(e.recordId!, [...(byListing.get(e.recordId!) ?? []), e]);

  const [rules, reference] = await Promise.all([getFieldRules(database), getReferenceData(database)]);
  const index = indexReferenceData(reference);
  const items: FollowedChangesSection["items"] = [];
  for (const listing of open.sort((a, b) => a.name.localeCompare(b.name))) {
    const listingEntries = byListing.get(listing.id);
    if (!listingEntries) continue;
    const fieldVisibility = toFieldVisibility(listing.fieldVisibility);
    const parts = describeChanges(collectChanges(listingEntries), {
      canSeeField: (field) => canSee(tier, requiredLevel(field, { fieldVisibility }, rules)),
      fundingStage: listing.fundingStageId === null ? null : (index.fundingStage.get(listing.fundingStageId) ?? null),
      revenueRange: listing.revenueRangeId === null ? null : (index.revenueRange.get(listing.revenueRangeId) ?? null),
    });
    if (parts.length) items.push({ title: listing.name, url: profileUrl(listing.type, listing.slug), detail: parts.join("; ") });
  }
  return items.length ? { heading: FOLLOWED_CHANGES_HEADING, items } : null;
}
