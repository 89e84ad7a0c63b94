/**
 * The demo directory: `count` listings whose facts agree with each other and whose text reads like a real directory
 * (see docs/decisions/0039-demo-data.md). About 60% startups, 25% investors, 15% partners. Deterministic: the same
 * seed, count and reference ids give the same listings (only created_at follows the clock).
 *
 * Two passes. The first plans every listing's type, featured flag, sector, kind and name, plants the duplicates,
 * and ranks each type in the directory's default order (featured first, then name), so that taglines can take
 * their frame from the rank: any 25 neighbouring cards of one type then read differently. The second pass writes
 * each listing's facts and text.
 */
import { contactFacts, NO_CONTACT_FACTS } from "./contact-facts.ts";
import { uniqueSlug } from "../app/features/catalog/slug.ts";
import { REFERENCE_DATE, type Stage } from "./company-facts.ts";
import { squash } from "./company-names.ts";
import { makeTeam, personName, personSlug, VISIBILITY } from "./demo-words.ts";
import { LANDMARKS, type Landmark } from "./landmark-listings.ts";
import { WRITERS, type Lookups, type Places, type Subject } from "./listing-by-type.ts";
import { planListings, TYPES } from "./plan-listings.ts";
import { Random } from "./random.ts";
import { sectorWords, type SectorWords } from "./sector-words.ts";
import { placeName } from "./text-kit.ts";

/** Ids of the reference rows the generator links listings to. */
export interface ReferenceIds {
  industries: Array<{ id: number; name: string }>;
  geographies: Array<{ id: number; name: string }>;
  countries: Array<{ id: number; name: string; geographyId: number }>;
  fundingStages: Array<{ id: number; name: string }>;
  personas: Array<{ id: number; name: string }>;
  businessModels: Array<{ id: number; code: string }>;
  revenueRanges: Array<{ id: number; code: string }>;
}

export type ListingType = (typeof TYPES)[number];

const ADDED_OVER_MS = 540 * 24 * 3600 * 1000;

/**
 * Every listing column the generator may set (the bulk load's column list, with the id it makes itself). A column
 * left out of this list gets its default; one set here but absent from a listing is stored as NULL.
 */
export const LISTING_KEYS = [
  "id",
  "createdAt",
  "slug",
  "type",
  "name",
  "websiteUrl",
  "linkedinUrl",
  "hqStreet",
  "hqCity",
  "hqRegion",
  "hqPostalCode",
  "phone",
  "contactEmail",
  "featured",
  "industryIds",
  "geographyIds",
  "countryIds",
  "personaIds",
  "fundingStageId",
  "businessModelId",
  "revenueRangeId",
  "visibility",
  "fieldVisibility",
  "dataSource",
  "processingStatus",
  "lotDataQualityScore",
  "problem",
  "solution",
  "timing",
  "investorType",
  "ticketSize",
  "tagline",
  "description",
  "foundedYear",
  "teamSize",
  "fundingAmount",
  "fundingCurrency",
  "fundingDate",
  "amountRaised",
  "latestRoundAmount",
  "latestRoundDate",
  "latestRoundType",
  "fundingRoundCount",
  "totalFundingRaised",
  "aum",
  "stageFocus",
  "primaryContact",
  "primaryContactEmail",
] as const;

const REGION_NAMES: Readonly<Record<string, string>> = {
  NA: "North America",
  CEE: "Central and Eastern Europe",
  "Australia & Oceania": "Australia and New Zealand",
};

export interface GeneratedListing {
  listing: Record<string, unknown> & { slug: string; name: string; type: ListingType };
  team: Array<{ name: string; title: string; linkedinUrl: string; email: string }>;
  faqs: Array<{ question: string; answer: string }>;
  useCases: Array<{ title: string; description: string }>;
  steps: string[];
  rounds: Array<{ amount: number; roundType: string; fundingDate: string; investors: string[] }>;
  /** What the generator decided, for tests; not stored. */
  meta: { taglineFrame: string; sector: string; stage: Stage | null; duplicateOf: number | null };
}

function domainOf(name: string): string {
  return `${squash(name)}.example`;
}

/** A pick of `min` to `max` reference rows, `first` always included and first. */
function withFirst<T>(rng: Random, first: T, pool: readonly T[], extra: number): T[] {
  const out = [first];
  for (const item of rng.sample(pool, extra + 1)) if (out.length <= extra && item !== first) out.push(item);
  return out;
}

