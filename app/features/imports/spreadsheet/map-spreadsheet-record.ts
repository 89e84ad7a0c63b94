/**
 * A Companies record of an operator's spreadsheet base → listing input (issue 7 §7), by spec 01 §3's rules: the
 * record-dropping rule, linked reference records resolved by id to names (the importer maps names to our ids),
 * the logo as the first attachment, the description capped at 5000 characters, one visibility level from the
 * "Current Tier" relation or else AccessLevel/ListingVisibility (default public), and per-field visibility with
 * spec 01's name normalisation. Pure: no I/O, every doubt reported as a warning or an unresolved link.
 */
import { normalizeFieldName, toGatedField } from "../../access/field-name.ts";
import { higherLevel, normalizeLevel, type AccessLevel } from "../../access/tiers.ts";
import { parseListingType, type GatedField, type ListingType, type TeamMember } from "../../catalog/listing-types.ts";
import { shouldDropRecord } from "../../catalog/record-dropping.ts";
import { isLogoType } from "../../media/logo-rules.ts";
import { cellReader, readPhoneAndEmail, readTeam, type CellReader } from "./company-cells.ts";
import { attachments, bool, int, lines, num, pick, text, textList, type AttachmentRef, type Fields } from "./spreadsheet-values.ts";

export const DESCRIPTION_CAP = 5000;

export const REFERENCE_TABLES = [
  "Industries",
  "Countries",
  "Geographies",
  "FundingStages",
  "TargetPersonas",
  "BusinessModels",
  "RevenueRanges",
  "VisibilityLevels",
] as const;
export type ReferenceTable = (typeof REFERENCE_TABLES)[number];

export interface ReferenceIndex {
  /** Each reference table's Name by record id. */
  names: Partial<Record<ReferenceTable, ReadonlyMap<string, string>>>;
  /** The Users table's people by record id, for a company's Employees links. */
  people?: ReadonlyMap<string, TeamMember>;
}

export interface UnresolvedLink {
  field: string;
  id: string;
}

export interface SpreadsheetRecordInput {
  id: string;
  fields: Fields;
}

export interface SpreadsheetListing {
  externalId: string;
  type: ListingType;
  name: string;
  tagline: string | null;
  description: string | null;
  websiteUrl: string | null;
  linkedinUrl: string | null;
  twitterUrl: string | null;
  facebookUrl: string | null;
  /** Headquarters and contact (decision 0066); the phone in E.164. */
  hqStreet: string | null;
  hqCity: string | null;
  hqRegion: string | null;
  hqPostalCode: string | null;
  phone: string | null;
  contactEmail: string | null;
  /** The first attachment; its url expires, so the reader downloads it and the importer stores it. */
  logo: AttachmentRef | null;
  featured: boolean;
  industries: string[];
  countries: string[];
  geographies: string[];
  targetPersonas: string[];
  fundingStage: string | null;
  businessModel: string | null;
  revenueRange: string | null;
  problem: string | null;
  solution: string | null;
  timing: string | null;
  howItWorks: string[];
  keyUseCases: Array<{ title: string; description: string | null }>;
  faqs: Array<{ question: string; answer: string }>;
  team: TeamMember[];
  visibility: AccessLevel;
  /** The "Current Tier" level's name, when the record links one. */
  currentTier: string | null;
  fieldVisibility: Partial<Record<GatedField, AccessLevel>>;
  teamSize: string | null;
  foundedYear: number | null;
  primaryContact: string | null;
  ceo: string | null;
  currentEmployeeCount: string | null;
  aiDescription: string | null;
  contentStatus: string | null;
  processingStatus: string | null;
  dataSource: string | null;
  lotDataQualityScore: number | null;
  lastCompanyEnrichment: string | null;
  dataLastSynced: string | null;
  lotCompanyId: string | null;
  totalFundingRaised: number | null;
  latestRoundDate: string | null;
  latestRoundAmount: number | null;
  latestRoundType: string | null;
  fundingRoundCount: number | null;
  investorType: string | null;
  aum: number | null;
  stageFocus: string | null;
}

export type CompanyMapping =
  | { ok: true; listing: SpreadsheetListing; warnings: string[]; unresolved: UnresolvedLink[] }
  | { ok: false; externalId: string; reason: string };

