/** How the diagnostics page words counts and states. Pure. */
import { FIELD_SCAN_MAX_PAGES, FIELD_SCAN_PAGE_SIZE } from "./known-schema.ts";
import type { MigrationState } from "./migrations.ts";
import type { RecordCount, TableCheck } from "./report.ts";
import { plural } from "~/lib/wording.ts";

const number = (n: number) => n.toLocaleString("en-US");

/** "600", "about 100,000 (estimate)", "500+" (a scan that stopped at its page limit). */
export function formatRecords(count: RecordCount | null): string {
  if (!count) return "—";
  if (count.estimated) return `about ${number(count.n)} (estimate)`;
  return count.more ? `${number(count.n)}+` : number(count.n);
}

/** Why a count ends in "+": said in words next to it for screen readers and in the legend. */
export const MORE_RECORDS_NOTE = `the scan reads at most ${FIELD_SCAN_MAX_PAGES} pages of ${FIELD_SCAN_PAGE_SIZE} records`;

export const MIGRATION_STATE_LABEL: Record<MigrationState, string> = {
  applied: "applied",
  pending: "not applied",
  skipped: "skipped",
};

/** "58 of 59" columns present; the extra columns a database has beyond the schema are not counted. */
export function columnsPresent(table: TableCheck): { present: number; expected: number } {
  const expected = table.columns.filter((c) => c.expectedType !== null);
  if (expected.length === 0) return { present: table.columns.length, expected: table.columns.length };
  return { present: expected.filter((c) => c.state !== "missing").length, expected: expected.length };
}

/** A short account of a source's tables: "34 of 34 tables exist" or "33 of 34 tables exist, 2 columns missing". */
export function tablesSummary(tables: readonly TableCheck[]): string {
  const exist = tables.filter((t) => t.exists).length;
  const missingColumns = tables.filter((t) => t.exists).reduce((n, t) => n + t.columns.filter((c) => c.state === "missing").length, 0);
  const differ = tables.reduce((n, t) => n + t.columns.filter((c) => c.state === "type differs").length, 0);
  const parts = [`${exist} of ${plural(tables.length, "table")} ${exist === 1 ? "exists" : "exist"}`];
  if (missingColumns) parts.push(`${plural(missingColumns, "column")} missing`);
  if (differ) parts.push(`${differ} with another type`);
  return parts.join(", ");
}
