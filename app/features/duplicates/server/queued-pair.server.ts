/** A queued review pair follows the merges of its listings: merged with them, open again when the merge is undone. */
import { and, eq } from "drizzle-orm";
import { duplicateReviews } from "#db/schema/duplicate-reviews.ts";
import type { Database } from "~/lib/db.server.ts";

/** The pair in the queue's order (smaller id first), so a pair raised twice is one row. */
export function orderedPair(x: string, y: string): [string, string] {
  return x < y ? [x, y] : [y, x];
}

/** A merge or an undo changes the queued pair's state with it (called inside the merge's transaction). */
export async function setQueuedPairStatus(
  tx: Pick<Database["db"], "update">,
  ids: readonly [string, string],
  status: "merged" | "open",
  admin: { id: string } | null,
): Promise<void> {
  const [listingA, listingB] = orderedPair(ids[0], ids[1]);
  await tx
    .update(duplicateReviews)
    .set(
      status === "merged" ? { status, decidedBy: admin?.id ?? null, decidedAt: new Date() } : { status, decidedBy: null, decidedAt: null },
    )
    .where(
      and(
        eq(duplicateReviews.listingA, listingA),
        eq(duplicateReviews.listingB, listingB),
        eq(duplicateReviews.status, status === "merged" ? "open" : "merged"),
      ),
    );
}
