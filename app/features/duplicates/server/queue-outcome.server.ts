/** Undoing several merges at once (the bulk merge's undo): newest first, each on its own, every refusal reported. */
import { inArray } from "drizzle-orm";
import { listingMerges } from "#db/schema/merges.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { logger } from "~/lib/logger.server.ts";
import { undoMerge } from "./merge.server.ts";

export async function undoMerges(database: Database, mergeIds: readonly string[], admin: { id: string }) {
  const rows = await database.db
    .select({ id: listingMerges.id, mergedAt: listingMerges.mergedAt })
    .from(listingMerges)
    .where(inArray(listingMerges.id, [...new Set(mergeIds)]));
  // A later merge may involve a listing of an earlier one; undoing newest first lets both go back.
  rows.sort((a, b) => b.mergedAt.getTime() - a.mergedAt.getTime());
  const report = { undone: [] as string[], failed: mergeIds.filter((id) => !rows.some((r) => r.id === id)).map(() => "No such merge.") };
  for (const { id } of rows) {
    try {
      await undoMerge(database, { mergeId: id, admin });
      report.undone.push(id);
    } catch (error) {
      const ours = !(error instanceof AppError) || error.status >= 500;
      if (ours) logger.error({ err: error, mergeId: id }, "undoing a merge failed");
      report.failed.push(ours ? "An undo failed on our side; that merge stays." : error.message);
    }
  }
  return report;
}
