/**
 * A team's saved searches in a member's digest (issue 37, decision 0121): each alerting search of a team the member
 * is in and opted in to, saved by someone else (the member's own are among their own searches), with the listings new
 * since THIS member's last digest of it, found with THIS member's tier: members of different plans see different
 * matches, so each recipient keeps their own snapshot (team_search_digest_snapshots), moved on in the transaction that
 * records their delivery, as their own searches' snapshots are. A member who leaves the team is no longer read here,
 * and neither is a search whose saver left it.
 */
import { sql } from "drizzle-orm";
import { teamSearchDigestSnapshots } from "#db/schema/team-alerts.ts";
import type { DigestCadence } from "#db/values/saved-searches.ts";
import type { Database } from "~/lib/db.server.ts";
import { normalizeLevel } from "../access/tiers.ts";
import { compareWithSnapshot, type Snapshot } from "../directory/server/matching-listings.server.ts";
import { listingSummaries } from "../saved-searches/listing-summaries.server.ts";
import { directoryUrlOf } from "../saved-searches/saved-searches-api.server.ts";
import { queryOf } from "../saved-searches/saved-searches.server.ts";
import { ITEMS_PER_SECTION } from "./digest-email.ts";
import type { DigestMember, DigestPeriod, DigestSection } from "./digest-section.ts";

export interface TeamSearchDigest {
  sections: DigestSection[];
  commit(tx: Database, now: Date): Promise<void>;
}

const TYPE_LABEL = { startup: "Startup", investor: "Investor", partner: "Partner" } as const;

export async function teamSavedSearchDigest(
  database: Database,
  member: DigestMember,
  cadence: DigestCadence,
  period: DigestPeriod,
): Promise<TeamSearchDigest> {
  const viewer = { tier: normalizeLevel(member.tier) };
  const rows = await database.rows<{
    id: string;
    name: string;
    query: string;
    team_name: string;
    listing_ids: string[] | null;
    truncated: boolean | null;
  }>(sql`
    SELECT s.id::text AS id, s.name, s.query, t.name AS team_name, snap.listing_ids::text[] AS listing_ids, snap.truncated
    FROM saved_searches s
    JOIN teams t ON t.id = s.team_id
    JOIN team_memberships m ON m.team_id = s.team_id AND m.user_id = ${member.userId}
    -- The saver too must be in the team now: a search shared by someone who left is no longer the team's.
    JOIN team_memberships saver ON saver.team_id = s.team_id AND saver.user_id = s.user_id
    JOIN team_digest_opt_ins o ON o.team_id = s.team_id AND o.user_id = ${member.userId} AND o.opted_in
    LEFT JOIN team_search_digest_snapshots snap ON snap.saved_search_id = s.id AND snap.user_id = ${member.userId}
    WHERE s.user_id <> ${member.userId} AND s.alert_frequency = ${cadence}
    ORDER BY t.name, s.created_at, s.id`);
  const sections: DigestSection[] = [];
  const next: Array<{ id: string; snapshot: Snapshot }> = [];
  for (const row of rows) {
    const snapshot = row.listing_ids ? { listingIds: row.listing_ids, truncated: row.truncated ?? false } : null;
    const report = await compareWithSnapshot(database, queryOf(row), viewer, snapshot, undefined, period.to);
    next.push({ id: row.id, snapshot: report.next });
    if (!report.newIds.length) continue;
    const shown = await listingSummaries(database, report.newIds.slice(0, ITEMS_PER_SECTION - 1), viewer);
    if (!shown.length) continue;
    const n = report.newIds.length;
    const items = shown.map((l) => ({
      title: l.name,
      url: l.path,
      detail: [TYPE_LABEL[l.type], l.fundingStage, l.industries.join(", ")].filter(Boolean).join(" · "),
    }));
    if (n > shown.length) items.push({ title: `See all ${n} new listings`, url: directoryUrlOf(row), detail: "" });
    sections.push({ heading: `New in "${row.name}" (${row.team_name}): ${n} ${n === 1 ? "listing" : "listings"}`, items });
  }
  return {
    sections,
    async commit(tx, now) {
      for (const { id, snapshot } of next)
        await tx.db
          .insert(teamSearchDigestSnapshots)
          .values({
            savedSearchId: id,
            userId: member.userId,
            listingIds: [...snapshot.listingIds],
            truncated: snapshot.truncated,
            takenAt: now,
          })
          .onConflictDoUpdate({
            target: [teamSearchDigestSnapshots.savedSearchId, teamSearchDigestSnapshots.userId],
            set: { listingIds: [...snapshot.listingIds], truncated: snapshot.truncated, takenAt: now },
          });
    },
  };
}
