/**
 * Free slugs for new listings (imports create them by the hundred): one query on the slug's unique index for every
 * name's first variants (`acme`, `acme-2`, ...), none shared among the names asked about. A pattern query
 * (`LIKE ANY`) would read the whole table, 0.3 s a page at 100,000 listings.
 */
import { sql } from "drizzle-orm";
import { execRows, textArray, type Db } from "~/lib/db.server.ts";
import { slugify, uniqueSlug } from "./slug.ts";

/** How many numbered variants of a slug one query asks about; a name taken more often than this asks on its own. */
const SLUG_VARIANTS = 20;

export async function freeSlugs(db: Pick<Db, "execute">, names: readonly string[]): Promise<string[]> {
  const bases = [...new Set(names.map(slugify))];
  const variants = bases.flatMap((base) => [base, ...Array.from({ length: SLUG_VARIANTS - 1 }, (_, i) => `${base}-${i + 2}`)]);
  const taken = await execRows<{ slug: string }>(db, sql`SELECT slug FROM listings WHERE slug = ANY(${textArray(variants)})`);
  const used = new Set(taken.map((t) => t.slug));
  for (const base of bases) {
    if (!used.has(`${base}-${SLUG_VARIANTS}`)) continue;
    // slugify leaves letters, digits and hyphens only, so the pattern has no wildcard of its own.
    const more = await execRows<{ slug: string }>(db, sql`SELECT slug FROM listings WHERE slug LIKE ${`${base}-%`}`);
    for (const row of more) used.add(row.slug);
  }
  return names.map((name) => uniqueSlug(name, used));
}

export async function freeSlug(db: Pick<Db, "execute">, name: string): Promise<string> {
  return (await freeSlugs(db, [name]))[0]!;
}
