/**
 * The other tables of an operator's spreadsheet base (issue 7 §7; spec 01 §3 "Reference lists", spec 02 §3):
 * reference lists, visibility levels, global field-visibility rules, the Users people a company's Employees link
 * to, funding rounds and investor relationships. Pure; links stay record ids for the importer to match.
 */
import { toGatedField } from "../../access/field-name.ts";
import { normalizeLevel, type AccessLevel } from "../../access/tiers.ts";
import type { GatedField, TeamMember } from "../../catalog/listing-types.ts";
import type { ReferenceIndex, ReferenceTable, SpreadsheetRecordInput } from "./map-spreadsheet-record.ts";
import { attachments, bool, int, links, num, pick, text } from "./spreadsheet-values.ts";
import { importedWebUrl } from "~/lib/web-url.ts";

export interface ReferenceItem {
  externalId: string;
  name: string;
  /** Industries: Primary Category, Secondary Category and Industry Key ("primary::secondary"). */
  primaryCategory?: string | null;
  secondaryCategory?: string | null;
  industryKey?: string | null;
  description?: string | null;
  /** Countries. */
  isoCode?: string | null;
  emoji?: string | null;
}

export interface VisibilityLevelItem {
  externalId: string;
  name: AccessLevel;
  displayName: string | null;
  rank: number | null;
  monthlyPrice: number | null;
  /** -1 means unlimited (spec 01 §3). */
  maxCompanyViewsPerMonth: number | null;
  canViewFundingData: boolean;
  canExportData: boolean;
  aiRequestsPerMonth: number | null;
}

export interface FieldRuleItem {
  externalId: string;
  field: GatedField;
  level: AccessLevel;
}

export interface FundingRoundItem {
  externalId: string;
  companyId: string;
  amount: number | null;
  currency: string | null;
  roundType: string | null;
  fundingDate: string | null;
  dataSource: string | null;
  lotDataId: string | null;
  announcementUrl: string | null;
  allInvestors: string | null;
  notes: string | null;
}

export interface InvestorRelationshipItem {
  externalId: string;
  companyId: string;
  /** The investor's Companies record, when it links one; else the name the base holds as text. */
  investorId: string | null;
  investorName: string | null;
  fundingRoundId: string | null;
  investmentStatus: string;
  notes: string | null;
}

export type Dropped = { externalId: string; reason: string };
export type Mapped<T> = { ok: true; item: T } | ({ ok: false } & Dropped);

const firstId = (value: unknown): string | null => {
  const link = links(value)[0];
  return link && "id" in link ? link.id : null;
};

/** An item of any reference table; a record without a Name is dropped. */
export function mapReferenceRecord(table: ReferenceTable, { id, fields }: SpreadsheetRecordInput): Mapped<ReferenceItem> {
  const name = text(pick(fields, "Name"));
  if (!name) return { ok: false, externalId: id, reason: `${table} record without a Name` };
  const item: ReferenceItem = { externalId: id, name };
  if (table === "Industries") {
    item.primaryCategory = text(pick(fields, "Primary Category"));
    item.secondaryCategory = text(pick(fields, "Secondary Category"));
    item.industryKey = text(pick(fields, "Industry Key"));
    item.description = text(pick(fields, "Description"));
  }
  if (table === "Countries") {
    item.isoCode = text(pick(fields, "ISO Code"))?.toUpperCase() ?? null;
    item.emoji = text(pick(fields, "Emoji"));
  }
  return { ok: true, item };
}

