/**
 * GET /api/listings as the JSON API documents it (decision 0061): the query schema the handler validates with
 * (app/routes/api.listings.ts) and the answer's shape. The messages are the ones parseDirectoryQuery gives for the
 * same problems, which then turns the valid parameters into a DirectoryQuery.
 */
import { z } from "zod";
import { listingTeaserShape } from "~/features/catalog/listing-teaser-schema.ts";
import { atMostCharacters, defineApiEndpoint, errorBodySchema, oneValue } from "~/lib/api-schema.ts";
import { LIST_FILTERS, PAGE_SIZES, SORTS } from "./directory-filters.ts";
import { BAND_CODES, MAX_FOUNDED, MIN_FOUNDED, WINDOWS, type BandFilter } from "./investor-filters.ts";

const TYPES = /^\s*(all|startups?|investors?|partners?)?\s*$/i;
/** The value as the directory's messages quote it: the first 40 characters. */
const got = (input: unknown) => `(got "${String(input).slice(0, 40)}")`;
const TYPE_MESSAGE = {
  error: (issue: { input?: unknown }) => `entityType must be one of all, startup, investor, partner ${got(issue.input)}.`,
};
/** The values of a list parameter as the directory reads them: every occurrence, each split at commas. */
const splitValues = (values: string[]) => [
  ...new Set(
    values
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

/**
 * One comma-separated value as the directory reads it: trimmed, then empty (dropped) or of 1 to 100 characters,
 * counted as code points ("u", as JSON Schema validators match patterns), as the directory counts them.
 */
const LIST_VALUE = String.raw`\s*(?:[^,\s](?:[^,]{0,98}[^,\s])?)?\s*`;
/** One occurrence of a list parameter: values separated by commas, each as `value` says. */
const listOccurrence = (value: string) => new RegExp(`^${value}(?:,${value})*$`, "u");
const tooLong = (name: string) => `${name} values must be at most 100 characters.`;

function listFilter(name: string, description: string) {
  return (
    z
      .array(z.string().regex(listOccurrence(LIST_VALUE), tooLong(name)))
      // The one rule JSON Schema cannot say (it counts values after splitting and removing repeats): the description does.
      .refine((values) => splitValues(values).length <= 50, `${name} accepts at most 50 values.`)
      .optional()
      .describe(`${description} Repeat the parameter, or separate values with commas; at most 50 values of 100 characters.`)
  );
}

const FILTER_DESCRIPTIONS: Record<(typeof LIST_FILTERS)[number], string> = {
  industries: "Industries, by name as /api/reference lists them.",
  geographies: "Regions, by name.",
  fundingStages: "Funding stages, by name.",
  businessModels: "Partners' business models: retainer, retainer_plus_success, success_only.",
  countries: "Countries, by name.",
  cities:
    "Headquarters cities, by name, compared without case or accents. A city no listing has finds nothing. Listings that do not show you their city never match.",
  revenueRanges: "Revenue ranges, by code.",
  personas: "Target personas, by name.",
  raised: "Total amount raised in US dollars, by band: under-1m, 1m-5m, 5m-20m, 20m-100m, over-100m. Listings you cannot open never match.",
  teamSize: "Team size, by band: 1-10, 11-50, 51-200, 201-1000, 1000+. Listings you cannot open never match.",
  ticketSize:
    "Investors' ticket size, by band: under-500k, 500k-2m, 2m-10m, over-10m (a ticket range is in every band it overlaps). Listings you cannot open never match.",
};

/** A band filter: each value one of its codes, the message quoting the first that is not (as the directory's). */
function bandFilter(name: BandFilter) {
  const codes: readonly string[] = BAND_CODES[name];
  const escaped = codes.map((code) => code.replace(/[+]/g, "\\+"));
  return z
    .array(
      z.string().regex(new RegExp(`^\\s*(?:${escaped.join("|")})?\\s*(?:,\\s*(?:${escaped.join("|")})?\\s*)*$`, "i"), {
        error: (issue) => {
          const bad = splitValues([String(issue.input)]).find((v) => !codes.includes(v.toLowerCase()));
          return `${name} accepts only ${codes.join(", ")} ${got(bad)}.`;
        },
      }),
    )
    .optional()
    .describe(`${FILTER_DESCRIPTIONS[name]} Repeat the parameter, or separate values with commas.`);
}

const windowFilter = (name: string, what: string) =>
  oneValue(name)
    .regex(new RegExp(`^(\\s*(${WINDOWS.join("|")})\\s*)?$`, "i"), {
      error: (issue) => `${name} must be one of ${WINDOWS.join(", ")} ${got(issue.input)}.`,
    })
    .optional()
    .describe(`${what} within the past 3, 6, 12 or 24 months: ${WINDOWS.join(", ")}. Listings you cannot open never match.`);

const yearFilter = (name: string, what: string) =>
  oneValue(name)
    // 1800 to 2100 as a pattern, so that the document refuses what the server refuses (MIN_FOUNDED, MAX_FOUNDED).
    .regex(/^(\s*(18\d\d|19\d\d|20\d\d|2100)\s*)?$/, `${name} must be a year from ${MIN_FOUNDED} to ${MAX_FOUNDED}.`)
    .optional()
    .describe(`${what} (a year, ${MIN_FOUNDED}-${MAX_FOUNDED}). Listings you cannot open never match.`);
const BUSINESS_MODELS = ["retainer", "retainer_plus_success", "success_only"];

const listFilters = Object.fromEntries(LIST_FILTERS.map((name) => [name, listFilter(name, FILTER_DESCRIPTIONS[name])])) as Record<
  (typeof LIST_FILTERS)[number],
  ReturnType<typeof listFilter>
>;

/** The first business model that is none of the codes (the directory's message quotes it). */
const badModel = (values: string[]) => values.find((v) => !BUSINESS_MODELS.includes(v));

export const listingsQuerySchema = z.object({
  searchQuery: atMostCharacters(oneValue("searchQuery"), 200, "searchQuery must be at most 200 characters.")
    .optional()
    .describe("Full-text search over names, taglines and descriptions."),
  q: atMostCharacters(oneValue("q"), 200, "searchQuery must be at most 200 characters.").optional().describe("Alias of searchQuery."),
  interpret: oneValue("interpret")
    .regex(/^(true|on|1|yes|false|off|0|no)?$/i, "interpret must be true or false.")
    .optional()
    .describe(
      "false: search the words as typed. By default words that name a listing type, industry, funding stage or place become those filters (see interpretation in the answer).",
    ),
  entityType: oneValue("entityType")
    .regex(TYPES, TYPE_MESSAGE)
    .optional()
    .describe("all, startup, investor or partner (plural and any case accepted)."),
  type: oneValue("type").regex(TYPES, TYPE_MESSAGE).optional().describe("Alias of entityType."),
  featuredOnly: oneValue("featuredOnly")
    .regex(/^(true|on|1|false|0)?$/i, "featuredOnly must be true or false.")
    .optional()
    .describe("true: featured listings only."),
  featured: oneValue("featured")
    .regex(/^(true|on|1|false|0)?$/i, "featuredOnly must be true or false.")
    .optional()
    .describe("Alias of featuredOnly."),
  ...listFilters,
  // Each value one of the codes, as the pattern says; the message quotes the first that is not (as the directory's).
  businessModels: z
    .array(
      z.string().regex(listOccurrence(String.raw`\s*(?:${BUSINESS_MODELS.join("|")})?\s*`), {
        error: (issue) => {
          const values = splitValues([String(issue.input)]);
          // The directory's order: a value too long is that, before it is an unknown model.
          if (values.some((v) => [...v].length > 100)) return tooLong("businessModels");
          return `businessModels accepts only ${BUSINESS_MODELS.join(", ")} ${got(badModel(values))}.`;
        },
      }),
    )
    .refine((values) => splitValues(values).length <= 50, "businessModels accepts at most 50 values.")
    .optional()
    .describe(`${FILTER_DESCRIPTIONS.businessModels} Repeat the parameter, or separate values with commas; at most 50 values.`),
  raised: bandFilter("raised"),
  teamSize: bandFilter("teamSize"),
  ticketSize: bandFilter("ticketSize"),
  lastRound: windowFilter("lastRound", "A startup's latest funding round"),
  lastInvestment: windowFilter("lastInvestment", "An investor's latest investment (the newest round it is linked to)"),
  foundedFrom: yearFilter("foundedFrom", "Founded in or after this year"),
  foundedTo: yearFilter("foundedTo", "Founded in or before this year"),
  page: oneValue("page")
    .regex(/^([1-9]\d{0,8})?$/, "page must be a whole number of at least 1.")
    // Up to five digits, or 100000 itself (or not a number at all, which the pattern above refuses).
    .regex(/^(\d{0,5}|100000)$|\D/, "page must be at most 100000.")
    .optional()
    .describe("1-based page number, at most 100000."),
  pageSize: oneValue("pageSize")
    .regex(new RegExp(`^(${PAGE_SIZES.join("|")})?$`), "pageSize must be 25, 50 or 100.")
    .optional()
    .describe("Listings per page: 25 (the default), 50 or 100."),
  sort: oneValue("sort")
    .regex(new RegExp(`^(\\s*(${SORTS.join("|")})\\s*)?$`, "i"), {
      error: (issue) => `sort must be one of ${SORTS.join(", ")} ${got(issue.input)}.`,
    })
    .optional()
    .describe(
      "The order: relevance (needs a search), featured, newest, recently-funded, most-raised or recently-founded. Default: relevance when searching, else featured.",
    ),
});

const cardSchema = z.object({
  locked: z.boolean().describe("true: a listing above your tier; only its teaser fields are present."),
  ...listingTeaserShape,
  businessModel: z.string().nullable().optional(),
  countries: z.array(z.string()).optional(),
  targetPersonas: z.array(z.string()).optional(),
  listingVisibility: z.enum(["public", "subscriber", "premium"]).describe("The tier a listing needs to be seen whole."),
  totalFundingRaised: z.number().nullable().optional().describe("Total raised in US dollars (open listings only)."),
  latestRoundType: z.string().nullable().optional().describe("The latest round's type, e.g. seed, series-a (open listings only)."),
  latestRoundDate: z.string().nullable().optional().describe("The latest round's date, YYYY-MM-DD (open listings only)."),
});

const counts = z.record(z.string(), z.number().int());

const listingsResponseSchema = z.object({
  data: z.array(cardSchema),
  pagination: z.object({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalRecords: z.number().int(),
    pageSize: z.number().int(),
    hasNextPage: z.boolean(),
    hasPreviousPage: z.boolean(),
    nextOffset: z.string().optional(),
  }),
  facets: z
    .object({
      entityType: counts,
      featured: z.number().int(),
      industries: counts,
      geographies: counts,
      countries: counts,
      cities: counts.describe("Headquarters cities: the 100 with most listings, and any chosen."),
      personas: counts,
      fundingStages: counts,
      businessModels: counts,
      revenueRanges: counts,
      raised: counts,
      teamSize: counts,
      ticketSize: counts,
    })
    .describe("Counts per filter option, each with every other active filter applied; only what your tier may see."),
  sort: z.enum(SORTS).describe("The order the data is in."),
  interpretation: z
    .object({
      original: z.string().describe("The search as sent."),
      terms: z
        .array(
          z.object({
            words: z.string().describe("The words of the search (lower case, punctuation as spaces) that became the filter."),
            filter: z
              .enum(["type", "industries", "fundingStages", "countries", "cities", "geographies"])
              .describe("The filter parameter (type: entityType)."),
            values: z.array(z.string()).describe("The values added to it, as the parameter takes them."),
          }),
        )
        .describe("Each filter the search's words became, in the order of the words."),
      remainingText: z.string().describe('What was searched as text: the other words ("" when none).'),
      unmatched: z
        .array(z.string())
        .optional()
        .describe(
          "Words let go because nothing matched them all: the text left over (which then only orders the results), then the words of filters, last word first. Absent when every word applies.",
        ),
    })
    .nullable()
    .describe(
      "How the search was read: null when it was searched as typed (no word named a filter, it is a listing's name, or interpret=false).",
    ),
  suggestion: z
    .object({
      searchQuery: z
        .string()
        .describe('The search text to try instead, with the same filters ("": the filters alone, when one word found nothing).'),
      reason: z
        .enum(["spelling", "fewer-words"])
        .describe("spelling: words respelled as listings use them; fewer-words: one word of the search left out."),
      totalRecords: z.number().int().describe("How many listings that search finds for you."),
    })
    .optional()
    .describe("Only when searchQuery found nothing: a search that finds something (never a dead end)."),
});

export const listingsApi = defineApiEndpoint({
  method: "get",
  path: "/api/listings",
  route: "api/listings",
  summary: "Search and filter the directory",
  description: "One page of listings with facet counts, gated for the caller's tier exactly as the directory page is.",
  tag: "Listings",
  auth: "optional",
  query: listingsQuerySchema,
  responses: {
    200: { description: "A page of listings.", schema: listingsResponseSchema },
    400: { description: "A parameter that cannot be honoured.", schema: errorBodySchema },
  },
});
