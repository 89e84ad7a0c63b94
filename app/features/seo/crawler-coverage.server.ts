import { and, asc, eq, gt, sql } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import type { Database } from "~/lib/db.server.ts";
import { getFieldRules } from "../access/field-rules.server.ts";
import { normalizeLevel } from "../access/tiers.ts";
import type { ListingDetail } from "../catalog/listing-types.ts";
import { getReferenceData, indexReferenceData, namesOf } from "../catalog/reference-data.server.ts";
import { toFieldVisibility } from "../access/field-name.ts";
import { addToCoverage, crawlerFields, crawlerViewOf, emptyCoverage, type CoverageStats } from "./crawler-coverage.ts";

const BATCH = 1_000;
const l = s.listings;

export interface CrawlerCoverage extends CoverageStats {
  /** Published listings whose noindex option keeps them out of search engines (still counted above). */
  noindexListings: number;
}

/**
 * The coverage statistics over every published listing, as the crawler receives each one: the spec's fields are
 * read in keyset batches and passed through the profile gate with the crawler's (anonymous) viewer. Fields the
 * statistics do not read stay empty; they cannot change what the gate decides for the ones they do.
 */
export async function getCrawlerCoverage(database: Database, batch = BATCH): Promise<CrawlerCoverage> {
  const [rules, reference] = await Promise.all([getFieldRules(database), getReferenceData(database)]);
  const index = indexReferenceData(reference);
  let stats = emptyCoverage();
  let noindexListings = 0;
  let after: string | null = null;
  for (;;) {
    const rows = await database.db
      .select({
        id: l.id,
        slug: l.slug,
        type: l.type,
        name: l.name,
        tagline: l.tagline,
        visibility: l.visibility,
        fieldVisibility: l.fieldVisibility,
        problem: l.problem,
        solution: l.solution,
        revenueRangeId: l.revenueRangeId,
        industryIds: l.industryIds,
        noindex: l.noindex,
        // Spelled out: inside a subquery, drizzle would print both tables' columns without their table's name.
        team: sql<string[] | null>`(SELECT array_agg(t.name ORDER BY t.position) FROM team_members t WHERE t.listing_id = listings.id)`,
      })
      .from(l)
      .where(after === null ? eq(l.processingStatus, "published") : and(eq(l.processingStatus, "published"), gt(l.id, after)))
      .orderBy(asc(l.id))
      .limit(batch);
    for (const row of rows) {
      const detail = skeletonDetail(row, {
        industry: namesOf(row.industryIds, index.industry),
        revenueRange: row.revenueRangeId === null ? null : (index.revenueRange.get(row.revenueRangeId) ?? null),
      });
      stats = addToCoverage(stats, crawlerFields(crawlerViewOf(detail, rules)));
      if (row.noindex) noindexListings += 1;
    }
    if (rows.length < batch) break;
    after = rows[rows.length - 1]!.id;
  }
  return { ...stats, noindexListings };
}

interface CoverageRow {
  id: string;
  slug: string;
  type: ListingDetail["type"];
  name: string;
  tagline: string | null;
  visibility: string;
  fieldVisibility: unknown;
  problem: string | null;
  solution: string | null;
  team: string[] | null;
}

/** A listing holding the fields the statistics read (and the levels that gate them); the rest left empty. */
function skeletonDetail(row: CoverageRow, names: { industry: string[]; revenueRange: string | null }): ListingDetail {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    name: row.name,
    logo: null,
    tagline: row.tagline,
    industry: names.industry,
    geography: [],
    fundingStage: null,
    featured: false,
    businessModel: null,
    countries: [],
    targetPersonas: [],
    listingVisibility: normalizeLevel(row.visibility),
    description: null,
    websiteUrl: null,
    linkedinUrl: null,
    revenueRange: names.revenueRange,
    problem: row.problem,
    solution: row.solution,
    timing: null,
    howItWorks: [],
    keyUseCases: [],
    team: (row.team ?? []).map((name) => ({ name, title: null, photo: null, linkedin: null })),
    faqs: [],
    hqStreet: null,
    hqCity: null,
    hqRegion: null,
    hqPostalCode: null,
    phone: null,
    contactEmail: null,
    fieldVisibility: toFieldVisibility(row.fieldVisibility),
    teamSize: null,
    foundedYear: null,
    investorType: null,
    ticketSize: null,
    aum: null,
    stageFocus: null,
    amountRaised: null,
    totalFundingRaised: null,
    latestRoundType: null,
    latestRoundDate: null,
    latestRoundAmount: null,
    fundingRoundCount: null,
    fundingRounds: [],
  };
}
