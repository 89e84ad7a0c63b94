/** Words and addresses the back-office shows for stored codes; pure, shared by the dashboard and the audit view. */

/**
 * Shown for every type even at zero, so the three cards line up; any other status appears when it exists. These are
 * also the statuses the back-office listing list filters by.
 */
export const MAIN_LISTING_STATUSES = ["published", "archived", "merged"] as const;

export const LISTING_TYPE_LABEL = { startup: "Startups", investor: "Investors", partner: "Partners" } as const;

export const FEATURE_APPLICATION_LABEL: Record<string, string> = { new: "To review", approved: "Approved", rejected: "Rejected" };
export const PILOT_APPLICATION_LABEL: Record<string, string> = { new: "New", accepted: "Accepted", declined: "Declined" };
export const DUPLICATE_REVIEW_LABEL: Record<string, string> = { open: "Open", merged: "Merged", dismissed: "Dismissed" };
export const JOB_LABEL: Record<string, string> = { running: "Running", queued: "Queued", completed: "Completed", failed: "Failed" };

/** "flagged_for_review" reads "Flagged for review": for codes without a label of their own. */
export function humanize(code: string): string {
  const words = code.replace(/[_-]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

/** The back-office list of one type's listings in one status; none for a status that list cannot filter by. */
export function listingsHref(type: string, status: string): string | undefined {
  if (!(MAIN_LISTING_STATUSES as readonly string[]).includes(status)) return undefined;
  return `/admin/listings?${new URLSearchParams({ type, status })}`;
}

/** A listing's back-office page. */
export function listingHref(id: string): string {
  return `/admin/listings/${encodeURIComponent(id)}`;
}