/** A VisibilityLevels record; only the three levels of spec 01 §4 are kept. */
export function mapVisibilityLevel({ id, fields }: SpreadsheetRecordInput): Mapped<VisibilityLevelItem> {
  const raw = text(pick(fields, "Name")) ?? "";
  const name = normalizeLevel(raw);
  if (name !== raw.toLowerCase()) return { ok: false, externalId: id, reason: `unknown visibility level "${raw}"` };
  return {
    ok: true,
    item: {
      externalId: id,
      name,
      displayName: text(pick(fields, "Display Name")),
      rank: int(pick(fields, "Rank")),
      monthlyPrice: num(pick(fields, "Monthly Price")),
      maxCompanyViewsPerMonth: int(pick(fields, "Max Company Views Per Month")),
      canViewFundingData: bool(pick(fields, "Can View Funding Data")),
      canExportData: bool(pick(fields, "Can Export Data")),
      aiRequestsPerMonth: int(pick(fields, "AI Requests Per Month")),
    },
  };
}

/**
 * A FieldVisibility record (spec 01 §3 "Field visibility rule"): its Name normalised, its level from the
 * AccessLevel link resolved by id through the visibility levels; unknown or missing means public.
 */
export function mapFieldRule({ id, fields }: SpreadsheetRecordInput, refs: ReferenceIndex): Mapped<FieldRuleItem> {
  const name = text(pick(fields, "Name")) ?? "";
  const field = toGatedField(name);
  if (!field) return { ok: false, externalId: id, reason: `"${name}" is no gated field` };
  const link = links(pick(fields, "AccessLevel"))[0];
  const levelName = link && "id" in link ? (refs.names.VisibilityLevels?.get(link.id) ?? link.name) : link?.name;
  return { ok: true, item: { externalId: id, field, level: normalizeLevel(levelName) } };
}

/** A Users record as a team member: name and LinkedIn; a photo only when it is a lasting url, not an attachment. */
export function mapPerson({ fields }: SpreadsheetRecordInput): TeamMember | null {
  const name = [text(pick(fields, "First Name", "FirstName")), text(pick(fields, "Last Name", "LastName"))].filter(Boolean).join(" ");
  if (!name) return null;
  const image = pick(fields, "ProfileImage", "Profile Image");
  return {
    name,
    title: text(pick(fields, "Title", "Job Title")),
    photo: attachments(image).length > 0 ? null : importedWebUrl(text(image)),
    linkedin: importedWebUrl(text(pick(fields, "LinkedIn"))),
  };
}

export function mapFundingRound({ id, fields }: SpreadsheetRecordInput): Mapped<FundingRoundItem> {
  const companyId = firstId(pick(fields, "Company"));
  if (!companyId) return { ok: false, externalId: id, reason: "funding round without a Company link" };
  return {
    ok: true,
    item: {
      externalId: id,
      companyId,
      amount: num(pick(fields, "Amount")),
      currency: text(pick(fields, "Currency"))?.toUpperCase() ?? null,
      roundType: text(pick(fields, "Round Type")),
      fundingDate: text(pick(fields, "Funding Date")),
      dataSource: text(pick(fields, "Data Source")),
      lotDataId: text(pick(fields, "LOT Data ID")),
      announcementUrl: importedWebUrl(text(pick(fields, "Announcement URL"))),
      allInvestors: text(pick(fields, "All Investors")),
      notes: text(pick(fields, "Notes")),
    },
  };
}

export function mapInvestorRelationship({ id, fields }: SpreadsheetRecordInput): Mapped<InvestorRelationshipItem> {
  const companyId = firstId(pick(fields, "Company"));
  const investorId = firstId(pick(fields, "Investor"));
  const investorName = investorId ? null : text(pick(fields, "Investor"));
  if (!companyId) return { ok: false, externalId: id, reason: "investor relationship without a Company link" };
  if (!investorId && !investorName) return { ok: false, externalId: id, reason: "investor relationship without an Investor" };
  return {
    ok: true,
    item: {
      externalId: id,
      companyId,
      investorId,
      investorName,
      fundingRoundId: firstId(pick(fields, "Funding Round")),
      investmentStatus: text(pick(fields, "Investment Status"))?.toLowerCase() ?? "active",
      notes: text(pick(fields, "Notes")),
    },
  };
}
