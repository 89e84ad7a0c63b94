/**
 * The crawler page's sample (spec 02 §2: the first 5 listings, with name, tagline, type, problem, solution, revenue
 * range, team member names and industry badges), as the crawler receives each one: a gated field is its
 * placeholder, never its value.
 */
import type { AccessLevel } from "../access/tiers.ts";
import { revenueLabel } from "../catalog/format.ts";
import { TYPE_LABEL, type GatedField, type ListingDetail, type ListingType, type LockedField } from "../catalog/listing-types.ts";
import { profilePath } from "./canonical.ts";
import type { CrawlerView } from "./crawler-coverage.ts";

/** Spec 02 §3: the first 5 listings. */
export const CRAWLER_SAMPLE_SIZE = 5;

export type SampleField =
  { state: "visible"; text: string } | { state: "gated"; placeholder: string; message: string } | { state: "empty" };

export type SampleTeam = { state: "visible"; names: string[] } | Extract<SampleField, { state: "gated" | "empty" }>;

export interface SampleListing {
  id: string;
  name: string;
  href: string;
  /** "Startup", "Investor", "Partner"; "Company" when the type is unknown (spec 02 §2). */
  typeLabel: string;
  tagline: string | null;
  /** The tier the whole listing needs, when it is above the public one (the crawler gets the teaser). */
  lockedTo: AccessLevel | null;
  noindex: boolean;
  problem: SampleField;
  solution: SampleField;
  revenueRange: SampleField;
  team: SampleTeam;
  industry: string[];
}

const TIER_NAME: Record<AccessLevel, string> = { public: "Public", subscriber: "Subscriber", premium: "Premium" };

export function typeLabelOf(type: string | null | undefined): string {
  return (type && TYPE_LABEL[type as ListingType]) || "Company";
}

function gated(lock: LockedField): Extract<SampleField, { state: "gated" }> {
  return { state: "gated", placeholder: lock.placeholder, message: lock.message };
}

function field(value: string | null, lock: LockedField | undefined): SampleField {
  if (lock) return gated(lock);
  return value?.trim() ? { state: "visible", text: value } : { state: "empty" };
}

export function sampleListing(view: CrawlerView, noindex: boolean): SampleListing {
  if (view.status === "locked") {
    const { teaser } = view;
    const whole = {
      state: "gated",
      placeholder: "",
      message: `${TIER_NAME[teaser.listingVisibility]} access required`,
    } as const;
    return {
      id: teaser.id,
      name: teaser.name,
      href: profilePath(teaser.type, teaser.slug),
      typeLabel: typeLabelOf(teaser.type),
      tagline: teaser.tagline,
      lockedTo: teaser.listingVisibility,
      noindex,
      problem: whole,
      solution: whole,
      revenueRange: whole,
      team: whole,
      industry: teaser.industry,
    };
  }
  const { listing } = view;
  const locks: Partial<Record<GatedField, LockedField>> = listing.lockedFields;
  const names = listing.team.map((member) => member.name);
  return {
    id: listing.id,
    name: listing.name,
    href: profilePath(listing.type, listing.slug),
    typeLabel: typeLabelOf(listing.type),
    tagline: listing.tagline,
    lockedTo: null,
    noindex,
    problem: field(listing.problem, locks.problem),
    solution: field(listing.solution, locks.solution),
    revenueRange: field(revenueLabel(listing.revenueRange), locks.revenueRange),
    team: locks.team ? gated(locks.team) : names.length ? { state: "visible", names } : { state: "empty" },
    industry: listing.industry,
  };
}

/**
 * Ends of the values the crawler may not see (texts' last 40 characters, team names), to look for in the page it
 * was sent. Templated lists (use cases, FAQ answers) are left out: the same words may rightly appear elsewhere.
 */
export function hiddenValueFragments(detail: ListingDetail, view: CrawlerView): string[] {
  const locked = view.status === "locked" ? null : view.listing.lockedFields;
  const hidden = (field: GatedField) => locked === null || locked[field] !== undefined;
  const texts: string[] = [];
  if (locked === null && detail.description) texts.push(detail.description);
  for (const field of ["problem", "solution", "timing"] as const) if (hidden(field) && detail[field]) texts.push(detail[field]);
  if (hidden("team")) texts.push(...detail.team.map((member) => member.name));
  return texts.map((text) => [...text.trim()].slice(-40).join("")).filter((fragment) => fragment.length >= 6);
}
