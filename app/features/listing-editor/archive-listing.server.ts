/**
 * Archiving takes a listing out of the directory and its profile (both show only published listings) without
 * deleting anything; restoring publishes it again. A merged listing stays merged: undoing a merge is the
 * duplicate tools' job, since it also moves intro requests and links back.
 */
import { eq } from "drizzle-orm";
import { listings } from "#db/schema/listings.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import { announceChange } from "~/lib/change-feed.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { readListingRow } from "./get-listing-for-edit.server.ts";
import { MERGED_MESSAGE } from "./save-listing.server.ts";

export type ArchiveOutcome = "archived" | "restored" | "unchanged";

export async function setListingArchived(
  database: Database,
  { id, archived, admin, now = new Date() }: { id: string; archived: boolean; admin: { id: string }; now?: Date },
): Promise<ArchiveOutcome> {
  const outcome = await database.db.transaction(async (tx) => {
    const row = await readListingRow(tx, id, { lock: true });
    if (!row) notFound("No such listing.");
    if (row.processingStatus === "merged") throw new AppError("conflict", MERGED_MESSAGE);
    const status = archived ? "archived" : "published";
    if (row.processingStatus === status) return "unchanged" as const;
    await tx.update(listings).set({ processingStatus: status, updatedAt: now }).where(eq(listings.id, id));
    const action = archived ? "archived" : "restored";
    await recordAudit(tx, {
      operation: "listing_edit",
      source: "admin",
      action,
      companyName: row.name,
      recordId: id,
      actorId: admin.id,
      details: { changedFields: ["processingStatus"], from: row.processingStatus, to: status },
    });
    return action;
  });
  if (outcome !== "unchanged") await announceChange(database, "listings");
  return outcome;
}