/**
 * The sector first, then neighbouring ones: investors two or three industries (a fifth of them are generalists across
 * four), partners one to three. Startups draw one to three too, but keep only their sector, and investors and partners
 * the first two, which their texts name (generateListings).
 */
function pickIndustries<T>(rng: Random, type: ListingType, sector: T, related: readonly T[], all: readonly T[]): T[] {
  if (type === "startup") return withFirst(rng, sector, related, rng.weighted(STARTUP_EXTRA_INDUSTRIES));
  if (type === "partner") return withFirst(rng, sector, related, rng.int(0, 2));
  return rng.chance(0.2) ? withFirst(rng, sector, all, 3) : withFirst(rng, sector, related, rng.int(1, 2));
}
const STARTUP_EXTRA_INDUSTRIES: ReadonlyArray<readonly [number, number]> = [
  [0, 5],
  [1, 4],
  [2, 2],
];

/** A home country and up to three more markets, mostly in the same region. */
function pickCountries(rng: Random, all: ReferenceIds["countries"], byGeography: Map<number, ReferenceIds["countries"]>) {
  const home = rng.pick(all);
  const neighbours = byGeography.get(home.geographyId) ?? [home];
  const countries = [home];
  for (let extra = rng.int(0, 3); extra > 0; extra--) {
    const next = rng.chance(0.6) ? rng.pick(neighbours) : rng.pick(all);
    if (!countries.includes(next)) countries.push(next);
  }
  return countries;
}

function lookups(refs: ReferenceIds): Lookups {
  const countriesByGeography = new Map<number, ReferenceIds["countries"]>();
  for (const country of refs.countries)
    countriesByGeography.set(country.geographyId, [...(countriesByGeography.get(country.geographyId) ?? []), country]);
  return {
    stageId: new Map(refs.fundingStages.map((s) => [s.name, s.id])),
    revenueId: new Map(refs.revenueRanges.map((r) => [r.code, r.id])),
    industryByName: new Map(refs.industries.map((x) => [x.name, x])),
    geographyName: new Map(refs.geographies.map((g) => [g.id, REGION_NAMES[g.name] ?? g.name])),
    countriesByGeography,
  };
}

/** Where a listing works: its industries (its sector first) and its countries (a home country first). */
function choosePlaces(
  rng: Random,
  type: ListingType,
  landmark: Landmark | undefined,
  sectorRef: ReferenceIds["industries"][number],
  words: SectorWords,
  refs: ReferenceIds,
  look: Lookups,
): Places {
  let industries = landmark
    ? landmark.sectors.map((x) => look.industryByName.get(x)).filter((x) => x !== undefined)
    : pickIndustries(
        rng,
        type,
        sectorRef,
        words.related.map((r) => look.industryByName.get(r)).filter((x) => x !== undefined),
        refs.industries,
      );
  if (!industries.length || industries[0] !== sectorRef) industries = [sectorRef, ...industries.filter((x) => x !== sectorRef)];
  // A startup's description is one offer of its sector, so that sector is its one industry: a neighbouring one
  // (Real Estate's FinTech) put a building-retrofit planner among a FinTech company's similar startups (issue 31).
  // The pick above still runs, so the random stream and everything drawn after it stay as they were.
  if (type === "startup" && !landmark) industries = [sectorRef];
  // Investors' and partners' texts name their first two sectors: a third industry they never mention put a real
  // estate investor first among "fintech" results (issue 31).
  else if (!landmark) industries = industries.slice(0, 2);
  const named = landmark?.countries?.map((n) => refs.countries.find((c) => c.name === n)).filter((c) => c !== undefined) ?? [];
  const countries = named.length ? named : pickCountries(rng, refs.countries, look.countriesByGeography);
  return { industries, countries };
}

