import { and, asc, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import { listings } from "#db/schema/index.ts";
import { amountRaisedColumn, latestRoundDateColumn } from "../catalog/funding-summary-columns.server.ts";
import type { Database } from "~/lib/db.server.ts";
import type { Viewer } from "../access/redact-listing.ts";
import { ACCESS_LEVELS, canSee } from "../access/tiers.ts";
import { getReferenceData, indexReferenceData, namesOf } from "../catalog/reference-data.server.ts";
import { buildFundingRows, FEATURED_STARTUP_LIMIT, type FeaturedStartup, type FundingRow } from "./funding-table.ts";

const FEATURED_STARTUP = and(eq(listings.type, "startup"), eq(listings.featured, true), eq(listings.processingStatus, "published"));

/**
 * Featured, published startups for one viewer, in two reads of at most eight: those the viewer may open, most recent
 * round first (undated last), and those locked for the viewer, in slug order, which says nothing about their rounds.
 * `buildFundingRows` picks the table from both (DESIGN D14: no hidden date decides what a viewer is shown).
 */
async function getFeaturedStartups(database: Database, viewer: Viewer): Promise<FeaturedStartup[]> {
  const levels = ACCESS_LEVELS.filter((level) => canSee(viewer.tier, level));
  const read = (where: SQL | undefined, ...order: SQL[]) =>
    database.db
      .select({
        slug: listings.slug,
        name: listings.name,
        logoUrl: listings.logoUrl,
        visibility: listings.visibility,
        latestRoundType: listings.latestRoundType,
        latestRoundDate: latestRoundDateColumn,
        amountRaised: amountRaisedColumn,
        industryIds: listings.industryIds,
        teamSize: listings.teamSize,
        foundedYear: listings.foundedYear,
      })
      .from(listings)
      .where(and(FEATURED_STARTUP, where))
      .orderBy(...order)
      .limit(FEATURED_STARTUP_LIMIT);
  const [open, locked, reference] = await Promise.all([
    read(inArray(listings.visibility, levels), sql`${latestRoundDateColumn} DESC NULLS LAST`, asc(listings.name), asc(listings.slug)),
    levels.length === ACCESS_LEVELS.length ? Promise.resolve([]) : read(notInArray(listings.visibility, levels), asc(listings.slug)),
    getReferenceData(database),
  ]);
  const { industry } = indexReferenceData(reference);
  return [...open, ...locked].map(({ industryIds, ...row }) => ({ ...row, industries: namesOf(industryIds, industry) }));
}

/** The table rows the viewer may see; locked listings are reduced to bare placeholders here, on the server. */
export async function getFundingRows(database: Database, viewer: Viewer): Promise<FundingRow[]> {
  return buildFundingRows(await getFeaturedStartups(database, viewer), viewer);
}
