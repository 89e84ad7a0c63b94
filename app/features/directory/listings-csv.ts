import type { DirectoryItem } from "../catalog/listing-types.ts";

/**
 * A cell as a spreadsheet should read it: text that starts like a formula (= + - @, or a tab or carriage
 * return before one) gets a leading apostrophe, so opening the file never runs anything (CSV injection);
 * every cell is quoted, with inner quotes doubled, so commas and line breaks stay inside their cell.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Rows to CSV text: CRLF line ends (RFC 4180) and a byte-order mark so spreadsheet apps read UTF-8. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  return "\uFEFF" + rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

export const LISTING_COLUMNS = [
  "Name",
  "Type",
  "Tagline",
  "Industries",
  "Geographies",
  "Countries",
  "Target Personas",
  "Funding Stage",
  "Business Model",
  "Featured",
  "Access",
  "Profile URL",
] as const;

/** One directory item as a CSV row; a locked listing exports only what its teaser shows. */
export function listingRow(item: DirectoryItem, origin: string): Array<string | boolean | null> {
  const list = (values: readonly string[] | undefined) => (values ?? []).join("; ");
  return [
    item.name,
    item.type,
    item.tagline,
    list(item.industry),
    list(item.geography),
    item.locked ? "" : list(item.countries),
    item.locked ? "" : list(item.targetPersonas),
    item.fundingStage,
    item.locked ? null : (item.businessModel ?? null),
    item.featured,
    item.locked ? `locked (${item.listingVisibility})` : "full",
    `${origin}/profile/${item.type}/${item.slug}`,
  ];
}
