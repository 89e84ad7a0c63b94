/**
 * Per-field provenance (issue 19 §4, decision 0068): which source last set or confirmed each value of a listing, and
 * when. Pure rules shared by every write path (what a write records), the merge (whose record a kept value keeps),
 * the profile (one line per section, from what the viewer may see) and the editor (one note per field).
 */
import { FIELD_SOURCES, type FieldSource, type FieldSourceEntry, type FieldSources } from "#db/values/field-sources.ts";
import { formatDate } from "~/lib/format-date.ts";
import { CONTACT_FIELDS, FUNDING_SUMMARY_FIELDS, GATED_FIELDS, type GatedField } from "./listing-types.ts";

export { FIELD_SOURCES, type FieldSource, type FieldSourceEntry, type FieldSources };

/**
 * The values provenance is kept for, by the editor's names; a child list is one field. Settings about the listing
 * rather than facts about the company (type, slug, featured, visibility, field levels, noindex, content status, data
 * source, quality score) are left out: nobody asks where they came from.
 */
export const PROVENANCE_FIELDS = [
  "name",
  "tagline",
  "description",
  "logoUrl",
  "websiteUrl",
  "linkedinUrl",
  "twitterUrl",
  "facebookUrl",
  ...CONTACT_FIELDS,
  "fundingStageId",
  "businessModelId",
  "revenueRangeId",
  "problem",
  "solution",
  "timing",
  ...FUNDING_SUMMARY_FIELDS,
  "investorType",
  "ticketSize",
  "aum",
  "stageFocus",
  "foundedYear",
  "teamSize",
  "currentEmployeeCount",
  "ceo",
  "primaryContact",
  "primaryContactEmail",
  "aiDescription",
  "lotCompanyId",
  "primaryContactId",
  "campaignId",
  "industryIds",
  "geographyIds",
  "countryIds",
  "personaIds",
  "team",
  "faqs",
  "keyUseCases",
  "howItWorks",
  "fundingRounds",
] as const;
export type ProvenanceField = (typeof PROVENANCE_FIELDS)[number];
const TRACKED = new Set<string>(PROVENANCE_FIELDS);
export const isProvenanceField = (field: string): field is ProvenanceField => TRACKED.has(field);

/** What one write did to one listing: the fields whose value it changed, and those it supplied unchanged. */
export interface FieldWrite {
  source: FieldSource;
  at: Date;
  changed: readonly string[];
  confirmed?: readonly string[];
  detail?: string;
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * The entries a write puts over the stored ones (only the fields it touched; the caller merges them key by key). A
 * changed value is set and confirmed now by the write's source. A value supplied unchanged is only confirmed: its
 * source and set time stay, so a re-import that finds the same value never reads as a change; with no record yet, it
 * gets one with the confirming source and no set time (we do not know when it was set).
 */
export function provenancePatch(current: FieldSources, write: FieldWrite): FieldSources {
  const at = write.at.toISOString();
  const patch: FieldSources = {};
  const entry = (setAt: string | null): FieldSourceEntry => ({
    source: write.source,
    setAt,
    confirmedAt: at,
    ...(write.detail ? { detail: write.detail } : {}),
  });
  for (const field of write.confirmed ?? []) {
    if (!TRACKED.has(field)) continue;
    const known = current[field];
    patch[field] = known ? { ...known, confirmedAt: later(known.confirmedAt, at) } : entry(null);
  }
  for (const field of write.changed) if (TRACKED.has(field)) patch[field] = entry(at);
  return patch;
}

/**
 * The survivor's entries after a duplicate merge. A value the survivor keeps keeps its record (nothing to write); a
 * value taken whole from the other listing takes the other's record with it; a value made of both (a union of
 * lists, moved rows joining the survivor's) was made by the merge, now. A taken value the other listing has no
 * record of is recorded as the merge's, now: when it was first set is not known.
 */
export function mergePatch(
  other: FieldSources,
  { taken, combined, at, detail }: { taken: readonly string[]; combined: readonly string[]; at: Date; detail?: string },
): FieldSources {
  const patch = provenancePatch({}, { source: "merge", at, changed: [...taken, ...combined], detail });
  for (const field of taken) if (other[field] && TRACKED.has(field)) patch[field] = other[field]!;
  return patch;
}

/** A value as a write supplies it: absent when null, blank or an empty list. */
export function isSupplied(value: unknown): boolean {
  return value !== null && value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0);
}

/** Two stored values that mean the same (a Date and its ISO text, 12 and "12.00" for money, lists as sets). */
export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): string => {
    if (!isSupplied(v)) return "";
    if (v instanceof Date) return v.toISOString();
    if (Array.isArray(v)) return JSON.stringify(v.map(norm).sort());
    if (typeof v === "number") return String(v);
    if (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v)) return String(Number(v));
    return typeof v === "object" ? JSON.stringify(v) : String(v);
  };
  return norm(a) === norm(b);
}

/**
 * The changed and confirmed fields of a write of `values` over `before` (null: a new listing): only tracked fields
 * the write supplies count; a field it blanks counts as changed when there was a value.
 */
export function classifyWrite(
  before: Record<string, unknown> | null,
  values: Record<string, unknown>,
): { changed: string[]; confirmed: string[] } {
  const changed: string[] = [];
  const confirmed: string[] = [];
  for (const [field, value] of Object.entries(values)) {
    if (!TRACKED.has(field)) continue;
    const old = before?.[field];
    if (!sameValue(old, value)) {
      if (isSupplied(value) || isSupplied(old)) changed.push(field);
    } else if (isSupplied(value)) confirmed.push(field);
  }
  return { changed, confirmed };
}

