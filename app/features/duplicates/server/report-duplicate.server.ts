/**
 * "Report a duplicate" (issue 5 §7): a signed-in member says two listings are one company. The pair is scored by
 * the matcher (so the operator sees the evidence) and put in the review queue; nothing changes until an operator
 * decides. A member may report REPORTS_PER_DAY pairs a day, and one network REPORTS_PER_ADDRESS_PER_HOUR an hour.
 */
import { and, count, eq, gt, inArray } from "drizzle-orm";
import { z } from "zod";
import { duplicateReviews } from "#db/schema/duplicate-reviews.ts";
import { listings } from "#db/schema/listings.ts";
import { withinLimit } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { defineRateLimit } from "~/lib/rate-limit.server.ts";
import { scorePairOf } from "./duplicate-scan.server.ts";
import { queueForReview } from "./review-queue.server.ts";

export const REPORTS_PER_DAY = 20;
/**
 * Reports per client address per hour, whoever is signed in: more than a team sharing an office reports, and a wall
 * for one machine driving many accounts through the matcher, which reads many listings per report.
 */
const REPORTS_PER_ADDRESS_PER_HOUR = 30;
export const duplicateReportsByAddress = defineRateLimit({
  name: "duplicate-report",
  limit: REPORTS_PER_ADDRESS_PER_HOUR,
  windowSeconds: 60 * 60,
});

export const DuplicateReport = z.object({
  listingId: z.uuid({ error: "Choose the listing you are reporting." }),
  duplicateOfId: z.uuid({ error: "Choose the listing it duplicates." }),
  note: z
    .string()
    .trim()
    .max(500, "Keep the note under 500 characters.")
    .nullish()
    .transform((v) => v || null),
});

export async function reportDuplicate(
  database: Database,
  { listingId, duplicateOfId, note, user }: { listingId: string; duplicateOfId: string; note: string | null; user: { id: string } },
): Promise<{ queued: boolean }> {
  if (listingId === duplicateOfId) throw new AppError("bad_request", "Choose two different listings.");
  const found = await database.db
    .select({ id: listings.id })
    .from(listings)
    .where(and(inArray(listings.id, [listingId, duplicateOfId]), eq(listings.processingStatus, "published")));
  if (found.length !== 2) notFound("One of these listings is not in the directory.");
  const since = new Date(Date.now() - 24 * 3600 * 1000);
  const reportsToday = async ({ db }: Database) => {
    const [row] = await db
      .select({ n: count() })
      .from(duplicateReviews)
      .where(and(eq(duplicateReviews.reportedBy, user.id), gt(duplicateReviews.createdAt, since)));
    return row?.n ?? 0;
  };
  const refused = () => new AppError("rate_limited", `You can report ${REPORTS_PER_DAY} duplicates a day. Please try again tomorrow.`);
  // A member at the limit is refused before the pair is scored (which reads many listings); the count that decides
  // is the one taken again under the member's lock, with the insert (decision 0034).
  if ((await reportsToday(database)) >= REPORTS_PER_DAY) throw refused();
  const scored = await scorePairOf(database, listingId, duplicateOfId);
  const outcome = await withinLimit(database, {
    key: `duplicate-reports:${user.id}`,
    limit: REPORTS_PER_DAY,
    used: reportsToday,
    use: (tx) =>
      queueForReview(tx, "report", [
        { ids: [listingId, duplicateOfId], score: scored?.score ?? null, reasons: scored?.reasons ?? [], note, reportedBy: user.id },
      ]),
  });
  if (!outcome.allowed) throw refused();
  return { queued: outcome.value > 0 };
}
