import { and, asc, eq, sql } from "drizzle-orm";
import { listings } from "#db/schema/index.ts";
import type { Database } from "~/lib/db.server.ts";
import type { Viewer } from "../access/redact-listing.ts";
import { getReferenceData, indexReferenceData, namesOf } from "../catalog/reference-data.server.ts";
import { buildFundingRows, type FeaturedStartup, type FundingRow } from "./funding-table.ts";

/** Spec 01 §9: the home table loads at most 8 featured startups. */
export const FEATURED_STARTUP_LIMIT = 8;

/** Featured, published startups, most recent funding round first; those without a round date last. */
export async function getFeaturedStartups(database: Database): Promise<FeaturedStartup[]> {
  const [rows, reference] = await Promise.all([
    database.db
      .select({
        slug: listings.slug,
        name: listings.name,
        logoUrl: listings.logoUrl,
        visibility: listings.visibility,
        latestRoundType: listings.latestRoundType,
        amountRaised: listings.amountRaised,
        industryIds: listings.industryIds,
        teamSize: listings.teamSize,
        foundedYear: listings.foundedYear,
      })
      .from(listings)
      .where(and(eq(listings.type, "startup"), eq(listings.featured, true), eq(listings.processingStatus, "published")))
      .orderBy(sql`${listings.latestRoundDate} DESC NULLS LAST`, asc(listings.name))
      .limit(FEATURED_STARTUP_LIMIT),
    getReferenceData(database),
  ]);
  const { industry } = indexReferenceData(reference);
  return rows.map(({ industryIds, ...row }) => ({ ...row, industries: namesOf(industryIds, industry) }));
}

/** The table rows the viewer may see; locked listings are reduced to bare placeholders here, on the server. */
export async function getFundingRows(database: Database, viewer: Viewer): Promise<FundingRow[]> {
  return buildFundingRows(await getFeaturedStartups(database), viewer);
}