/** Why spec 01 §3's rule drops these fields, or null when it keeps them. */
export function dropReason(fields: Fields): string | null {
  if (!shouldDropRecord({ ...fields })) return null;
  // The rule answers only yes or no; asking again with a type supplied tells which half failed.
  return shouldDropRecord({ ...fields, type: "startup" })
    ? "no name (Name, Company Name or Title)"
    : "no type (Type, Entity Type or Company Type)";
}

/** The description, cut to DESCRIPTION_CAP; the logo, the first attachment when it is an image. */
function readDescriptionAndLogo(fields: Fields, { warnings }: CellReader) {
  let description = text(pick(fields, "Description"));
  if (description && description.length > DESCRIPTION_CAP) {
    warnings.push(`Description cut from ${description.length} to ${DESCRIPTION_CAP} characters`);
    description = description.slice(0, DESCRIPTION_CAP);
  }
  const first = attachments(pick(fields, "Logo", "Logo Image"))[0] ?? null;
  let logo = first;
  if (first && !(first.type && isLogoType(first.type))) {
    warnings.push(`The first attachment, ${first.filename} (${first.type ?? "unknown type"}), is not an image: no logo`);
    logo = null;
  }
  return { description, logo };
}

/** One spreadsheet record as a listing, with what was left out and why; or why the whole record is dropped. */
export function mapCompanyRecord(record: SpreadsheetRecordInput, refs: ReferenceIndex): CompanyMapping {
  const { fields } = record;
  const drop = dropReason(fields);
  if (drop) return { ok: false, externalId: record.id, reason: drop };
  const rawType = text(pick(fields, "Type", "Entity Type", "Company Type"))!;
  const type = parseListingType(rawType);
  if (!type) return { ok: false, externalId: record.id, reason: `unknown type "${rawType}" (startup, investor or partner)` };

  const reader = cellReader(fields, refs);
  const { warnings, unresolved, resolve, single, webUrl, capped } = reader;
  const { description, logo } = readDescriptionAndLogo(fields, reader);
  const currentTier = single("Current Tier", "VisibilityLevels");
  const levels = [...resolve("AccessLevel", "VisibilityLevels"), ...resolve("ListingVisibility", "VisibilityLevels")];
  const visibility = visibilityOf(currentTier, levels);
  const team = readTeam(fields, refs, reader);
  const { phone, contactEmail } = readPhoneAndEmail(fields, reader);

  return {
    ok: true,
    warnings,
    unresolved,
    listing: {
      externalId: record.id,
      type,
      name: text(pick(fields, "Name", "Company Name", "Title"))!,
      tagline: text(pick(fields, "Tagline")),
      description,
      websiteUrl: webUrl("Website", pick(fields, "WebsiteUrl", "Website")),
      linkedinUrl: webUrl("Company LinkedIn", pick(fields, "Company LinkedIn")),
      twitterUrl: webUrl("Company Twitter", pick(fields, "Company Twitter")),
      facebookUrl: webUrl("Company Facebook", pick(fields, "Company Facebook")),
      hqStreet: capped("HQ Street", 200, pick(fields, "HQ Street", "Street")),
      hqCity: capped("HQ City", 100, pick(fields, "HQ City", "City")),
      hqRegion: capped("HQ Region", 100, pick(fields, "HQ Region", "Region", "State")),
      hqPostalCode: capped("HQ Postal Code", 20, pick(fields, "HQ Postal Code", "Postal Code", "Zip")),
      phone,
      contactEmail,
      logo,
      featured: bool(pick(fields, "Featured")),
      industries: resolve("Industries", "Industries"),
      countries: resolve("Countries", "Countries"),
      geographies: resolve("Geographies", "Geographies"),
      targetPersonas: resolve("Target Personas", "TargetPersonas"),
      fundingStage: single("FundingStage", "FundingStages"),
      businessModel: single("BusinessModel", "BusinessModels"),
      revenueRange: single("RevenueRange", "RevenueRanges"),
      problem: text(pick(fields, "Problem")),
      solution: text(pick(fields, "Solution")),
      timing: text(pick(fields, "Timing")),
      howItWorks: lines(pick(fields, "How It Works")),
      keyUseCases: lines(pick(fields, "Key Use Cases")).map(splitUseCase),
      faqs: parseFaqs(pick(fields, "FAQs", "FAQ"), warnings),
      team,
      visibility,
      currentTier,
      fieldVisibility: parseFieldVisibility(pick(fields, "FieldVisibility", "Field Visibility"), warnings),
      teamSize: text(pick(fields, "TeamSize")),
      foundedYear: int(pick(fields, "FoundedYear")),
      primaryContact: text(pick(fields, "Primary Contact")),
      ceo: text(pick(fields, "CEO")),
      currentEmployeeCount: text(pick(fields, "Current Employee Count")),
      aiDescription: text(pick(fields, "AI Description")),
      contentStatus: text(pick(fields, "Content Status")),
      processingStatus: text(pick(fields, "Processing Status")),
      dataSource: text(pick(fields, "Data Source")),
      lotDataQualityScore: int(pick(fields, "LOT Data Quality Score")),
      lastCompanyEnrichment: text(pick(fields, "Last Company Enrichment")),
      dataLastSynced: text(pick(fields, "Data Last Synched", "Data Last Synced")),
      lotCompanyId: text(pick(fields, "LOT Company ID")),
      totalFundingRaised: num(pick(fields, "Total Funding Raised")),
      latestRoundDate: text(pick(fields, "Latest Round Date")),
      latestRoundAmount: num(pick(fields, "Latest Round Amount")),
      latestRoundType: text(pick(fields, "Latest Round Type")),
      fundingRoundCount: int(pick(fields, "Funding Round Count")),
      investorType: text(pick(fields, "InvestorType")),
      aum: num(pick(fields, "AUM")),
      stageFocus: textList(pick(fields, "StageFocus")).join(", ") || null,
    },
  };
}

