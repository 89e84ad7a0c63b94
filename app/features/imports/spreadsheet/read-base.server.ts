/**
 * Reads a whole spreadsheet base for an import (issue 7 §7) and maps it: reference tables first (companies link
 * them by record id), then Users (for Employees), Companies, FundingRounds and CompanyInvestorRelationships. Each
 * kept company's logo is downloaded now, because attachment urls expire, and handed to `storeAttachment`: the
 * caller decides where files go. No database writes here; the upsert reads the result.
 */
import { SpreadsheetApiError, type SpreadsheetApi, type SpreadsheetRecord } from "~/lib/spreadsheet-api.server.ts";
import type { TeamMember } from "../../catalog/listing-types.ts";
import {
  mapFieldRule,
  mapFundingRound,
  mapInvestorRelationship,
  mapPerson,
  mapReferenceRecord,
  mapVisibilityLevel,
  type Dropped,
  type FieldRuleItem,
  type FundingRoundItem,
  type InvestorRelationshipItem,
  type Mapped,
  type ReferenceItem,
  type VisibilityLevelItem,
} from "./map-spreadsheet-reference.ts";
import {
  REFERENCE_TABLES,
  mapCompanyRecord,
  type ReferenceIndex,
  type ReferenceTable,
  type SpreadsheetListing,
  type UnresolvedLink,
} from "./map-spreadsheet-record.ts";
import { contentHash } from "./spreadsheet-values.ts";

/** Stores a downloaded file and says where it now lives (e.g. "/media/{id}"); throws to refuse it. */
export type StoreAttachment = (bytes: Uint8Array, contentType: string, filename: string) => Promise<string>;

export interface ImportedCompany {
  listing: SpreadsheetListing;
  contentHash: string;
  /** Where the logo was stored, or null (no logo, or its download or storage failed: see counters). */
  logoUrl: string | null;
  warnings: string[];
  unresolved: UnresolvedLink[];
}

export interface BaseReadCounters {
  /** Records read per table. */
  read: Record<string, number>;
  dropped: Array<Dropped & { table: string }>;
  /** Optional tables the base does not have (404). */
  missingTables: string[];
  /** skipped: logos of unchanged records, not downloaded again (see ReadBaseOptions.skipLogo). */
  attachments: { stored: number; failed: number; skipped: number; failures: Array<{ externalId: string; reason: string }> };
}

export interface BaseRead {
  references: Record<Exclude<ReferenceTable, "VisibilityLevels">, ReferenceItem[]>;
  visibilityLevels: VisibilityLevelItem[];
  fieldRules: FieldRuleItem[];
  companies: ImportedCompany[];
  fundingRounds: FundingRoundItem[];
  investorRelationships: InvestorRelationshipItem[];
  counters: BaseReadCounters;
}

const COMPANIES = "Companies";

export interface ReadBaseOptions {
  storeAttachment: StoreAttachment;
  /**
   * True for a record imported before with this content hash: its logo is not downloaded again (the upsert skips the
   * record anyway), so a re-run costs no file traffic and stores no second copy. Its logoUrl is then null.
   */
  skipLogo?: (externalId: string, contentHash: string) => boolean;
  /** Told what the read is doing (a table read, logos stored), for a job's progress line. */
  onProgress?: (message: string) => void | Promise<void>;
}

export async function readBase(reader: SpreadsheetApi, { storeAttachment, skipLogo, onProgress }: ReadBaseOptions): Promise<BaseRead> {
  const counters: BaseReadCounters = {
    read: {},
    dropped: [],
    missingTables: [],
    attachments: { stored: 0, failed: 0, skipped: 0, failures: [] },
  };

  /** Every record of a table; an optional table the base lacks reads as empty. */
  async function readTable(table: string, { optional = true } = {}): Promise<SpreadsheetRecord[]> {
    const records: SpreadsheetRecord[] = [];
    await onProgress?.(`Reading ${table}…`);
    try {
      for await (const record of reader.listAll(table)) records.push(record);
    } catch (error) {
      if (!(optional && error instanceof SpreadsheetApiError && error.reason === "not_found")) throw error;
      counters.missingTables.push(table);
    }
    counters.read[table] = records.length;
    return records;
  }
  function keep<T>(table: string, results: Array<Mapped<T>>): T[] {
    return results.flatMap((r) => (r.ok ? [r.item] : (counters.dropped.push({ table, externalId: r.externalId, reason: r.reason }), [])));
  }

  const refs: ReferenceIndex = { names: {} };
  const references = {} as BaseRead["references"];
  let visibilityLevels: VisibilityLevelItem[] = [];
  for (const table of REFERENCE_TABLES) {
    const records = await readTable(table);
    refs.names[table] = new Map(records.flatMap((r) => (typeof r.fields.Name === "string" ? [[r.id, r.fields.Name.trim()]] : [])));
    if (table === "VisibilityLevels") visibilityLevels = keep(table, records.map(mapVisibilityLevel));
    else
      references[table] = keep(
        table,
        records.map((r) => mapReferenceRecord(table, r)),
      );
  }
  const fieldRules = keep(
    "FieldVisibility",
    (await readTable("FieldVisibility")).map((r) => mapFieldRule(r, refs)),
  );
  const people = new Map<string, TeamMember>();
  for (const record of await readTable("Users")) {
    const person = mapPerson(record);
    if (person) people.set(record.id, person);
  }
  refs.people = people;

  const companies: ImportedCompany[] = [];
  for (const record of await readTable(COMPANIES, { optional: false })) {
    const mapped = mapCompanyRecord(record, refs);
    if (!mapped.ok) {
      counters.dropped.push({ table: COMPANIES, externalId: mapped.externalId, reason: mapped.reason });
      continue;
    }
    const { listing, warnings, unresolved } = mapped;
    const hash = contentHash(record);
    let logoUrl: string | null = null;
    if (listing.logo && skipLogo?.(record.id, hash)) counters.attachments.skipped += 1;
    else if (listing.logo) {
      logoUrl = await storeLogo(record.id, listing.logo.url, listing.logo.filename);
      const { stored, failed } = counters.attachments;
      if ((stored + failed) % 25 === 0) await onProgress?.(`Storing logos: ${stored} stored, ${failed} failed so far…`);
    }
    companies.push({ listing, contentHash: hash, logoUrl, warnings, unresolved });
  }

  /** Downloads and stores a logo; an expired url is refreshed once by reading the record again. */
  async function storeLogo(externalId: string, url: string, filename: string): Promise<string | null> {
    try {
      let file;
      try {
        file = await reader.fetchAttachment(url);
      } catch (error) {
        if (!(error instanceof SpreadsheetApiError && error.reason === "attachment_expired")) throw error;
        const fresh = mapCompanyRecord(await reader.getRecord(COMPANIES, externalId), refs);
        if (!fresh.ok || !fresh.listing.logo) throw error;
        file = await reader.fetchAttachment(fresh.listing.logo.url);
      }
      const stored = await storeAttachment(file.bytes, file.contentType, filename);
      counters.attachments.stored += 1;
      return stored;
    } catch (error) {
      counters.attachments.failed += 1;
      counters.attachments.failures.push({ externalId, reason: error instanceof Error ? error.message : String(error) });
      return null;
    }
  }

  const fundingRounds = keep("FundingRounds", (await readTable("FundingRounds")).map(mapFundingRound));
  const investorRelationships = keep(
    "CompanyInvestorRelationships",
    (await readTable("CompanyInvestorRelationships")).map(mapInvestorRelationship),
  );
  return { references, visibilityLevels, fieldRules, companies, fundingRounds, investorRelationships, counters };
}
