import { aliasedTable, desc, eq } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { listings } from "#db/schema/listings.ts";
import { listingMerges } from "#db/schema/merges.ts";
import type { Database } from "~/lib/db.server.ts";

const survivor = aliasedTable(listings, "survivor");
const merged = aliasedTable(listings, "merged");

/** The latest merges, newest first, with both listings' names and who merged: what an operator may want to undo. */
export async function listRecentMerges({ db }: Database, limit = 20) {
  const rows = await db
    .select({
      id: listingMerges.id,
      mergedAt: listingMerges.mergedAt,
      undoneAt: listingMerges.undoneAt,
      score: listingMerges.score,
      reasons: listingMerges.reasons,
      mergedFields: listingMerges.mergedFields,
      survivor: { id: survivor.id, name: survivor.name, type: survivor.type, slug: survivor.slug },
      merged: { id: merged.id, name: merged.name },
      mergedBy: users.name,
    })
    .from(listingMerges)
    .innerJoin(survivor, eq(survivor.id, listingMerges.survivorId))
    .innerJoin(merged, eq(merged.id, listingMerges.mergedId))
    .leftJoin(users, eq(users.id, listingMerges.mergedBy))
    .orderBy(desc(listingMerges.mergedAt))
    .limit(limit);
  return rows;
}
