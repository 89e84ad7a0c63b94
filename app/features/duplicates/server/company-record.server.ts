/**
 * One listing in full for an operator (spec 02 §7, GET /api/admin/get-company), with the rows of other tables that
 * point at it counted, as a merge would move them (LISTING_LINKS).
 */
import { eq, sql } from "drizzle-orm";
import { listings } from "#db/schema/listings.ts";
import type { Database } from "~/lib/db.server.ts";
import { LISTING_LINKS } from "./merge.server.ts";

export async function getCompanyRecord(database: Database, id: string) {
  const [company] = await database.db.select().from(listings).where(eq(listings.id, id)).limit(1);
  if (!company) return null;
  // The search vector is the database's own index material, not a field of the listing.
  const { searchVector: _searchVector, ...fields } = company;
  const links: Record<string, number> = {};
  for (const [table, column] of LISTING_LINKS) {
    const [row] = await database.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${id}`,
    );
    if (row?.n) links[`${table}.${column}`] = row.n;
  }
  return { company: fields, links };
}
