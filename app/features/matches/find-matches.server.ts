import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/lib/db.server.ts";
import type { Viewer } from "../access/redact-listing.ts";
import { ACCESS_LEVELS, canSee, normalizeLevel } from "../access/tiers.ts";
import type { ListingType } from "../catalog/listing-types.ts";
import { getReferenceData, type ReferenceData } from "../catalog/reference-data.server.ts";
import {
  rankInvestorsFor,
  rankStartupsFor,
  reasonSentence,
  type InvestorFit,
  type MatchCandidate,
  type MatchSide,
  type MatchTaxonomy,
  type RankedMatch,
  type StartupFit,
} from "./match-score.ts";
import { canSeeMatches, matchSideOf, MATCHES_TIER, type MatchesView, type MatchSuggestion } from "./matches-view.ts";
import { parseStageFocus } from "./stage-focus.ts";

/** Suggestions a profile shows. */
const PROFILE_MATCH_LIMIT = 5;

/**
 * How many candidates the database hands to the score: the best by the part of the score SQL can compute (shared
 * industries, shared geographies, featured, name), so a request reads a bounded set however large the directory is.
 * The stage of an investor is free text and is read in code; a few hundred candidates leave room for the many that
 * a stage rules out (decision 0064).
 */
const CANDIDATE_LIMIT = 300;

interface ListingRow {
  id: string;
  type: ListingType;
  slug: string;
  name: string;
  logo_url: string | null;
  tagline: string | null;
  featured: boolean;
  visibility: string;
  industry_ids: number[];
  geography_ids: number[];
  country_ids: number[];
  funding_stage_id: number | null;
  stage_focus: string | null;
}

const COLUMNS = sql.raw(
  "l.id::text AS id, l.type, l.slug, l.name, l.logo_url, l.tagline, l.featured, l.visibility, l.industry_ids, l.geography_ids, l.country_ids, l.funding_stage_id, l.stage_focus",
);

/** The reference lists as the score reads them, and the stage position of each stage record. */
function taxonomyOf(reference: ReferenceData): MatchTaxonomy & { stageIndex: Map<number, number>; stageIds: number[] } {
  return {
    // Already in the list's sort order (reference-data.server.ts).
    stages: reference.fundingStages.map((stage) => stage.name),
    stageIndex: new Map(reference.fundingStages.map((stage, i) => [stage.id, i])),
    stageIds: reference.fundingStages.map((stage) => stage.id),
    industries: new Map(
      // The taxonomy parent: the primary category, or the part of the name before ':' for a record without one.
      reference.industries.map((x) => [x.id, { name: x.name, sector: x.primaryCategory?.trim() || x.name.split(":")[0]!.trim() }]),
    ),
    geographies: new Map(reference.geographies.map((x) => [x.id, x.name])),
    countries: new Map(reference.countries.map((x) => [x.id, x.name])),
  };
}

type Taxonomy = ReturnType<typeof taxonomyOf>;

function startupFit(row: ListingRow, taxonomy: Taxonomy): StartupFit {
  return {
    industryIds: row.industry_ids,
    geographyIds: row.geography_ids,
    countryIds: row.country_ids,
    stage: row.funding_stage_id === null ? null : (taxonomy.stageIndex.get(row.funding_stage_id) ?? null),
  };
}

/** An investor's stages: its stage focus; without a readable one, its single listed stage, as its profile shows it. */
function investorFit(row: ListingRow, taxonomy: Taxonomy): InvestorFit {
  const focus = parseStageFocus(row.stage_focus, taxonomy.stages);
  const listed = row.funding_stage_id === null ? undefined : taxonomy.stageIndex.get(row.funding_stage_id);
  return {
    industryIds: row.industry_ids,
    geographyIds: row.geography_ids,
    countryIds: row.country_ids,
    stages: focus.length > 0 ? focus : listed === undefined ? [] : [listed],
  };
}

const intArray = (values: readonly number[]) => sql`${`{${values.join(",")}}`}::int[]`;

/**
 * Candidates of the other type that can fit at all, best first by what SQL can weigh. Only listings the viewer may
 * open (DESIGN D14: neither the choice nor the order reads anything of a listing the viewer may not see). The
 * industry overlap uses the GIN index on industry_ids; every industry of a shared sector is in `sectorIndustries`.
 */
