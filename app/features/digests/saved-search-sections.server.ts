/**
 * The saved searches' part of a digest (decision 0062): one section per alerting search of the cadence that has
 * listings new against its digest snapshot, made with the member's current tier. The new snapshots are kept until the
 * delivery is recorded (`commit`, in its transaction), so a listing is reported in exactly one digest: a run that
 * stops before recording reports it again next time, one that recorded it never does.
 */
import { and, eq } from "drizzle-orm";
import { savedSearches } from "#db/schema/saved-searches.ts";
import type { DigestCadence } from "#db/values/saved-searches.ts";
import type { Database } from "~/lib/db.server.ts";
import { normalizeLevel } from "../access/tiers.ts";
import { compareWithSnapshot, type Snapshot } from "../directory/server/matching-listings.server.ts";
import { listingSummaries, type ListingSummary } from "../saved-searches/listing-summaries.server.ts";
import { queryOf, readSnapshot, writeSnapshot } from "../saved-searches/saved-searches.server.ts";
import { ITEMS_PER_SECTION } from "./digest-email.ts";
import type { DigestMember, DigestPeriod, DigestSection } from "./digest-section.ts";

export interface SavedSearchDigest {
  sections: DigestSection[];
  /** The searches that have a section, for their own unsubscribe lines. */
  reported: Array<{ id: string; name: string }>;
  /** Keeps the new digest snapshots and the period on every search looked at; run in the delivery's transaction. */
  commit(tx: Database, now: Date): Promise<void>;
}

const TYPE_LABEL = { startup: "Startup", investor: "Investor", partner: "Partner" } as const;

function detailOf(listing: ListingSummary): string {
  return [TYPE_LABEL[listing.type], listing.fundingStage, listing.industries.join(", ")].filter(Boolean).join(" · ");
}

export async function savedSearchDigest(
  database: Database,
  member: DigestMember,
  cadence: DigestCadence,
  period: DigestPeriod,
): Promise<SavedSearchDigest> {
  const viewer = { tier: normalizeLevel(member.tier) };
  // Every search alerting at this cadence: a re-run of the period never gets here (the member's delivery row is
  // there), and a search moved from daily to weekly mid-week still belongs to this week's digest.
  const rows = await database.db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, member.userId), eq(savedSearches.alertFrequency, cadence)))
    .orderBy(savedSearches.createdAt, savedSearches.id);
  const sections: DigestSection[] = [];
  const reported: SavedSearchDigest["reported"] = [];
  const next: Array<{ id: string; snapshot: Snapshot }> = [];
  for (const row of rows) {
    const report = await compareWithSnapshot(
      database,
      queryOf(row),
      viewer,
      await readSnapshot(database, row.id, "digest"),
      undefined,
      period.to,
    );
    next.push({ id: row.id, snapshot: report.next });
    if (!report.newIds.length) continue;
    const shown = await listingSummaries(database, report.newIds.slice(0, ITEMS_PER_SECTION - 1), viewer);
    if (!shown.length) continue;
    const n = report.newIds.length;
    const items = shown.map((listing) => ({ title: listing.name, url: listing.path, detail: detailOf(listing) }));
    // The last line of a long section leads to all of them.
    if (n > shown.length) items.push({ title: `See all ${n} new listings`, url: `/saved-searches/${row.id}`, detail: "" });
    sections.push({ heading: `New in "${row.name}": ${n} ${n === 1 ? "listing" : "listings"}`, items });
    reported.push({ id: row.id, name: row.name });
  }
  return {
    sections,
    reported,
    async commit(tx, now) {
      for (const { id, snapshot } of next) {
        await writeSnapshot(tx, id, "digest", snapshot, now);
        await tx.db
          .update(savedSearches)
          .set({ lastDigestPeriod: period.from })
          .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, member.userId)));
      }
    },
  };
}
