/**
 * A mapped base company as our listing's columns and child lists (issue 7 §7): names resolved to our reference ids,
 * dates and small integers checked so one odd cell cannot fail the whole record. Pure.
 */
import type { listings } from "#db/schema/listings.ts";
import type { ReferenceTable, SpreadsheetListing } from "./map-spreadsheet-record.ts";

type ListingInsert = typeof listings.$inferInsert;

/** Our id of a reference name, or undefined when we hold no such value. */
export type IdOf = (table: ReferenceTable, name: string) => number | undefined;

export interface ListingContent {
  columns: Omit<ListingInsert, "slug" | "processingStatus" | "logoUrl">;
  team: Array<{ name: string; title: string | null; photoUrl: string | null; linkedinUrl: string | null }>;
  faqs: Array<{ question: string; answer: string }>;
  keyUseCases: Array<{ title: string; description: string | null }>;
  howItWorks: string[];
  /** Names our reference tables do not hold (a select value the base's table lacks): left off, reported. */
  unknownNames: string[];
}

const ISO_DATE = /^(\d{4}-\d{2}-\d{2})/;
/** A date the date columns accept ("2024-03-15", or the date of a timestamp), or null. */
export const dateOnly = (value: string | null) => (value && ISO_DATE.exec(value)?.[1]) || null;
const timestamp = (value: string | null) => {
  const time = value ? Date.parse(value) : NaN;
  return Number.isFinite(time) ? new Date(time) : null;
};
/** smallint columns: a value outside their range is left out rather than failing the record. */
const small = (value: number | null, min: number, max: number) => (value !== null && value >= min && value <= max ? value : null);

export function listingContent(listing: SpreadsheetListing, idOf: IdOf, now: Date): ListingContent {
  const unknownNames: string[] = [];
  const ids = (table: ReferenceTable, names: readonly string[]) => {
    const found = new Set<number>();
    for (const name of names) {
      const id = idOf(table, name);
      if (id === undefined) unknownNames.push(`${table}: ${name}`);
      else found.add(id);
    }
    return [...found];
  };
  const one = (table: ReferenceTable, name: string | null) => (name === null ? null : (ids(table, [name])[0] ?? null));

  return {
    columns: {
      type: listing.type,
      name: listing.name,
      tagline: listing.tagline,
      description: listing.description,
      websiteUrl: listing.websiteUrl,
      linkedinUrl: listing.linkedinUrl,
      twitterUrl: listing.twitterUrl,
      facebookUrl: listing.facebookUrl,
      hqStreet: listing.hqStreet,
      hqCity: listing.hqCity,
      hqRegion: listing.hqRegion,
      hqPostalCode: listing.hqPostalCode,
      phone: listing.phone,
      contactEmail: listing.contactEmail,
      featured: listing.featured,
      industryIds: ids("Industries", listing.industries),
      countryIds: ids("Countries", listing.countries),
      geographyIds: ids("Geographies", listing.geographies),
      personaIds: ids("TargetPersonas", listing.targetPersonas),
      fundingStageId: one("FundingStages", listing.fundingStage),
      businessModelId: one("BusinessModels", listing.businessModel),
      revenueRangeId: one("RevenueRanges", listing.revenueRange),
      problem: listing.problem,
      solution: listing.solution,
      timing: listing.timing,
      visibility: listing.visibility,
      fieldVisibility: listing.fieldVisibility,
      currentTierId: one("VisibilityLevels", listing.currentTier),
      teamSize: listing.teamSize,
      foundedYear: small(listing.foundedYear, 1800, 2100),
      primaryContact: listing.primaryContact,
      ceo: listing.ceo,
      currentEmployeeCount: listing.currentEmployeeCount,
      aiDescription: listing.aiDescription,
      contentStatus: listing.contentStatus,
      dataSource: listing.dataSource ?? "spreadsheet import",
      lotDataQualityScore: small(listing.lotDataQualityScore, 0, 100),
      lastCompanyEnrichment: timestamp(listing.lastCompanyEnrichment),
      // The moment we synced it from the base, not the base's own last-synced cell.
      dataLastSynced: now,
      lotCompanyId: listing.lotCompanyId,
      totalFundingRaised: listing.totalFundingRaised,
      latestRoundDate: dateOnly(listing.latestRoundDate),
      latestRoundAmount: listing.latestRoundAmount,
      latestRoundType: listing.latestRoundType,
      fundingRoundCount: small(listing.fundingRoundCount, 0, 1000),
      investorType: listing.investorType,
      aum: listing.aum,
      stageFocus: listing.stageFocus,
      updatedAt: now,
    },
    team: listing.team.map((m) => ({ name: m.name, title: m.title, photoUrl: m.photo, linkedinUrl: m.linkedin })),
    faqs: listing.faqs,
    keyUseCases: listing.keyUseCases,
    howItWorks: listing.howItWorks,
    unknownNames,
  };
}
