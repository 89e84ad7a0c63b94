/** Quick fixes for a spreadsheet base: what to change in the base, or in its key, before importing from it. Pure. */
import type { FieldComparison } from "./field-mapping.ts";
import type { QuickFix, TableCheck } from "./report.ts";

export interface SpreadsheetFindings {
  tables: readonly TableCheck[];
  scans: ReadonlyMap<string, { error?: { page: number; status?: number; message: string } }>;
  companies: (FieldComparison & { table: string }) | null;
  metaProblem?: { status?: number; message: string };
}

const said = (p: { status?: number; message: string }) => (p.status !== undefined ? `HTTP ${p.status}: ${p.message}` : p.message);

export function spreadsheetQuickFixes({ tables, scans, companies, metaProblem }: SpreadsheetFindings): QuickFix[] {
  const fixes: QuickFix[] = [];
  for (const table of tables.filter((t) => !t.exists)) {
    const why = table.problem ? ` (${said(table.problem)})` : "";
    fixes.push({
      severity: table.specName === "Companies" ? "error" : "warning",
      text: `Table ${table.specName} could not be read${why}: create it in the base, rename the table that holds these records to "${table.specName}", or give the key access to it. An import skips it.`,
    });
  }
  for (const table of tables.filter((t) => t.exists && t.specName && t.name !== t.specName)) {
    fixes.push({
      severity: "info",
      text: `Table ${table.specName} was found as "${table.name}" (a different spelling): check that it is the right table.`,
    });
  }
  for (const [name, scan] of scans) {
    if (scan.error && scan.error.page > 1) {
      fixes.push({
        severity: "warning",
        text: `Scanning ${name} stopped at page ${scan.error.page} (${said(scan.error)}): its record count and fields come from the pages read before. Run the diagnostics again.`,
      });
    }
  }
  if (metaProblem) {
    fixes.push({
      severity: "warning",
      text: `The metadata API answered ${said(metaProblem)}: tables were tested and fields read off up to 500 records each, so a field empty in all of them is not seen, and field types are unknown. Give the key read access to the base schema (on Airtable: the schema.bases:read scope).`,
    });
  }
  if (companies) {
    if (companies.notDetected.length > 0) {
      fixes.push({
        severity: "warning",
        text: `${companies.table} lacks ${companies.notDetected.length} of the ${companies.known} known Company fields: ${companies.notDetected.join(", ")}. Add them in the base if it keeps that data; an import leaves them empty.`,
      });
    }
    const near = companies.mapping.mapped.filter((m) => m.confidence === "case" || m.confidence === "partial");
    if (near.length > 0) {
      fixes.push({
        severity: "info",
        text: `Matched by a near name, to be checked: ${near.map((m) => `"${m.target}" for ${m.field} (${m.confidence})`).join(", ")}. Rename them in the base to match exactly.`,
      });
    }
  }
  return fixes;
}
