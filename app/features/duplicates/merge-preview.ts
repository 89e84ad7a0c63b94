/**
 * What a merge will do, field by field, before anyone confirms it (issue 32): the outcome is computed by the merge
 * rules themselves (`mergeListings`, the code the merge runs), so the confirmation cannot say one thing while the
 * merge does another. Pure; the names of references are filled in by the caller.
 */
import { mergeListings, type ListingRow } from "./merge-rules.ts";

/**
 * kept: the survivor's value stays (the other's, if any, is lost); taken: the other's value replaces the
 * survivor's (which is lost); filled: the survivor had none and takes the other's; combined: a list becomes the
 * union of both; recomputed: a value made from both (the quality score, featured).
 */
export type FieldOutcome = "kept" | "taken" | "filled" | "combined" | "recomputed";

export interface FieldChange<V = unknown> {
  field: string;
  label: string;
  outcome: FieldOutcome;
  survivor: V;
  other: V;
  result: V;
  /** The value that will no longer be on the survivor after the merge (null: nothing is lost). */
  lost: V | null;
}

export interface MergePreview {
  changes: FieldChange[];
  /** Fields both listings already agree on (not listed one by one). */
  same: number;
}

/** The fields an operator decides on, in the order the editor shows them. Ids, slugs and bookkeeping are left out. */
const PREVIEW_FIELDS: ReadonlyArray<readonly [keyof ListingRow, string]> = [
  ["name", "Name"],
  ["websiteUrl", "Website"],
  ["linkedinUrl", "LinkedIn"],
  ["twitterUrl", "Twitter"],
  ["facebookUrl", "Facebook"],
  ["tagline", "Tagline"],
  ["description", "Description"],
  ["aiDescription", "AI description"],
  ["problem", "Problem"],
  ["solution", "Solution"],
  ["timing", "Timing"],
  ["logoUrl", "Logo"],
  ["foundedYear", "Founded"],
  ["hqStreet", "Street"],
  ["hqCity", "City"],
  ["hqRegion", "Region"],
  ["hqPostalCode", "Postal code"],
  ["phone", "Phone"],
  ["contactEmail", "Contact e-mail"],
  ["industryIds", "Industries"],
  ["countryIds", "Countries"],
  ["geographyIds", "Geographies"],
  ["personaIds", "Target personas"],
  ["fundingStageId", "Funding stage"],
  ["businessModelId", "Business model"],
  ["revenueRangeId", "Revenue range"],
  ["amountRaised", "Amount raised"],
  ["totalFundingRaised", "Total funding raised"],
  ["fundingAmount", "Funding amount"],
  ["fundingCurrency", "Funding currency"],
  ["fundingDate", "Funding date"],
  ["latestRoundType", "Latest round type"],
  ["latestRoundAmount", "Latest round amount"],
  ["latestRoundDate", "Latest round date"],
  ["fundingRoundCount", "Funding round count"],
  ["aum", "Assets under management"],
  ["ticketSize", "Ticket size"],
  ["stageFocus", "Stage focus"],
  ["investorType", "Investor type"],
  ["ceo", "CEO"],
  ["primaryContact", "Primary contact"],
  ["primaryContactEmail", "Primary contact e-mail"],
  ["currentEmployeeCount", "Employees"],
  ["teamSize", "Team size"],
  ["featured", "Featured"],
  ["lotDataQualityScore", "Data quality score"],
  ["dataSource", "Data source"],
  ["contentStatus", "Content status"],
  ["lotCompanyId", "Provider company id"],
  ["campaignId", "Campaign id"],
  ["primaryContactId", "Primary contact id"],
  ["lastCompanyEnrichment", "Last enrichment"],
  ["dataLastSynced", "Data last synced"],
];

const present = (v: unknown) => v !== null && v !== undefined && v !== "" && v !== false && !(Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The survivor as the merge will leave it, and every listed field that the two listings do not already share. */
export function previewMerge(survivor: ListingRow, other: ListingRow, now = new Date()): MergePreview {
  const { update } = mergeListings(survivor, other, now);
  const result = { ...survivor, ...update } as ListingRow;
  const changes: FieldChange[] = [];
  let agreed = 0;
  for (const [field, label] of PREVIEW_FIELDS) {
    const [s, o, r] = [survivor[field], other[field], result[field]];
    if (!present(s) && !present(o) && !present(r)) continue;
    if (same(s, o) && same(s, r)) {
      agreed++;
      continue;
    }
    const change = { field, label, survivor: s, other: o, result: r };
    if (Array.isArray(r)) {
      const added = (o as unknown[]).some((v) => !(s as unknown[]).includes(v));
      changes.push({ ...change, outcome: added ? "combined" : "kept", lost: null });
    } else if (same(r, s)) changes.push({ ...change, outcome: "kept", lost: present(o) ? o : null });
    else if (same(r, o)) changes.push({ ...change, outcome: present(s) ? "taken" : "filled", lost: present(s) ? s : null });
    else changes.push({ ...change, outcome: "recomputed", lost: null });
  }
  return { changes, same: agreed };
}
