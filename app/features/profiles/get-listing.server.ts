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
  const { db } = reader;
  const listingId = () => db.select({ id: s.listings.id }).from(s.listings).where(publishedListing(type, slug));
  const l = s.listings;

  const [rows, team, faqs, keyUseCases, steps, rounds, reference] = await Promise.all([
    db
      .select({
        id: l.id,
        slug: l.slug,
        type: l.type,
        name: l.name,
        logo: l.logoUrl,
        tagline: l.tagline,
        description: l.description,
        websiteUrl: l.websiteUrl,
        linkedinUrl: l.linkedinUrl,
        featured: l.featured,
        industryIds: l.industryIds,
        geographyIds: l.geographyIds,
        countryIds: l.countryIds,
        personaIds: l.personaIds,
        fundingStageId: l.fundingStageId,
        businessModelId: l.businessModelId,
        revenueRangeId: l.revenueRangeId,
        problem: l.problem,
        solution: l.solution,
        timing: l.timing,
        hqStreet: l.hqStreet,
        hqCity: l.hqCity,
        hqRegion: l.hqRegion,
        hqPostalCode: l.hqPostalCode,
        phone: l.phone,
        contactEmail: l.contactEmail,
        visibility: l.visibility,
        fieldVisibility: l.fieldVisibility,
        teamSize: l.teamSize,
        foundedYear: l.foundedYear,
        investorType: l.investorType,
        ticketSize: l.ticketSize,
        aum: l.aum,
        stageFocus: l.stageFocus,
        // The section's figures as every reader shows them (decision 0089): an empty latest round takes the funding event's.
        amountRaised: amountRaisedColumn,
        totalFundingRaised: l.totalFundingRaised,
        latestRoundType: l.latestRoundType,
        latestRoundDate: latestRoundDateColumn,
        latestRoundAmount: latestRoundAmountColumn,
        fundingRoundCount: l.fundingRoundCount,
        noindex: l.noindex,
        updatedAt: l.updatedAt,
      })
      .from(l)
      .where(publishedListing(type, slug))
      .limit(1),
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
    getReferenceData(database),
  ]);

  const row = rows[0];
  if (!row) return null;
  const index = indexReferenceData(reference);
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
