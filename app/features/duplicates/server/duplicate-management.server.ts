import { REVIEW_STATUSES } from "#db/values/duplicate-reviews.ts";
import type { Database } from "~/lib/db.server.ts";
import { countLiveListings } from "./cleanup.server.ts";
import { listRecentMerges } from "./merge-history.server.ts";
import { countReviews, listReviews, type ReviewStatus } from "./review-queue.server.ts";

/** The duplicate-management page's data: one tab of the review queue, the counts, recent merges, the live total. */
export async function duplicateManagementData(database: Database, url: URL) {
  const raw = url.searchParams.get("status") ?? "open";
  const status = (REVIEW_STATUSES as readonly string[]).includes(raw) ? (raw as ReviewStatus) : "open";
  const [reviews, counts, merges, totalCompanies] = await Promise.all([
    listReviews(database, { status }),
    countReviews(database),
    listRecentMerges(database),
    countLiveListings(database),
  ]);
  return {
    status,
    selectAll: url.searchParams.get("select") === "all",
    counts,
    totalCompanies,
    reviews: reviews.map(({ review, first, second, reporter }) => {
      // Shown oldest first: that is the listing a merge keeps.
      const [older, newer] = first.createdAt <= second.createdAt ? [first, second] : [second, first];
      return {
        id: review.id,
        source: review.source,
        score: review.score,
        reasons: review.reasons,
        note: review.note,
        reporter,
        createdAt: review.createdAt.toISOString(),
        listings: [older, newer].map((l) => ({ id: l.id, name: l.name, status: l.status, profile: `/profile/${l.type}/${l.slug}` })),
      };
    }),
    merges: merges.map((m) => ({
      id: m.id,
      survivor: m.survivor.name,
      survivorProfile: `/profile/${m.survivor.type}/${m.survivor.slug}`,
      merged: m.merged.name,
      mergedBy: m.mergedBy,
      score: m.score,
      reasons: m.reasons,
      mergedAt: m.mergedAt.toISOString(),
      undone: Boolean(m.undoneAt),
    })),
  };
}

export type DuplicateManagementData = Awaited<ReturnType<typeof duplicateManagementData>>;
