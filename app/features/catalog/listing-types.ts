/** The public shape of listings, as the pages and the JSON API send them (spec 01 §3). */
import { LISTING_TYPES, type AccessLevel } from "#db/values/listings.ts";
import type { ProfileSection, SectionProvenance } from "./field-provenance.ts";

export { LISTING_TYPES };
export type ListingType = (typeof LISTING_TYPES)[number];

export const TYPE_LABEL: Record<ListingType, string> = { startup: "Startup", investor: "Investor", partner: "Partner" };

/** Accepts the spec's spellings: startup(s), investor(s), partner(s), any case. Anything else is null. */
export function parseListingType(value: string): ListingType | null {
  const v = value.trim().toLowerCase().replace(/s$/, "");
  return (LISTING_TYPES as readonly string[]).includes(v) ? (v as ListingType) : null;
}

export interface TeamMember {
  name: string;
  title: string | null;
  photo: string | null;
  linkedin: string | null;
}

/** Headquarters address and contact details (decision 0066), in the order profiles draw them; all gated. */
export const CONTACT_FIELDS = ["hqStreet", "hqCity", "hqRegion", "hqPostalCode", "phone", "contactEmail"] as const;

/** A listing's funding summary columns (spec 02's provider fields), recomputed from its rounds by an import. */
export const FUNDING_SUMMARY_FIELDS = [
  "fundingAmount",
  "fundingCurrency",
  "fundingDate",
  "amountRaised",
  "totalFundingRaised",
  "latestRoundType",
  "latestRoundAmount",
  "latestRoundDate",
  "fundingRoundCount",
] as const;

/** Fields that field-level rules can gate (spec 01 §3 fieldVisibility). */
export const GATED_FIELDS = [
  "revenueRange",
  "problem",
  "solution",
  "timing",
  "howItWorks",
  "keyUseCases",
  "team",
  "faqs",
  // Country is a card field and stays open.
  ...CONTACT_FIELDS,
] as const;
export type GatedField = (typeof GATED_FIELDS)[number];

/** What a directory card needs. */
export interface ListingCard {
  locked: false;
  id: string;
  slug: string;
  type: ListingType;
  name: string;
  logo: string | null;
  tagline: string | null;
  industry: string[];
  geography: string[];
  fundingStage: string | null;
  featured: boolean;
  businessModel: string | null;
  countries: string[];
  targetPersonas: string[];
  listingVisibility: AccessLevel;
  /**
   * Funding is public (decision 0080) and shown on open cards; a locked teaser does not show it (decision 0084).
   * Absent where a card is made for its lock alone (e-mails, social cards).
   */
  totalFundingRaised?: number | null;
  latestRoundType?: string | null;
  latestRoundDate?: string | null;
}

/** A listing above the viewer's tier: only what the locked teaser shows (spec 01 §2). */
export interface LockedTeaser {
  locked: true;
  id: string;
  slug: string;
  type: ListingType;
  name: string;
  logo: string | null;
  tagline: string | null;
  industry: string[];
  geography: string[];
  fundingStage: string | null;
  featured: boolean;
  listingVisibility: AccessLevel;
}

export type DirectoryItem = ListingCard | LockedTeaser;

export interface FundingRound {
  roundType: string;
  amount: number | null;
  currency: string;
  fundingDate: string | null;
  investors: string | null;
}

/**
 * Everything a profile shows, before gating. The primary contact's e-mail is not part of it (it never leaves the
 * server); the listing's general contact e-mail is, gated like the phone (decision 0066).
 */
export interface ListingDetail extends Omit<ListingCard, "locked"> {
  description: string | null;
  websiteUrl: string | null;
  linkedinUrl: string | null;
  revenueRange: string | null;
  problem: string | null;
  solution: string | null;
  timing: string | null;
  howItWorks: string[];
  keyUseCases: Array<{ title: string; description: string | null }>;
  team: TeamMember[];
  faqs: Array<{ question: string; answer: string }>;
  hqStreet: string | null;
  hqCity: string | null;
  hqRegion: string | null;
  hqPostalCode: string | null;
  /** E.164. */
  phone: string | null;
  contactEmail: string | null;
  fieldVisibility: Partial<Record<GatedField, AccessLevel>>;
  teamSize: string | null;
  foundedYear: number | null;
  investorType: string | null;
  ticketSize: string | null;
  /** Assets under management, in dollars (investors). */
  aum: number | null;
  /** The stages an investor backs, as written ("Seed, Series A"). */
  stageFocus: string | null;
  amountRaised: number | null;
  totalFundingRaised: number | null;
  latestRoundType: string | null;
  latestRoundDate: string | null;
  latestRoundAmount: number | null;
  fundingRoundCount: number | null;
  fundingRounds: FundingRound[];
}

/** A field the viewer may not see: its value is absent and this placeholder stands in (spec 01 §6). */
export interface LockedField {
  requiredTier: AccessLevel;
  placeholder: string;
  message: string;
}

/** A profile after gating: locked fields are null (or empty) and described in `lockedFields`. */
export interface VisibleListing extends ListingDetail {
  lockedFields: Partial<Record<GatedField, LockedField>>;
  /**
   * Per profile section, when a value the viewer may see last changed and where it came from (issue 19 §4, decision
   * 0068); computed on the server from visible fields only. Absent where nothing is recorded.
   */
  provenance?: Partial<Record<ProfileSection, SectionProvenance>>;
}
