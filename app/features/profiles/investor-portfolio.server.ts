import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import type { Viewer } from "../access/redact-listing.ts";
import { ACCESS_LEVELS, canSee } from "../access/tiers.ts";
import type { ListingType } from "../catalog/listing-types.ts";
import { buildPortfolio, type Portfolio, type PortfolioLink } from "./investor-portfolio.ts";

interface LinkRow {
  company_id: string;
  slug: string;
  type: ListingType;
  name: string;
  logo_url: string | null;
  visibility: string;
  round_type: string | null;
  funding_date: string | null;
}

/** More links than any real investor has; a bound so a pathological one cannot make the page slow. */
const MAX_LINKS = 2_000;

/**
 * The published companies whose funding rounds this investor took part in, as the viewer may see them. The links
 * are the investor relationships pointing at the investor's listing (seed, imports and the listing editor link a
 * round's investor by name when that investor is listed; merges move the links to the survivor). Companies above
 * the viewer's tier are filtered out here already, and again by `buildPortfolio`, so nothing of them is read into
 * the page. Keyed by slug so that it runs alongside the profile's own load.
 */
export async function getInvestorPortfolio(database: Database, slug: string, viewer: Viewer): Promise<Portfolio> {
  const levels = ACCESS_LEVELS.filter((level) => canSee(viewer.tier, level));
  const rows = await database.rows<LinkRow>(sql`
    SELECT c.id::text AS company_id, c.slug, c.type, c.name, c.logo_url, c.visibility, f.round_type, f.funding_date::text AS funding_date
    FROM listings me
    JOIN investor_relationships r ON r.investor_id = me.id
    JOIN listings c ON c.id = r.listing_id
    LEFT JOIN funding_rounds f ON f.id = r.funding_round_id
    WHERE me.type = 'investor' AND me.slug = ${slug} AND me.processing_status = 'published'
      AND c.processing_status = 'published'
      AND c.visibility IN (${sql.join(
        levels.map((level) => sql`${level}`),
        sql`, `,
      )})
    ORDER BY f.funding_date DESC NULLS LAST, c.id
    LIMIT ${MAX_LINKS}`);
  const links: PortfolioLink[] = rows.map((row) => ({
    companyId: row.company_id,
    slug: row.slug,
    type: row.type,
    name: row.name,
    logo: row.logo_url,
    visibility: row.visibility,
    roundType: row.round_type,
    fundingDate: row.funding_date,
  }));
  return buildPortfolio(links, viewer);
}
