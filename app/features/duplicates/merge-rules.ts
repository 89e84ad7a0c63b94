/**
 * What a merged listing looks like (spec 02 §7 "Merge rules", issue 5 §5): fresh-data fields are overwritten by
 * the more recently synced record, list fields are unioned, better-data fields take the longer text or the
 * larger number, and every field no list below names (the survivor's id, slug, name, processing status, created
 * time, visibility, tier, ...) is kept from the survivor. Pure, so every rule is tested on its own.
 */
import type { listings } from "#db/schema/listings.ts";

export type ListingRow = typeof listings.$inferSelect;

/** Facts that go stale: the record synced last knows best. */
const FRESH_FIELDS = [
  "lastCompanyEnrichment",
  "dataLastSynced",
  "lotCompanyId",
  "campaignId",
  "primaryContactId",
  "primaryContact",
  "primaryContactEmail",
  "currentEmployeeCount",
  "teamSize",
  "contentStatus",
  "dataSource",
  "ceo",
  "fundingDate",
  "fundingAmount",
  "fundingCurrency",
  "latestRoundDate",
  "latestRoundAmount",
  "latestRoundType",
  "fundingRoundCount",
] as const satisfies ReadonlyArray<keyof ListingRow>;

/** Lists: the union, survivor's entries first. */
const ARRAY_FIELDS = ["industryIds", "geographyIds", "countryIds", "personaIds"] as const satisfies ReadonlyArray<keyof ListingRow>;

/** Texts where more is better: the longer one wins. */
const LONGER_FIELDS = [
  "tagline",
  "description",
  "aiDescription",
  "problem",
  "solution",
  "timing",
  "logoUrl",
  "websiteUrl",
  "linkedinUrl",
  "twitterUrl",
  "facebookUrl",
  "ticketSize",
  "stageFocus",
  "investorType",
] as const satisfies ReadonlyArray<keyof ListingRow>;

/** Amounts where more is better: the larger one wins. */
const LARGER_FIELDS = ["amountRaised", "totalFundingRaised", "aum"] as const satisfies ReadonlyArray<keyof ListingRow>;

/** References, and the ways to reach the company: the survivor's when it has one, else the other's. */
const FILL_FIELDS = ["fundingStageId", "businessModelId", "revenueRangeId", "phone", "contactEmail"] as const satisfies ReadonlyArray<
  keyof ListingRow
>;

/**
 * The headquarters address moves as one (decision 0066): the survivor's when it has any part of one, else the
 * other's whole. A street of one record with the city of the other would be a place that does not exist.
 */
const ADDRESS_FIELDS = ["hqStreet", "hqCity", "hqRegion", "hqPostalCode"] as const satisfies ReadonlyArray<keyof ListingRow>;

export interface MergeOutcome {
  update: Partial<ListingRow>;
  /** Fields whose value changed on the survivor. */
  mergedFields: string[];
  /** Fields where both records had different values and a rule chose one. */
  conflictsResolved: string[];
}

const present = (v: unknown) => v !== null && v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0);

/** A founded year is data only when after 1800 and not in the future (spec 02 §5). */
export function validFoundedYear(year: number | null | undefined, now = new Date()): boolean {
  return typeof year === "number" && year > 1800 && year <= now.getUTCFullYear();
}

/** Spec 02 §9: on a merge, the larger of the existing score, the new one and 5. */
export function mergedQualityScore(existing: number | null | undefined, incoming: number | null | undefined): number {
  return Math.max(existing ?? 0, incoming ?? 0, 5);
}

function syncedAt(row: ListingRow): number {
  return (row.dataLastSynced ?? row.updatedAt).getTime();
}

export function mergeListings(survivor: ListingRow, other: ListingRow, now = new Date()): MergeOutcome {
  const update: Record<string, unknown> = {};
  const conflictsResolved: string[] = [];
  const set = (field: string, value: unknown) => {
    const before = (survivor as Record<string, unknown>)[field];
    if (JSON.stringify(before) !== JSON.stringify(value)) update[field] = value;
  };
  const conflict = (field: string) => {
    const a = (survivor as Record<string, unknown>)[field];
    const b = (other as Record<string, unknown>)[field];
    if (present(a) && present(b) && JSON.stringify(a) !== JSON.stringify(b)) conflictsResolved.push(field);
  };

  const otherIsFresher = syncedAt(other) > syncedAt(survivor);
  for (const field of FRESH_FIELDS) {
    conflict(field);
    const mine = survivor[field];
    const theirs = other[field];
    if (present(theirs) && (otherIsFresher || !present(mine))) set(field, theirs);
  }
  for (const field of ARRAY_FIELDS) set(field, [...new Set([...survivor[field], ...other[field]])]);
  for (const field of LONGER_FIELDS) {
    conflict(field);
    const mine = survivor[field] ?? "";
    const theirs = other[field] ?? "";
    if (theirs.length > mine.length) set(field, theirs);
  }
  for (const field of LARGER_FIELDS) {
    conflict(field);
    const mine = survivor[field];
    const theirs = other[field];
    if (theirs !== null && (mine === null || theirs > mine)) set(field, theirs);
  }
  for (const field of FILL_FIELDS) {
    conflict(field);
    if (survivor[field] === null && other[field] !== null) set(field, other[field]);
  }
  const hasAddress = (row: ListingRow) => ADDRESS_FIELDS.some((field) => present(row[field]));
  for (const field of ADDRESS_FIELDS) conflict(field);
  if (!hasAddress(survivor) && hasAddress(other)) for (const field of ADDRESS_FIELDS) set(field, other[field]);
  conflict("foundedYear");
  if (!validFoundedYear(survivor.foundedYear, now) && validFoundedYear(other.foundedYear, now)) set("foundedYear", other.foundedYear);
  set("lotDataQualityScore", mergedQualityScore(survivor.lotDataQualityScore, other.lotDataQualityScore));
  if (other.featured && !survivor.featured) set("featured", true);

  const mergedFields = Object.keys(update);
  return { update: { ...update, updatedAt: now } as Partial<ListingRow>, mergedFields, conflictsResolved };
}
