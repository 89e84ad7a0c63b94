import { toHistory } from "~/components/admin/audit-history.tsx";
import { auditTrailFor } from "~/features/audit/audit-log.server.ts";
import { INTRO_STATUSES } from "#db/schema/introductions.ts";
import type { Database } from "~/lib/db.server.ts";
import { declineReasonText } from "./intro-preferences.ts";
import { countIntroRequestsByStatus, listIntroRequests } from "./intro-review.server.ts";

/** The operators' list of introduction requests in one status (or all), with counts and each request's history. */
export async function introReviewData(database: Database, url: URL) {
  const raw = url.searchParams.get("status") ?? "pending_review";
  const status =
    raw === "all"
      ? null
      : (INTRO_STATUSES as readonly string[]).includes(raw)
        ? (raw as (typeof INTRO_STATUSES)[number])
        : "pending_review";
  const [rows, counts] = await Promise.all([listIntroRequests(database, status), countIntroRequestsByStatus(database)]);
  const trails = await auditTrailFor(
    database,
    rows.map((r) => r.request.id),
  );
  return {
    status: status ?? "all",
    counts,
    requests: rows.map(({ request: r, listingSlug, listingType, primaryContactEmail, claimed }) => ({
      id: r.id,
      recipientName: r.recipientName,
      profile: `/profile/${listingType}/${listingSlug}`,
      primaryContactEmail,
      /** A claimed listing's requests go to its owners, not to the contact (decision 0116). */
      toOwners: r.deliveredToOwners || claimed,
      declineReason: declineReasonText(r.declineReason),
      requesterName: r.requesterName,
      requesterEmail: r.requesterEmail,
      requesterPhone: r.requesterPhone,
      message: r.message,
      status: r.status,
      decisionNote: r.decisionNote,
      createdAt: r.createdAt.toISOString(),
      history: toHistory(trails.get(r.id)),
    })),
  };
}

export type IntroReviewData = Awaited<ReturnType<typeof introReviewData>>;