/**
 * The listing's one level: the "Current Tier" relation when it names a level, else the stricter of AccessLevel and
 * ListingVisibility (a listing two fields disagree on is never shown more widely than either says), else public.
 */
export function visibilityOf(currentTier: string | null, levels: readonly string[]): AccessLevel {
  const known = (name: string | null) =>
    name !== null && normalizeLevel(name) === name.trim().toLowerCase() ? normalizeLevel(name) : null;
  const tier = known(currentTier);
  if (tier) return tier;
  return levels
    .map(known)
    .filter((l): l is AccessLevel => l !== null)
    .reduce<AccessLevel>((a, b) => higherLevel(a, b), "public");
}

/**
 * A record's own field levels: "Revenue Range: premium" lines (or "field=level", or a JSON object). Names are
 * normalised as spec 01 §3 says; unknown levels mean public; names of no gated field are reported and left out.
 */
export function parseFieldVisibility(value: unknown, warnings: string[] = []): Partial<Record<GatedField, AccessLevel>> {
  let pairs: Array<[string, unknown]> = [];
  if (value && typeof value === "object" && !Array.isArray(value)) pairs = Object.entries(value);
  else if (typeof value === "string" && value.trim().startsWith("{")) {
    try {
      pairs = Object.entries(JSON.parse(value) as Record<string, unknown>);
    } catch {
      warnings.push("FieldVisibility is not valid JSON; ignored");
    }
  } else
    pairs = lines(value).flatMap((line): Array<[string, string]> => {
      const match = /^(.+?)\s*[:=]\s*(.*)$/.exec(line);
      return match ? [[match[1]!, match[2]!]] : [];
    });
  const out: Partial<Record<GatedField, AccessLevel>> = {};
  for (const [name, level] of pairs) {
    const field = toGatedField(name);
    if (!field) warnings.push(`FieldVisibility names "${normalizeFieldName(name)}", which no profile field is gated by; ignored`);
    else out[field] = normalizeLevel(level);
  }
  return out;
}

/** "Title: description" or "Title - description"; a line without either is a title alone. */
function splitUseCase(line: string): { title: string; description: string | null } {
  const match = /^(.+?)\s*(?::|\s[-–—])\s+(.+)$/.exec(line);
  return match ? { title: match[1]!.trim(), description: match[2]!.trim() } : { title: line, description: null };
}

/** FAQ blocks separated by blank lines: "Q: question" then "A: answer" (the prefixes optional). */
export function parseFaqs(value: unknown, warnings: string[] = []): Array<{ question: string; answer: string }> {
  const source = text(value);
  if (!source) return [];
  return source.split(/\r?\n\s*\r?\n/).flatMap((block) => {
    const [first = "", ...rest] = block
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    const question = first.replace(/^q(?:uestion)?\s*[:.]\s*/i, "").trim();
    const answer = rest
      .join(" ")
      .replace(/^a(?:nswer)?\s*[:.]\s*/i, "")
      .trim();
    if (question && answer) return [{ question, answer }];
    if (question || answer) warnings.push(`An FAQ without ${question ? "an answer" : "a question"} was left out`);
    return [];
  });
}
