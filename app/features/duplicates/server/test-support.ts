/** For the scan's database tests: listings named by a test key, inserted and with their match columns worked out. */
import { listings } from "#db/schema/listings.ts";
import type { Database } from "~/lib/db.server.ts";
import { refreshMatchColumns } from "./duplicate-scan.server.ts";

type KeyedListing = { key: string } & Omit<Partial<typeof listings.$inferInsert>, "slug" | "type"> & { name: string };

/** Inserts one startup per row and returns each new listing's id under its key. */
export async function insertKeyedListings(database: Database, rows: readonly KeyedListing[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [i, { key, ...row }] of rows.entries()) {
    const [inserted] = await database.db
      .insert(listings)
      .values({ slug: `s-${i}`, type: "startup", ...row })
      .returning({ id: listings.id });
    ids[key] = inserted!.id;
  }
  await refreshMatchColumns(database);
  return ids;
}

/** A pair's key as the scan's pairs are compared: the two ids sorted. */
export const pairKey = (a: string, b: string) => [a, b].sort().join("|");