// ---- what visitors and operators read ----

/** The source in words a visitor understands. */
const SOURCE_WORDS: Record<FieldSource, string> = {
  provider_import: "Lead-data provider",
  spreadsheet_import: "Spreadsheet import",
  feature_application: "Submitted by the company",
  operator_edit: "Edited by Introbase",
  merge: "Merged from a duplicate listing",
  owner_submission: "Submitted by the company",
};

/** The source as the back-office names it. */
const SOURCE_LABELS: Record<FieldSource, string> = {
  provider_import: "Provider import",
  spreadsheet_import: "Spreadsheet import",
  feature_application: "Feature application",
  operator_edit: "Operator edit",
  merge: "Merge",
  owner_submission: "Owner's change",
};

/** "3 Nov 2026": a calendar date (the date module's); nothing for a value that is not a date. */
export function provenanceDate(iso: string): string {
  return Number.isNaN(Date.parse(iso)) ? "" : formatDate(iso);
}

/**
 * The editor's note beside a field: "Provider import · 3 Nov 2026 (confirmed 20 Nov 2026)", the operator detail
 * after it (the spreadsheet base, the listing merged in), or "No record".
 */
export function fieldNote(entry: FieldSourceEntry | undefined): string {
  if (!entry) return "No record";
  const confirmed = provenanceDate(entry.confirmedAt);
  const when = entry.setAt ? provenanceDate(entry.setAt) : `confirmed ${confirmed}`;
  const also = entry.setAt && provenanceDate(entry.setAt) !== confirmed ? ` (confirmed ${confirmed})` : "";
  return `${SOURCE_LABELS[entry.source]} · ${when}${also}${entry.detail ? ` · ${entry.detail}` : ""}`;
}

/** The parts of a profile that carry an "Updated" line, and the fields (the profile shows) each is made of. */
export const PROFILE_SECTIONS = {
  about: [
    "name",
    "tagline",
    "description",
    "logoUrl",
    "websiteUrl",
    "linkedinUrl",
    "foundedYear",
    "teamSize",
    "industryIds",
    "businessModelId",
  ],
  solves: ["problem", "solution", "timing"],
  howItWorks: ["howItWorks"],
  audience: ["personaIds", "geographyIds", "countryIds"],
  traction: [
    "fundingStageId",
    "revenueRangeId",
    "amountRaised",
    "totalFundingRaised",
    "latestRoundType",
    "latestRoundAmount",
    "latestRoundDate",
    "fundingRoundCount",
    "fundingRounds",
  ],
  investment: ["investorType", "ticketSize", "aum", "stageFocus", "fundingStageId"],
  useCases: ["keyUseCases"],
  team: ["team"],
  faqs: ["faqs"],
  contact: CONTACT_FIELDS,
} as const satisfies Record<string, readonly ProvenanceField[]>;
export type ProfileSection = keyof typeof PROFILE_SECTIONS;

/** The gated field a tracked field's value is shown under, when it is gated. */
export function gatedFieldOf(field: ProvenanceField): GatedField | null {
  if (field === "revenueRangeId") return "revenueRange";
  return (GATED_FIELDS as readonly string[]).includes(field) ? (field as GatedField) : null;
}

/** One section's line as it is sent to the viewer: no field names, nothing of a field they may not see. */
export interface SectionProvenance {
  source: FieldSource;
  /** When a value of the section last changed (ISO); null when only confirmations are known. */
  updatedAt: string | null;
  /** When a source last supplied the newest value (ISO). */
  confirmedAt: string;
  /** "Updated 3 Nov 2026 · Lead-data provider". */
  text: string;
}

/** A section's line in words. */
export function sectionLine(source: FieldSource, updatedAt: string | null, confirmedAt: string): string {
  const words = SOURCE_WORDS[source];
  if (!updatedAt) return `Confirmed ${provenanceDate(confirmedAt)} · ${words}`;
  const updated = provenanceDate(updatedAt);
  const confirmed = provenanceDate(confirmedAt);
  return `Updated ${updated} · ${words}${confirmed !== updated ? ` · Confirmed ${confirmed}` : ""}`;
}

/**
 * Each section's line for a viewer, computed on the server from the fields `visible` allows. A field the viewer may
 * not see takes no part at all: its date or source would tell them that a hidden value changed, and when.
 */
export function sectionProvenance(
  fields: FieldSources,
  visible: (field: ProvenanceField) => boolean,
): Partial<Record<ProfileSection, SectionProvenance>> {
  const result: Partial<Record<ProfileSection, SectionProvenance>> = {};
  for (const [section, names] of Object.entries(PROFILE_SECTIONS) as Array<[ProfileSection, readonly ProvenanceField[]]>) {
    let newest: FieldSourceEntry | undefined;
    const key = (e: FieldSourceEntry) => e.setAt ?? e.confirmedAt;
    for (const name of names) {
      const entry = fields[name];
      if (!entry || !visible(name) || !FIELD_SOURCES.includes(entry.source)) continue;
      if (!newest || key(entry) > key(newest)) newest = entry;
    }
    if (newest)
      result[section] = {
        source: newest.source,
        updatedAt: newest.setAt,
        confirmedAt: newest.confirmedAt,
        text: sectionLine(newest.source, newest.setAt, newest.confirmedAt),
      };
  }
  return result;
}
