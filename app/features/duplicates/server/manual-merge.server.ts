import { inArray } from "drizzle-orm";
import { listings } from "#db/schema/listings.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import { mergeDuplicate, type MergeResult } from "./merge.server.ts";

/**
 * An operator's decision on a pair (Merge Now, the compare dialog, or the API's recordIds): the listing the operator
 * chose survives and keeps its address; without a choice, the one created first. A dry run only says which would
 * survive.
 */
export async function mergePair(
  database: Database,
  recordIds: [string, string],
  {
    admin,
    dryRun,
    survivorId,
    score,
    reasons,
  }: { admin: { id: string }; dryRun: boolean; survivorId?: string; score?: number; reasons?: string[] },
): Promise<{ survivorId: string; mergedId: string; merge: MergeResult | null }> {
  if (recordIds[0] === recordIds[1]) throw new AppError("bad_request", "recordIds must name two different listings.");
  if (survivorId !== undefined && !recordIds.includes(survivorId))
    throw new AppError("bad_request", "survivorId must be one of the two recordIds.");
  const rows = await database.db
    .select({ id: listings.id, name: listings.name, createdAt: listings.createdAt })
    .from(listings)
    .where(inArray(listings.id, recordIds));
  if (rows.length !== 2) notFound("Existing record not found");
  rows.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id.localeCompare(y.id));
  if (survivorId !== undefined && rows[0]!.id !== survivorId) rows.reverse();
  const [survivor, other] = rows;
  if (dryRun) return { survivorId: survivor!.id, mergedId: other!.id, merge: null };
  const merge = await mergeDuplicate(database, { survivorId: survivor!.id, mergedId: other!.id, admin, score, reasons });
  // The operator's review decision, once it took effect (a refused merge decided nothing).
  await recordAudit(database.db, {
    operation: "manual_review",
    source: "admin",
    action: "merged",
    companyName: survivor!.name,
    recordId: survivor!.id,
    actorId: admin.id,
    details: { existingRecordId: other!.id, similarity: score ?? null, matchReason: reasons?.join("; ") ?? null },
  });
  return { survivorId: survivor!.id, mergedId: other!.id, merge };
}