async function findCandidates(
  reader: Database,
  side: MatchSide,
  subject: ListingRow,
  fit: StartupFit | InvestorFit,
  sectorIndustries: number[],
  stageFilter: number[] | null,
  viewer: Viewer,
): Promise<ListingRow[]> {
  const levels = ACCESS_LEVELS.filter((level) => canSee(viewer.tier, level));
  const places = fit.geographyIds.length + fit.countryIds.length > 0;
  const conditions: SQL[] = [
    sql`l.type = ${side === "investors" ? "investor" : "startup"}`,
    sql`l.processing_status = 'published'`,
    sql`l.id <> ${subject.id}::uuid`,
    sql`l.visibility IN (${sql.join(
      levels.map((level) => sql`${level}`),
      sql`, `,
    )})`,
    sql`l.industry_ids && ${intArray(sectorIndustries)}`,
  ];
  // Places named on both sides with none in common rule a pair out (match-score.ts). Written so that each branch is
  // a GIN index scan (an empty array too): the bitmap then visits only rows in a shared place.
  if (places) {
    conditions.push(
      sql`(l.geography_ids && ${intArray(fit.geographyIds)} OR l.country_ids && ${intArray(fit.countryIds)} OR (l.geography_ids = '{}' AND l.country_ids = '{}'))`,
    );
  }
  // A startup's stage is a column: outside the investor's known focus, it is ruled out here already (listings_type_stage_idx).
  if (stageFilter) conditions.push(sql`(l.funding_stage_id IS NULL OR l.funding_stage_id = ANY(${intArray(stageFilter)}))`);
  return reader.rows<ListingRow>(sql`
    SELECT ${COLUMNS}
    FROM listings l
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY (SELECT count(*) FROM unnest(l.industry_ids) AS x WHERE x = ANY(${intArray(fit.industryIds)})) DESC,
             (SELECT count(*) FROM unnest(l.geography_ids) AS g WHERE g = ANY(${intArray(fit.geographyIds)})) DESC,
             l.featured DESC, l.name ASC, l.id ASC
    LIMIT ${CANDIDATE_LIMIT}`);
}

const candidateOf = <Fit>(row: ListingRow, fit: Fit): MatchCandidate<Fit> & { row: ListingRow } => ({
  slug: row.slug,
  name: row.name,
  featured: row.featured,
  fit,
  row,
});

function suggestionOf<Fit>(ranked: RankedMatch<Fit, MatchCandidate<Fit> & { row: ListingRow }>, side: MatchSide): MatchSuggestion {
  const { row } = ranked.candidate;
  return {
    slug: row.slug,
    type: row.type,
    name: row.name,
    logo: row.logo_url,
    tagline: row.tagline,
    score: ranked.match.score,
    reasons: ranked.match.reasons,
    summary: reasonSentence(ranked.match.reasons, side),
  };
}

/** The listing whose matches are asked for, as far as the caller may name it. */
export interface MatchSubject {
  type: ListingType;
  slug: string;
  name: string;
}

/**
 * The match suggestions for one published listing as this viewer may see them (decision 0064), or null when there
 * is no such listing. A viewer below the feature's tier, or below the listing's own, gets the locked view and no
 * query of candidates is made. The listing and candidates are read from `reader` (the replica when the request may
 * use it, decision 0053), the cached reference lists from `database`.
 */
export async function findMatches(
  database: Database,
  type: ListingType,
  slug: string,
  viewer: Viewer,
  options: { limit?: number; reader?: Database } = {},
): Promise<{ subject: MatchSubject; view: MatchesView } | null> {
  const reader = options.reader ?? database;
  const limit = options.limit ?? PROFILE_MATCH_LIMIT;
  const [[row], reference] = await Promise.all([
    reader.rows<ListingRow>(sql`
      SELECT ${COLUMNS} FROM listings l
      WHERE l.type = ${type} AND l.slug = ${slug} AND l.processing_status = 'published'`),
    getReferenceData(database),
  ]);
  if (!row) return null;
  const subject = { type: row.type, slug: row.slug, name: row.name };
  const side = matchSideOf(row.type);
  if (!side) return { subject, view: { status: "none" } };
  const level = normalizeLevel(row.visibility);
  if (!canSee(viewer.tier, level)) return { subject, view: { status: "locked", side, requiredTier: level } };
  if (!canSeeMatches(viewer.tier)) return { subject, view: { status: "locked", side, requiredTier: MATCHES_TIER } };

  const taxonomy = taxonomyOf(reference);
  const sectors = new Set(row.industry_ids.flatMap((id) => taxonomy.industries.get(id)?.sector ?? []));
  const sectorIndustries = [...taxonomy.industries].flatMap(([id, industry]) => (sectors.has(industry.sector) ? [id] : []));
  if (sectorIndustries.length === 0) return { subject, view: { status: "ok", side, items: [] } };

  let items: MatchSuggestion[];
  if (side === "investors") {
    const fit = startupFit(row, taxonomy);
    const rows = await findCandidates(reader, side, row, fit, sectorIndustries, null, viewer);
    const ranked = rankInvestorsFor(
      fit,
      rows.map((r) => candidateOf(r, investorFit(r, taxonomy))),
      taxonomy,
      limit,
    );
    items = ranked.map((r) => suggestionOf(r, side));
  } else {
    const fit = investorFit(row, taxonomy);
    const stageFilter = fit.stages.length > 0 ? fit.stages.map((i) => taxonomy.stageIds[i]!) : null;
    const rows = await findCandidates(reader, side, row, fit, sectorIndustries, stageFilter, viewer);
    const ranked = rankStartupsFor(
      fit,
      rows.map((r) => candidateOf(r, startupFit(r, taxonomy))),
      taxonomy,
      limit,
    );
    items = ranked.map((r) => suggestionOf(r, side));
  }
  return { subject, view: { status: "ok", side, items } };
}
