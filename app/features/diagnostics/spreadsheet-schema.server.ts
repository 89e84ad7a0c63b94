/**
 * The schema report for a spreadsheet base configured for import (DESIGN D4): its tables and fields from the
 * metadata API, record counts from the spec's record scan (spec 02 §7: pages of 100, at most 5), and the spec's
 * Company record compared with the base's Companies fields. Without access to the metadata API it falls back to
 * the spec's own method: GET ?pageSize=1 to test each table, fields read off the scanned records.
 */
import { logger } from "~/lib/logger.server.ts";
import {
  createSpreadsheetApi,
  SpreadsheetApiError,
  type SpreadsheetApi,
  type SpreadsheetApiOptions,
  type SpreadsheetConfig,
  type SpreadsheetTable,
} from "~/lib/spreadsheet-api.server.ts";
import { compareFields } from "./field-mapping.ts";
import { COMPANIES_TABLE, COMPANY_FIELDS, FIELD_SCAN_MAX_PAGES, FIELD_SCAN_PAGE_SIZE, SPEC_TABLES } from "./known-schema.ts";
import type { QuickFix, SourceReport, TableCheck } from "./report.ts";
import { spreadsheetQuickFixes } from "./spreadsheet-fixes.ts";

export interface TableScan {
  records: number;
  pages: number;
  /** Records remain after the last page read. */
  more: boolean;
  /** Field names seen in the records (a record omits its empty fields, so this can miss some). */
  fields: string[];
  /** The page that failed; paging stopped there (spec 02 §8). */
  error?: { page: number; status?: number; message: string };
}

/** A failed call as the report shows it: the HTTP status, and the API's message (or ours when it gave none). */
const failure = (error: unknown): { status?: number; message: string } =>
  error instanceof SpreadsheetApiError
    ? { status: error.httpStatus, message: error.detail ?? error.message }
    : { message: error instanceof Error ? error.message : String(error) };

/** Up to FIELD_SCAN_MAX_PAGES pages of FIELD_SCAN_PAGE_SIZE records; a page error stops paging and is logged. */
async function scanTable(client: SpreadsheetApi, table: string): Promise<TableScan> {
  const fields = new Set<string>();
  let records = 0;
  let offset: string | undefined;
  for (let page = 1; page <= FIELD_SCAN_MAX_PAGES; page++) {
    try {
      const answer = await client.listRecords(table, { pageSize: FIELD_SCAN_PAGE_SIZE, offset });
      records += answer.records.length;
      for (const record of answer.records) for (const name of Object.keys(record.fields)) fields.add(name);
      offset = answer.offset;
      if (!offset) return { records, pages: page, more: false, fields: [...fields] };
    } catch (error) {
      const problem = failure(error);
      logger.warn(
        { table, page, status: problem.status, message: problem.message },
        "spreadsheet schema scan: page failed, paging stopped",
      );
      return { records, pages: page - 1, more: true, fields: [...fields], error: { page, ...problem } };
    }
  }
  return { records, pages: FIELD_SCAN_MAX_PAGES, more: true, fields: [...fields] };
}

/** GET ?pageSize=1: whether the table can be read at all. */
async function probeTable(client: SpreadsheetApi, table: string): Promise<{ ok: true } | { ok: false; status?: number; message: string }> {
  try {
    await client.listRecords(table, { pageSize: 1 });
    return { ok: true };
  } catch (error) {
    return { ok: false, ...failure(error) };
  }
}

/** The base's table for a spec table name: the same name, else one that differs only in case or spelling. */
function findTable(tables: readonly SpreadsheetTable[], name: string): SpreadsheetTable | undefined {
  const lower = name.toLowerCase().replace(/[^a-z0-9]/g, "");
  return tables.find((t) => t.name === name) ?? tables.find((t) => t.name.toLowerCase().replace(/[^a-z0-9]/g, "") === lower);
}

export interface SpreadsheetReportOptions extends SpreadsheetApiOptions {
  client?: SpreadsheetApi;
}

/**
 * An operator waits on the report: a failed call is asked again twice, quickly, and a 429 (the API asks for 30 s)
 * is reported rather than waited for. The scan itself stays well under the 5 requests a second.
 */
const REPORT_CLIENT: SpreadsheetApiOptions = { timeoutMs: 15_000, retry: { maxRetries: 2, baseDelayMs: 250, maxDelayMs: 5_000 } };

export async function getSpreadsheetReport(config: SpreadsheetConfig, options: SpreadsheetReportOptions = {}): Promise<SourceReport> {
  const client = options.client ?? createSpreadsheetApi(config, { ...REPORT_CLIENT, ...options });
  const info = [
    { label: "API", value: config.apiUrl },
    { label: "Base", value: config.baseId },
  ];
  let meta: SpreadsheetTable[] | null = null;
  let metaProblem: { status?: number; message: string } | undefined;
  try {
    meta = await client.listTables();
  } catch (error) {
    metaProblem = failure(error);
    // A refused key, an unreachable API or a foreign answer fails every other call the same way: say so once.
    if (metaProblem.status === undefined || metaProblem.status === 401 || metaProblem.status < 400) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ status: metaProblem.status, message }, "spreadsheet schema: base not readable");
      return { title: "Spreadsheet base", info, tables: [], companies: null, quickFixes: [], error: message };
    }
  }

  const tables: TableCheck[] = [];
  const scans = new Map<string, TableScan>();
  let companiesFields: string[] | null = null;
  for (const spec of SPEC_TABLES) {
    const known = meta ? findTable(meta, spec.name) : undefined;
    const name = known?.name ?? spec.name;
    const rowMethod = known ? "metadata API" : meta ? "metadata API, then record scan" : "record scan";
    const row: TableCheck = { name, specName: spec.name, exists: false, method: rowMethod, records: null, columns: [] };
    tables.push(row);
    // Without the metadata, or when it does not list the table, the spec's existence test says what reading it gives.
    if (!known) {
      const probe = await probeTable(client, name);
      if (!probe.ok) {
        row.problem = { status: probe.status, message: probe.message };
        continue;
      }
    }
    const scan = await scanTable(client, name);
    scans.set(spec.name, scan);
    if (scan.error?.page === 1) {
      // Spec 02 §8: a table that cannot be read is reported as missing with status and message.
      row.problem = { status: scan.error.status, message: scan.error.message };
      continue;
    }
    row.exists = true;
    row.records = { n: scan.records, ...(scan.more ? { more: true } : {}) };
    row.columns = known
      ? known.fields.map((f) => ({ name: f.name, expectedType: null, detectedType: f.type, state: "exists" as const }))
      : scan.fields.map((f) => ({ name: f, expectedType: null, detectedType: null, state: "exists" as const }));
    if (spec.name === COMPANIES_TABLE) companiesFields = row.columns.map((c) => c.name);
  }

  const companiesRow = tables.find((t) => t.specName === COMPANIES_TABLE)!;
  const companies = companiesFields
    ? { ...compareFields({ known: COMPANY_FIELDS, detected: companiesFields }), method: companiesRow.method, table: companiesRow.name }
    : null;
  info.push(
    { label: "Tables in base", value: meta ? String(meta.length) : "unknown (metadata API not available)" },
    { label: "Field detection", value: meta ? "metadata API" : "record scan (fields empty in every scanned record are not seen)" },
  );
  const quickFixes: QuickFix[] = spreadsheetQuickFixes({ tables, scans, companies, metaProblem });
  return { title: "Spreadsheet base", info, tables, companies, quickFixes };
}
