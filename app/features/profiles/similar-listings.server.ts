import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import type { Viewer } from "../access/redact-listing.ts";
import { ACCESS_LEVELS, canSee } from "../access/tiers.ts";
import type { ListingType } from "../catalog/listing-types.ts";
import { getReferenceData, indexReferenceData, namesOf } from "../catalog/reference-data.server.ts";

export interface SimilarListing {
  slug: string;
  type: ListingType;
  name: string;
  logo: string | null;
  tagline: string | null;
  industry: string[];
}

interface SimilarRow {
  slug: string;
  type: ListingType;
  name: string;
  logo_url: string | null;
  tagline: string | null;
  industry_ids: number[];
}

const SIMILAR_LIMIT = 3;

/**
 * Up to three other published listings of the same type that share an industry with the given one, most
 * shared industries first. Only listings the viewer may open in full are offered, so no link leads to a
 * teaser. Keyed by type and slug so that it can run alongside the profile's own load. The rows come from `reader`,
 * the cached names from `database` (decision 0053).
 */
export async function getSimilarListings(
  database: Database,
  type: ListingType,
  slug: string,
  viewer: Viewer,
  reader = database,
): Promise<SimilarListing[]> {
  const levels = ACCESS_LEVELS.filter((level) => canSee(viewer.tier, level));
  const [rows, reference] = await Promise.all([
    reader.rows<SimilarRow>(sql`
      WITH me AS (
        SELECT id, industry_ids FROM listings
        WHERE type = ${type} AND slug = ${slug} AND processing_status = 'published'
      )
      SELECT l.slug, l.type, l.name, l.logo_url, l.tagline, l.industry_ids
      FROM listings l, me
      WHERE l.type = ${type} AND l.id <> me.id AND l.processing_status = 'published'
        AND l.visibility IN (${sql.join(
          levels.map((level) => sql`${level}`),
          sql`, `,
        )})
        AND l.industry_ids && me.industry_ids
      ORDER BY (SELECT count(*) FROM unnest(l.industry_ids) AS x WHERE x = ANY(me.industry_ids)) DESC,
               l.featured DESC, l.name ASC, l.id ASC
      LIMIT ${SIMILAR_LIMIT}`),
    getReferenceData(database),
  ]);
  const index = indexReferenceData(reference);
  return rows.map((row) => ({
    slug: row.slug,
    type: row.type,
    name: row.name,
    logo: row.logo_url,
    tagline: row.tagline,
    industry: namesOf(row.industry_ids, index.industry),
  }));
}
