/**
 * Dismissing several queued pairs at once, and taking a dismissal back (issue 32). Each pair is decided on its own
 * and audited like a single "Not a duplicate"; the answer lists what was really done, so the page can say it and
 * offer the undo for exactly those pairs.
 */
import { and, eq, inArray } from "drizzle-orm";
import { duplicateReviews } from "#db/schema/duplicate-reviews.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import type { Database } from "~/lib/db.server.ts";

type Admin = { id: string };

export interface BulkReviewReport {
  /** The review items this call changed. */
  done: string[];
  /** Items it left alone, with why (already decided, gone). */
  failed: Array<{ reviewId: string; error: string }>;
}

async function decide(
  database: Database,
  reviewIds: readonly string[],
  admin: Admin,
  { from, to, action }: { from: "open" | "dismissed"; to: "open" | "dismissed"; action: string },
): Promise<BulkReviewReport> {
  const ids = [...new Set(reviewIds)];
  return database.db.transaction(async (tx) => {
    const rows = await tx.select().from(duplicateReviews).where(inArray(duplicateReviews.id, ids)).for("update");
    const report: BulkReviewReport = { done: [], failed: [] };
    for (const id of ids) {
      const row = rows.find((r) => r.id === id);
      if (!row) report.failed.push({ reviewId: id, error: "This review item no longer exists." });
      else if (row.status !== from) report.failed.push({ reviewId: id, error: `This pair is ${row.status}, not ${from}.` });
      else report.done.push(id);
    }
    if (!report.done.length) return report;
    await tx
      .update(duplicateReviews)
      .set(
        to === "dismissed" ? { status: to, decidedBy: admin.id, decidedAt: new Date() } : { status: to, decidedBy: null, decidedAt: null },
      )
      .where(and(inArray(duplicateReviews.id, report.done), eq(duplicateReviews.status, from)));
    for (const row of rows.filter((r) => report.done.includes(r.id)))
      await recordAudit(tx, {
        operation: "manual_review",
        source: "admin",
        action,
        recordId: row.listingA,
        actorId: admin.id,
        details: { existingRecordId: row.listingB, similarity: row.score, matchReason: row.reasons.join("; ") || null },
      });
    return report;
  });
}

/** "Not a duplicate" for each chosen open pair. */
export const dismissReviews = (database: Database, reviewIds: readonly string[], admin: Admin) =>
  decide(database, reviewIds, admin, { from: "open", to: "dismissed", action: "ignored" });

/** The undo of a dismissal: the pairs are open (and raised by scans) again. */
export const reopenReviews = (database: Database, reviewIds: readonly string[], admin: Admin) =>
  decide(database, reviewIds, admin, { from: "dismissed", to: "open", action: "reopened" });
