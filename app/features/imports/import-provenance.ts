/**
 * What an import tells the field provenance (decision 0068): the fields a company record supplies, which of them the
 * write changed and which it only confirmed. Pure; the import paths record the result in their transaction.
 */
import { isSupplied, sameValue, type FieldSource, type FieldWrite } from "~/features/catalog/field-provenance.ts";
import type { ImportedCompany } from "./provider/map-provider-record.ts";

/** The provenance source of an import source: "provider" or "spreadsheet:{baseId}". */
export function importFieldSource(source: string): { source: FieldSource; detail?: string } {
  return source.startsWith("spreadsheet:") ? { source: "spreadsheet_import", detail: source } : { source: "provider_import" };
}

/** The fields the record carries a value for (its industries, team and round count as the lists they join). */
export function suppliedFields(company: ImportedCompany): string[] {
  const fields = Object.entries(company.listing)
    .filter(([, value]) => isSupplied(value))
    .map(([field]) => field);
  if (company.industries.length) fields.push("industryIds");
  if (company.team.length) fields.push("team");
  if (company.fundingRound) fields.push("fundingRounds");
  return fields;
}

export interface ImportedWrite {
  outcome: "created" | "created_for_review" | "merged" | "updated" | "skipped";
  /** The listing before the write (merged into or updated); absent for a new one or a skipped record. */
  before?: Record<string, unknown> | null;
  mergedFields?: readonly string[];
  teamAdded?: number;
  roundAdded?: boolean;
}

/**
 * A new listing: every supplied value is set now. A record found unchanged (skipped): every supplied value is
 * confirmed. A merge or update: what the merge rules changed is set; a supplied value equal to the one kept is
 * confirmed; one the rules declined (a shorter description) is neither. A team or round adds to a list: changed when
 * something was added, confirmed when everything was there already.
 */
export function importFieldWrite(company: ImportedCompany, write: ImportedWrite, source: string, at: Date): FieldWrite {
  const { source: fieldSource, detail } = importFieldSource(source);
  const supplied = suppliedFields(company);
  const base = { source: fieldSource, at, ...(detail ? { detail } : {}) };
  if (write.outcome === "created" || write.outcome === "created_for_review") return { ...base, changed: supplied };
  if (write.outcome === "skipped") return { ...base, changed: [], confirmed: supplied };
  const changed = new Set(write.mergedFields ?? []);
  if (write.teamAdded) changed.add("team");
  if (write.roundAdded) changed.add("fundingRounds");
  const listing = company.listing as unknown as Record<string, unknown>;
  const confirmed = supplied.filter((field) => {
    if (changed.has(field)) return false;
    if (field === "team" || field === "fundingRounds" || field === "industryIds") return true;
    return sameValue(write.before?.[field], listing[field]);
  });
  return { ...base, changed: [...changed], confirmed };
}