/** The row's identity, contact facts, links, visibility and quality: what every type of listing has. */
function commonColumns(
  rng: Random,
  subject: Subject,
  personas: ReferenceIds["personas"],
  rich: boolean,
  seededAt: number,
  slugs: Set<string>,
): GeneratedListing["listing"] {
  const { index, name, type, featured, original, places } = subject;
  const { industries, countries } = places;
  const website = `https://${domainOf(name)}`;
  // Sure duplicates share the original's site, page, address, phone and e-mail (the same company entered twice);
  // near ones have none of them, only a name like the original's.
  const sure = / (Inc\.|GmbH)$/.test(name);
  const contactBlock =
    original === null
      ? contactFacts(name, countries[0]!.name, domainOf(name))
      : sure
        ? contactFacts(original, countries[0]!.name, domainOf(original))
        : NO_CONTACT_FACTS;

  const listing: GeneratedListing["listing"] = {
    createdAt: new Date(seededAt - Math.round(subject.ageShare * ADDED_OVER_MS)),
    slug: uniqueSlug(name, slugs),
    type,
    name,
    websiteUrl: rng.chance(0.9) ? website : null,
    linkedinUrl: `https://www.linkedin.com/company/${squash(name)}`,
    ...contactBlock,
    featured,
    industryIds: industries.map((x) => x.id),
    geographyIds: [...new Set(countries.map((c) => c.geographyId))],
    countryIds: countries.map((c) => c.id),
    personaIds: personas.map((x) => x.id),
    fundingStageId: null,
    businessModelId: null,
    revenueRangeId: null,
    visibility: featured && index < 40 ? "public" : rng.pick(VISIBILITY),
    fieldVisibility: featured && rng.chance(0.3) ? { faqs: "subscriber" } : {},
    dataSource: "demo",
    processingStatus: "published",
    lotDataQualityScore: rich ? rng.int(3, 5) : rng.int(2, 4),
    problem: null,
    solution: null,
    timing: null,
    investorType: null,
    ticketSize: null,
  };
  if (original !== null) {
    listing.websiteUrl = sure ? `https://www.${domainOf(original)}/about` : null;
    listing.linkedinUrl = sure ? `https://www.linkedin.com/company/${squash(original)}/` : null;
  }
  return listing;
}

export function* generateListings(count: number, refs: ReferenceIds, seed = 20251122): Generator<GeneratedListing> {
  const plan = planListings(count, refs, seed);
  const rng = new Random(seed ^ 0x5bd1e995);
  const slugs = new Set<string>();
  const look = lookups(refs);
  const originals = new Set<number>();
  for (const original of plan.duplicateOf) if (original >= 0) originals.add(original);
  /** What an original's duplicate copies, kept until the duplicate is written. */
  const stash = new Map<number, Places>();
  // Listings were added over the last eighteen months, in generation order: the back-office's "added per month"
  // has a history to show, and a planted duplicate is younger than the listing it repeats (the one a merge keeps).
  // Facts are dated against the fixed reference date instead, so they never change from run to run.
  const seededAt = Date.now();

  for (let i = 0; i < count; i++) {
    const type = TYPES[plan.types[i]!]!;
    const landmark: Landmark | undefined = LANDMARKS[plan.landmark[i]!];
    const duplicateOf = plan.duplicateOf[i]! >= 0 ? plan.duplicateOf[i]! : null;
    const ageShare = (count - i) / count;
    const sectorRef = refs.industries[plan.sector[i]!]!;
    const words = sectorWords(sectorRef.name);

    // A duplicate repeats its original's industries and countries.
    const copied = duplicateOf === null ? undefined : stash.get(duplicateOf);
    const places = copied ?? choosePlaces(rng, type, landmark, sectorRef, words, refs, look);
    if (originals.has(i)) stash.set(i, places);
    if (duplicateOf !== null) stash.delete(duplicateOf);
    const subject: Subject = {
      index: i,
      type,
      name: plan.names[i]!,
      featured: plan.featured[i] === 1,
      landmark,
      original: duplicateOf === null ? null : plan.names[duplicateOf]!,
      places,
      words,
      listedBy: new Date(REFERENCE_DATE.getTime() - Math.round(ageShare * ADDED_OVER_MS)),
      ageShare,
    };
    const countryNames = places.countries.map((c) => placeName(c.name));
    const region = look.geographyName.get(places.countries[0]!.geographyId) ?? "Europe";
    const sectors = places.industries.map((x) => sectorWords(x.name));
    const personas = rng.sample(refs.personas, rng.int(1, 4));
    const rich = subject.featured || rng.chance(0.6);

    const listing = commonColumns(rng, subject, personas, rich, seededAt, slugs);
    const text = WRITERS[type](listing, subject, { rng, plan, refs, look, rich, countryNames, region, sectors });

    const team = makeTeam(rng, rich ? rng.int(2, 4) : rng.int(0, 1), text.titles, domainOf(subject.name));
    // The first team member is the contact introductions go to; a listing without a team names someone else.
    const contact = team[0]?.name ?? personName(rng);
    listing.primaryContact = contact;
    listing.primaryContactEmail = `${personSlug(contact).split("-")[0]}@${domainOf(subject.name)}`;
    const { faqs, useCases, steps, rounds, stage, taglineFrame } = text;
    yield { listing, team, faqs, useCases, steps, rounds, meta: { taglineFrame, sector: words.name, stage, duplicateOf } };
  }
}
