import { and, asc, desc, eq, inArray } from "drizzle-orm";
import * as s from "#db/schema/index.ts";
import { amountRaisedColumn, latestRoundAmountColumn, latestRoundDateColumn } from "../catalog/funding-summary-columns.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { toFieldVisibility } from "../access/field-name.ts";
import { normalizeLevel } from "../access/tiers.ts";
import type { ListingDetail, ListingType } from "../catalog/listing-types.ts";
import { getReferenceData, indexReferenceData, namesOf } from "../catalog/reference-data.server.ts";

/** Longer than any slug we generate (80): such a request cannot match, so it costs no query. */
const MAX_SLUG_LENGTH = 200;

function publishedListing(type: ListingType, slug: string) {
  return and(eq(s.listings.type, type), eq(s.listings.slug, slug), eq(s.listings.processingStatus, "published"));
}

/** A listing's profile before gating, and how search engines may treat its page (issue 6 §6). */
export interface ListingRecord {
  detail: ListingDetail;
  /** Kept out of search engines: the profile says noindex, and the sitemap leaves it out. */
  noindex: boolean;
  updatedAt: Date;
}

/** The listing's columns a profile shows (contact e-mails of people are never selected). */
const PROFILE_COLUMNS = {
  id: s.listings.id,
  slug: s.listings.slug,
  type: s.listings.type,
  name: s.listings.name,
  logo: s.listings.logoUrl,
  tagline: s.listings.tagline,
  description: s.listings.description,
  websiteUrl: s.listings.websiteUrl,
  linkedinUrl: s.listings.linkedinUrl,
  featured: s.listings.featured,
  industryIds: s.listings.industryIds,
  geographyIds: s.listings.geographyIds,
  countryIds: s.listings.countryIds,
  personaIds: s.listings.personaIds,
  fundingStageId: s.listings.fundingStageId,
  businessModelId: s.listings.businessModelId,
  revenueRangeId: s.listings.revenueRangeId,
  problem: s.listings.problem,
  solution: s.listings.solution,
  timing: s.listings.timing,
  hqStreet: s.listings.hqStreet,
  hqCity: s.listings.hqCity,
  hqRegion: s.listings.hqRegion,
  hqPostalCode: s.listings.hqPostalCode,
  phone: s.listings.phone,
  contactEmail: s.listings.contactEmail,
  visibility: s.listings.visibility,
  fieldVisibility: s.listings.fieldVisibility,
  teamSize: s.listings.teamSize,
  foundedYear: s.listings.foundedYear,
  investorType: s.listings.investorType,
  ticketSize: s.listings.ticketSize,
  aum: s.listings.aum,
  stageFocus: s.listings.stageFocus,
  // The section's figures as every reader shows them (decision 0089): an empty latest round takes the funding event's.
  amountRaised: amountRaisedColumn,
  totalFundingRaised: s.listings.totalFundingRaised,
  latestRoundType: s.listings.latestRoundType,
  latestRoundDate: latestRoundDateColumn,
  latestRoundAmount: latestRoundAmountColumn,
  fundingRoundCount: s.listings.fundingRoundCount,
  noindex: s.listings.noindex,
  updatedAt: s.listings.updatedAt,
};

