/**
 * GET /api/listings/export.csv as the JSON API documents it (issue 29 finding 10): the directory's results as a CSV
 * file, for members whose plan has exports, with a session or an API key. The query is the very schema of
 * /api/listings (app/routes/api.listings.export.ts validates with it); the file's columns are LISTING_COLUMNS, and
 * the answer's schema says its header row exactly, so a client (and the conformance test) can check a file it got.
 */
import { z } from "zod";
import { DATA_EXPORT } from "~/features/access/quotas.ts";
import { defineApiEndpoint, errorBodySchema } from "~/lib/api-schema.ts";
import { EXPORT_ROW_CAP, LISTING_COLUMNS, toCsv } from "./listings-csv.ts";
import { listingsQuerySchema } from "./listings-api-schema.ts";

/** What each column holds; a column added to the file without a line here fails to compile. */
const COLUMN_MEANINGS: Record<(typeof LISTING_COLUMNS)[number], string> = {
  Name: "the listing's name",
  Type: "startup, investor or partner",
  Tagline: "its one-line pitch",
  Website: "its website (empty for a listing above your plan)",
  LinkedIn: "its LinkedIn page (empty for a listing above your plan)",
  Industries: "industries, separated by '; '",
  Geographies: "regions, separated by '; '",
  Countries: "countries, separated by '; ' (empty above your plan)",
  "Target Personas": "target personas, separated by '; ' (empty above your plan)",
  "Funding Stage": "its funding stage",
  "Total Raised (USD)": "total raised, a plain number (plans with funding data only)",
  "Latest Round": "the latest round's type (plans with funding data only)",
  "Latest Round Amount (USD)": "the latest round's amount, a plain number (plans with funding data only)",
  "Latest Round Date": "the latest round's date, YYYY-MM-DD (plans with funding data only)",
  "Business Model": "a partner's business model code (empty above your plan)",
  Featured: "true or false",
  Access: 'full, or "locked (<tier>)" for a listing above your plan: only its teaser columns are filled',
  "Profile URL": "the listing's profile page",
  "Founded Year": "the year it was founded (empty above your plan)",
  "Team Size": "its team size as the profile writes it, e.g. 11-50 (empty above your plan)",
  "Ticket Size": "an investor's ticket size as the profile writes it, e.g. $250K - $1M (empty above your plan)",
  "Headquarters City": "the city it is based in (empty above your plan, or where the listing keeps its city to higher plans)",
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The file's first line exactly: the byte-order mark, then every column quoted, then CRLF. */
const HEADER_ROW = new RegExp(`^\\uFEFF${LISTING_COLUMNS.map((c) => `"${escape(c)}"`).join(",")}\\r\\n`);

const csvFile = z
  .string()
  .regex(HEADER_ROW)
  .describe(
    "UTF-8 with a byte-order mark, CRLF line ends (RFC 4180), every cell quoted; a cell that would start like a formula " +
      "(= + - @) is prefixed with an apostrophe. The first row names the columns, in this order: " +
      LISTING_COLUMNS.map((c) => `\`${c}\` (${COLUMN_MEANINGS[c]})`).join(", ") +
      ".",
  );

const EXAMPLE_ROW = [
  ...["Acme Robotics", "startup", "Robots that pick warehouse orders", "https://acme.example", "https://www.linkedin.com/company/acme"],
  ...["Robotics; Logistics", "Europe", "Germany", "Operations leaders", "Seed", "2500000", "Seed", "2500000", "2025-03-14"],
  ...["", "true", "full", "https://introbase.example/profile/startup/acme-robotics", "2021", "11-50", ""],
];

export const listingsExportApi = defineApiEndpoint({
  method: "get",
  path: "/api/listings/export.csv",
  route: "api/listings/export.csv",
  summary: "Download the directory's results as CSV",
  description:
    "The listings /api/listings finds for the same parameters, in the same order and gated the same way, as one CSV file: " +
    `every result from the first, up to ${EXPORT_ROW_CAP.toLocaleString("en-US")} rows (page and pageSize are checked but do not page the file). ` +
    `Plans with exports only. Each download counts one of the month's exports (\`${DATA_EXPORT}\`); with a key it is also one API call.`,
  tag: "Listings",
  auth: "required",
  query: listingsQuerySchema,
  responses: {
    200: {
      description: "The file.",
      mediaType: "text/csv",
      schema: csvFile,
      example: toCsv([[...LISTING_COLUMNS], EXAMPLE_ROW]),
      headers: {
        "Content-Disposition": {
          description: 'attachment; filename="introbase-listings-<YYYY-MM-DD>.csv"',
          schema: { type: "string" },
          required: true,
        },
      },
    },
    400: { description: "A parameter that cannot be honoured.", schema: errorBodySchema },
    403: { description: "Your plan does not include exports.", schema: errorBodySchema },
    429: { description: "This month's exports are used up.", schema: errorBodySchema },
  },
});
