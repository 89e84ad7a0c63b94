/**
 * A base to import from (issue 7 §7): the demo base's reference tables with a Companies table that holds what an
 * import has to handle: logos as attachments (and one PDF), visibility as links and as text, per-field visibility,
 * team links, use cases and FAQs, records the record-dropping rule drops, a link to a deleted reference record and
 * a description over the 5000-character cap. 250 companies by default: three pages of 100.
 */
import { COMPANY_FIELDS, company } from "./spreadsheet-demo-companies.ts";
import { recordId, table, type FakeBase, type FakeFile } from "./spreadsheet-fixture-kit.ts";
import { demoBase } from "./spreadsheet-fixtures.ts";

export const IMPORT_BASE_ID = "appIntrobaseImport";

/** A 1×1 transparent PNG: a real image signature, so the importer's type check accepts it. */
export const PNG_1PX = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64"),
);
const PDF = new TextEncoder().encode("%PDF-1.4\n% a brochure, not a logo\n");

/** Record ids no table holds: a reference record deleted after it was linked. */
export const DELETED_INDUSTRY = "recIndDeleted01";

const IMPORT_FIELDS: Array<[string, string]> = [
  ...COMPANY_FIELDS,
  ["ListingVisibility", "singleSelect"],
  ["Current Tier", "multipleRecordLinks"],
  ["Key Use Cases", "multilineText"],
  ["FAQs", "multilineText"],
];

const vis = (level: 0 | 1 | 2) => [recordId("Vis", level)];

/** The extra values of company i, beyond the demo base's; `files` collects the attachments it refers to. */
function importExtras(i: number, files: Map<string, FakeFile>): Record<string, unknown> {
  const extras: Record<string, unknown> = {};
  if (i % 2 === 0) {
    const id = `attLogo${String(i).padStart(4, "0")}`;
    const filename = `logo-${i}.png`;
    files.set(id, { filename, type: "image/png", bytes: PNG_1PX });
    const logo = { id, filename, size: PNG_1PX.byteLength, type: "image/png" };
    // The first attachment is the logo (spec 01 §3); a second one must not replace it.
    extras["Logo Image"] = i % 4 === 0 ? [logo, { ...logo, id: `${id}b`, filename: `alt-${i}.png` }] : [logo];
    if (i % 4 === 0) files.set(`${id}b`, { filename: `alt-${i}.png`, type: "image/png", bytes: PNG_1PX });
  }
  if (i === 3) {
    files.set("attBrochure3", { filename: "brochure.pdf", type: "application/pdf", bytes: PDF });
    extras["Logo Image"] = [{ id: "attBrochure3", filename: "brochure.pdf", size: PDF.byteLength, type: "application/pdf" }];
  }
  if (i % 7 === 0) extras.AccessLevel = vis(1);
  if (i % 11 === 0) extras.ListingVisibility = "Premium";
  if (i % 13 === 0) extras["Current Tier"] = vis(0);
  if (i % 9 === 0) extras.FieldVisibility = "Revenue Range: premium\nHow It Works: subscriber\nteam: premium\nshoe size: premium";
  if (i % 6 === 1) {
    extras.Problem = "Manual reconciliation eats a week a month.";
    extras["How It Works"] = "1. Connect your bank\n2. Match invoices\n\n- Close the books";
    extras["Key Use Cases"] = "Month-end close: reconcile in a day\nAudit trail";
    extras.FAQs = "Q: Is it secure?\nA: Yes, SOC 2.\n\nQ: Which banks?\nA: Most European banks.";
    extras["Target Personas"] = [recordId("Tpe", i % 3)];
    extras.BusinessModel = [recordId("Bmd", i % 3)];
    extras.RevenueRange = [recordId("Rev", i % 3)];
    extras.Employees = [recordId("Usr", 1)];
    extras["Total Funding Raised"] = 1_500_000 + i;
    extras["Latest Round Type"] = "Seed";
  }
  return extras;
}

/** The import base; `companies` sets how many Companies records it holds. */
export function importBase({ companies = 250 }: { companies?: number } = {}): FakeBase {
  const base = demoBase({ companies: 0 });
  const files = new Map<string, FakeFile>();
  const rows = Array.from({ length: companies }, (_, i) => ({ ...company(i), ...importExtras(i, files) }));
  // What the record-dropping rule is for: a row with no name, one with no type (spec 01 §3).
  if (companies > 12) {
    rows[10] = { ...rows[10], Name: "  " };
    rows[12] = { ...rows[12], Type: undefined };
  }
  if (companies > 16) rows[16] = { ...rows[16], Industries: [recordId("Ind", 1), DELETED_INDUSTRY] };
  if (companies > 17) rows[17] = { ...rows[17], Description: "x".repeat(6000), Type: "Partners" };
  const tables = base.tables.map((t) => (t.name === "Companies" ? table("Cmp", "Companies", IMPORT_FIELDS, rows) : t));
  return { id: IMPORT_BASE_ID, name: "Introbase import base", tables, files };
}