/** A listing's five child lists, each selected by the listing's type and slug so they run beside the listing's own query. */
function childLists({ db }: Database, type: ListingType, slug: string) {
  const listingId = () => db.select({ id: s.listings.id }).from(s.listings).where(publishedListing(type, slug));
  return [
    db
      .select({ name: s.teamMembers.name, title: s.teamMembers.title, photo: s.teamMembers.photoUrl, linkedin: s.teamMembers.linkedinUrl })
      .from(s.teamMembers)
      .where(inArray(s.teamMembers.listingId, listingId()))
      .orderBy(asc(s.teamMembers.position), asc(s.teamMembers.id)),
    db
      .select({ question: s.faqs.question, answer: s.faqs.answer })
      .from(s.faqs)
      .where(inArray(s.faqs.listingId, listingId()))
      .orderBy(asc(s.faqs.position), asc(s.faqs.id)),
    db
      .select({ title: s.keyUseCases.title, description: s.keyUseCases.description })
      .from(s.keyUseCases)
      .where(inArray(s.keyUseCases.listingId, listingId()))
      .orderBy(asc(s.keyUseCases.position), asc(s.keyUseCases.id)),
    db
      .select({ text: s.howItWorksSteps.text })
      .from(s.howItWorksSteps)
      .where(inArray(s.howItWorksSteps.listingId, listingId()))
      .orderBy(asc(s.howItWorksSteps.position), asc(s.howItWorksSteps.id)),
    db
      .select({
        roundType: s.fundingRounds.roundType,
        amount: s.fundingRounds.amount,
        currency: s.fundingRounds.currency,
        fundingDate: s.fundingRounds.fundingDate,
        investors: s.fundingRounds.allInvestors,
      })
      .from(s.fundingRounds)
      .where(inArray(s.fundingRounds.listingId, listingId()))
      .orderBy(desc(s.fundingRounds.fundingDate), desc(s.fundingRounds.id)),
  ] as const;
}

function listingRow({ db }: Database, type: ListingType, slug: string) {
  return db.select(PROFILE_COLUMNS).from(s.listings).where(publishedListing(type, slug)).limit(1);
}

type ProfileRow = Awaited<ReturnType<typeof listingRow>>[number];
type Children = ReturnType<typeof childLists>;
interface ChildRows {
  team: Awaited<Children[0]>;
  faqs: Awaited<Children[1]>;
  keyUseCases: Awaited<Children[2]>;
  steps: Awaited<Children[3]>;
  rounds: Awaited<Children[4]>;
}

/** The row and its lists as the profile's detail: reference ids become names, levels and visibility their types. */
function toRecord(
  row: ProfileRow,
  { team, faqs, keyUseCases, steps, rounds }: ChildRows,
  index: ReturnType<typeof indexReferenceData>,
): ListingRecord {
  const {
    industryIds,
    geographyIds,
    countryIds,
    personaIds,
    fundingStageId,
    businessModelId,
    revenueRangeId,
    visibility,
    fieldVisibility,
    noindex,
    updatedAt,
    ...rest
  } = row;
  const detail: ListingDetail = {
    ...rest,
    industry: namesOf(industryIds, index.industry),
    geography: namesOf(geographyIds, index.geography),
    countries: namesOf(countryIds, index.country),
    targetPersonas: namesOf(personaIds, index.persona),
    fundingStage: fundingStageId === null ? null : (index.fundingStage.get(fundingStageId) ?? null),
    businessModel: businessModelId === null ? null : (index.businessModel.get(businessModelId) ?? null),
    revenueRange: revenueRangeId === null ? null : (index.revenueRange.get(revenueRangeId) ?? null),
    listingVisibility: normalizeLevel(visibility),
    fieldVisibility: toFieldVisibility(fieldVisibility),
    howItWorks: steps.map((step) => step.text),
    keyUseCases,
    team,
    faqs,
    fundingRounds: rounds.map((round) => ({ ...round, amount: round.amount === null ? null : Number(round.amount) })),
  };
  return { detail, noindex, updatedAt };
}

/**
 * One published listing with everything its profile shows, before gating, and its search-engine settings. The
 * listing and its five child lists are read in parallel: the children select by the same type+slug condition
 * instead of waiting for the listing's id. Contact e-mails (team and primary contact) are never selected.
 */
export async function getListingRecord(
  database: Database,
  type: ListingType,
  slug: string,
  reader = database,
): Promise<ListingRecord | null> {
  if (!slug || slug.length > MAX_SLUG_LENGTH) return null;
  // The listing from `reader` (the replica when the request may use it, decision 0053); the cached names from `database`.
  const [rows, team, faqs, keyUseCases, steps, rounds, reference] = await Promise.all([
    listingRow(reader, type, slug),
    ...childLists(reader, type, slug),
    getReferenceData(database),
  ]);
  const row = rows[0];
  if (!row) return null;
  return toRecord(row, { team, faqs, keyUseCases, steps, rounds }, indexReferenceData(reference));
}
