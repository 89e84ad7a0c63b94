import { roundTypeLabel } from "../catalog/format.ts";
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

/** One export holds at most this many listings (ten pages of 100). */
export const EXPORT_ROW_CAP = 1000;

export const LISTING_COLUMNS = [
  "Name",
  "Type",
  "Tagline",
  "Website",
  "LinkedIn",
  "Industries",
  "Geographies",
  "Countries",
  "Target Personas",
  "Funding Stage",
  "Total Raised (USD)",
  "Latest Round",
  "Latest Round Amount (USD)",
  "Latest Round Date",
  "Business Model",
  "Featured",
  "Access",
  "Profile URL",
  // Added after the others (decision 0084), so a sheet that reads columns by position keeps working.
  "Founded Year",
  "Team Size",
  "Ticket Size",
  // Decision 0088: the city the directory filters by, where the listing shows it to the viewer.
  "Headquarters City",
] as const;

/** What a profile shows beyond the card, as the export reads it for the listings the viewer may open. */
export interface ExportDetail {
  websiteUrl: string | null;
  linkedinUrl: string | null;
  totalFundingRaised: number | null;
  latestRoundType: string | null;
  latestRoundAmount: number | null;
  latestRoundDate: string | null;
  foundedYear: number | null;
  /** As the profile writes them ("11-50", "$250K - $1M"). */
  teamSize: string | null;
  ticketSize: string | null;
  /** Null when empty or when the field's level keeps it from the viewer (exportListings gates it). */
  hqCity: string | null;
}

/** A money cell: the plain number a spreadsheet can sum ("2500000"), not the site's "$2.5M". */
const amount = (value: number | null) => (value === null || !Number.isFinite(value) ? null : String(value));

/**
 * One directory item as a CSV row, gated like the page: a locked listing exports only what its teaser shows, whatever
 * detail is passed; an open one adds its website and LinkedIn (on every profile it opens to) and its funding, which
 * every profile shows to everyone (decision 0080).
 */
export function listingRow(item: DirectoryItem, origin: string, detail?: ExportDetail | null): Array<string | boolean | null> {
  const list = (values: readonly string[] | undefined) => (values ?? []).join("; ");
  const open = item.locked ? null : (detail ?? null);
  const funding = open;
  return [
    item.name,
    item.type,
    item.tagline,
    open?.websiteUrl ?? null,
    open?.linkedinUrl ?? null,
    list(item.industry),
    list(item.geography),
    item.locked ? "" : list(item.countries),
    item.locked ? "" : list(item.targetPersonas),
    item.fundingStage,
    amount(funding?.totalFundingRaised ?? null),
    funding?.latestRoundType ? roundTypeLabel(funding.latestRoundType) : null,
    amount(funding?.latestRoundAmount ?? null),
    funding?.latestRoundDate ?? null,
    item.locked ? null : (item.businessModel ?? null),
    item.featured,
    item.locked ? `locked (${item.listingVisibility})` : "full",
    `${origin}/profile/${item.type}/${item.slug}`,
    open?.foundedYear == null ? null : String(open.foundedYear),
    open?.teamSize ?? null,
    open?.ticketSize ?? null,
    open?.hqCity ?? null,
  ];
}
