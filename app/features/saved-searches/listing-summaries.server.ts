/**
 * The few facts a saved search's new listings are shown with (in /settings, on the saved search's page, in the
 * digest): name, link, type, tagline, stage and industries, all on the card every viewer who may open the listing
 * sees. Read through the one gate (gateDirectoryItem): a listing the viewer may not open is left out, never a teaser.
 */
import { sql } from "drizzle-orm";
import { uuidArray, type Database } from "~/lib/db.server.ts";
import { gateDirectoryItem, type Viewer } from "../access/redact-listing.ts";
import { normalizeLevel } from "../access/tiers.ts";
import type { ListingType } from "../catalog/listing-types.ts";
import { getReferenceData, indexReferenceData, namesOf } from "../catalog/reference-data.server.ts";

export interface ListingSummary {
  id: string;
  name: string;
  /** The profile's path, e.g. /profile/startup/acme. */
  path: string;
  type: ListingType;
  tagline: string | null;
  fundingStage: string | null;
  industries: string[];
}

interface Row {
  id: string;
  slug: string;
  type: ListingType;
  name: string;
  tagline: string | null;
  funding_stage_id: number | null;
  industry_ids: number[];
  visibility: string;
}

/** The listings of `ids` the viewer may open, published, in the order of `ids`. */
export async function listingSummaries(database: Database, ids: readonly string[], viewer: Viewer): Promise<ListingSummary[]> {
  if (!ids.length) return [];
  const [rows, ref] = await Promise.all([
    database.rows<Row>(sql`
      SELECT id, slug, type, name, tagline, funding_stage_id, industry_ids, visibility
      FROM listings WHERE id = ANY(${uuidArray(ids)}) AND processing_status = 'published'`),
    getReferenceData(database),
  ]);
  const index = indexReferenceData(ref);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const card = gateDirectoryItem(
      {
        id: row.id,
        slug: row.slug,
        type: row.type,
        name: row.name,
        logo: null,
        tagline: row.tagline,
        featured: false,
        industry: namesOf(row.industry_ids, index.industry),
        geography: [],
        countries: [],
        targetPersonas: [],
        fundingStage: row.funding_stage_id === null ? null : (index.fundingStage.get(row.funding_stage_id) ?? null),
        businessModel: null,
        listingVisibility: normalizeLevel(row.visibility),
      },
      viewer,
    );
    if (card.locked) return [];
    return [
      {
        id: card.id,
        name: card.name,
        path: `/profile/${card.type}/${card.slug}`,
        type: card.type,
        tagline: card.tagline,
        fundingStage: card.fundingStage,
        industries: card.industry.slice(0, 3),
      },
    ];
  });
}
