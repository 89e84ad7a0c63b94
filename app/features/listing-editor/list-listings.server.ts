import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { listings } from "#db/schema/listings.ts";
import type { Database } from "~/lib/db.server.ts";
import { ADMIN_PAGE_SIZE, containsPattern, type AdminListingQuery } from "./listing-query.ts";

export interface AdminListingRow {
  id: string;
  name: string;
  type: string;
  slug: string;
  status: string;
  featured: boolean;
  updatedAt: Date;
  survivor: { id: string; name: string } | null;
}

/**
 * One page of listings for the back-office, most recently changed first, with the total. The name search is a
 * case-insensitive substring match that the trigram index on lower(name) serves.
 */
export async function listListingsForAdmin({ db }: Database, query: AdminListingQuery) {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(sql`lower(${listings.name}) LIKE lower(${containsPattern(query.q)})`);
  if (query.type) conditions.push(eq(listings.type, query.type));
  if (query.status !== "all") conditions.push(eq(listings.processingStatus, query.status));
  const where = conditions.length ? and(...conditions) : undefined;

  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(listings).where(where);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const survivor = alias(listings, "survivor");
  const rows = await db
    .select({
      id: listings.id,
      name: listings.name,
      type: listings.type,
      slug: listings.slug,
      status: listings.processingStatus,
      featured: listings.featured,
      updatedAt: listings.updatedAt,
      survivorId: survivor.id,
      survivorName: survivor.name,
    })
    .from(listings)
    .leftJoin(survivor, eq(survivor.id, listings.mergedInto))
    .where(where)
    .orderBy(desc(listings.updatedAt), listings.id)
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  const items: AdminListingRow[] = rows.map(({ survivorId, survivorName, ...row }) => ({
    ...row,
    survivor: survivorId && survivorName !== null ? { id: survivorId, name: survivorName } : null,
  }));
  return { items, total, page, pageCount };
}
