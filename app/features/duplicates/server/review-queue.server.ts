/**
 * The duplicate review queue (issue 5 §2, §7): pairs a live scan put in the manual-review band, pairs members
 * reported from a profile, and later imports' near matches. Operators merge or dismiss them; a dismissed pair is
 * not raised again.
 */
import { aliasedTable, and, desc, eq, inArray, sql } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { duplicateReviews } from "#db/schema/duplicate-reviews.ts";
import { REVIEW_STATUSES } from "#db/values/duplicate-reviews.ts";
import { listings } from "#db/schema/listings.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { mergePair } from "./manual-merge.server.ts";
import { orderedPair } from "./queued-pair.server.ts";

type Source = (typeof duplicateReviews.$inferInsert)["source"];
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

const pairKey = (x: string, y: string) => orderedPair(x, y).join("|");

/** Which of these pairs an operator has dismissed (they are not raised again). */
export async function dismissedPairs({ db }: Database, pairs: ReadonlyArray<readonly [string, string]>): Promise<Set<string>> {
  if (!pairs.length) return new Set();
  const ids = [...new Set(pairs.flat())];
  const rows = await db
    .select({ a: duplicateReviews.listingA, b: duplicateReviews.listingB })
    .from(duplicateReviews)
    .where(and(eq(duplicateReviews.status, "dismissed"), inArray(duplicateReviews.listingA, ids)));
  const dismissed = new Set(rows.map((r) => pairKey(r.a, r.b)));
  return new Set(pairs.filter(([x, y]) => dismissed.has(pairKey(x, y))).map(([x, y]) => pairKey(x, y)));
}

export const isDismissed = (dismissed: Set<string>, x: string, y: string) => dismissed.has(pairKey(x, y));

/** Puts pairs in the queue; a pair already there (open, decided or dismissed) is left as it is. Returns how many were new. */
export async function queueForReview(
  { db }: Database,
  source: Source,
  items: ReadonlyArray<{
    ids: readonly [string, string];
    score: number | null;
    reasons: string[];
    note?: string | null;
    reportedBy?: string | null;
  }>,
): Promise<number> {
  if (!items.length) return 0;
  const inserted = await db
    .insert(duplicateReviews)
    .values(
      items.map((item) => {
        const [listingA, listingB] = orderedPair(item.ids[0], item.ids[1]);
        return {
          listingA,
          listingB,
          source,
          score: item.score,
          reasons: item.reasons,
          note: item.note ?? null,
          reportedBy: item.reportedBy ?? null,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: duplicateReviews.id });
  return inserted.length;
}

const first = aliasedTable(listings, "first_listing");
const second = aliasedTable(listings, "second_listing");

/** The queue as operators read it: the open items first (newest first), with both listings' names and addresses. */
export async function listReviews({ db }: Database, { status = "open", limit = 100 }: { status?: ReviewStatus; limit?: number } = {}) {
  const rows = await db
    .select({
      review: duplicateReviews,
      first: {
        id: first.id,
        name: first.name,
        type: first.type,
        slug: first.slug,
        status: first.processingStatus,
        createdAt: first.createdAt,
      },
      second: {
        id: second.id,
        name: second.name,
        type: second.type,
        slug: second.slug,
        status: second.processingStatus,
        createdAt: second.createdAt,
      },
      reporter: users.name,
    })
    .from(duplicateReviews)
    .innerJoin(first, eq(first.id, duplicateReviews.listingA))
    .innerJoin(second, eq(second.id, duplicateReviews.listingB))
    .leftJoin(users, eq(users.id, duplicateReviews.reportedBy))
    .where(eq(duplicateReviews.status, status))
    .orderBy(desc(duplicateReviews.createdAt))
    .limit(limit);
  return rows;
}

export async function countReviews({ db }: Database): Promise<Record<ReviewStatus, number>> {
  const rows = await db
    .select({ status: duplicateReviews.status, n: sql<number>`count(*)::int` })
    .from(duplicateReviews)
    .groupBy(duplicateReviews.status);
  return Object.fromEntries(REVIEW_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0])) as Record<ReviewStatus, number>;
}

/** An operator's decision on a queued pair: merge it (the older listing survives) or dismiss it. */
export async function decideReview(
  database: Database,
  { reviewId, decision, admin }: { reviewId: string; decision: "merge" | "dismiss"; admin: { id: string } },
) {
  const [review] = await database.db.select().from(duplicateReviews).where(eq(duplicateReviews.id, reviewId)).limit(1);
  if (!review) notFound("This review item no longer exists.");
  if (review.status !== "open") throw new AppError("conflict", `This pair was already ${review.status}.`);
  if (decision === "merge") {
    // mergePair marks the queued pair merged and writes the review decision to the audit log.
    return mergePair(database, [review.listingA, review.listingB], {
      admin,
      dryRun: false,
      score: review.score ?? undefined,
      reasons: review.reasons,
    });
  }
  await database.db.transaction(async (tx) => {
    await tx
      .update(duplicateReviews)
      .set({ status: "dismissed", decidedBy: admin.id, decidedAt: new Date() })
      .where(eq(duplicateReviews.id, reviewId));
    await recordAudit(tx, {
      operation: "manual_review",
      source: "admin",
      action: "ignored",
      recordId: review.listingA,
      actorId: admin.id,
      details: { existingRecordId: review.listingB, similarity: review.score, matchReason: review.reasons.join("; ") || null },
    });
  });
  return null;
}
