/**
 * The parameters of one lead-data provider search (spec 02 §5, §7 "Provider"), checked before any call so that a
 * typo in the import form is a message to the operator, not a wasted (billed) API call. Pure: no I/O.
 */
import { z } from "zod";

export type ProviderEndpoint = "funding" | "m-a";

/** Spec 02 §9: the provider's minimum batch, and so our default page size. */
const PROVIDER_MIN_BATCH = 20;

/** Form fields arrive as strings; an empty one means "not given", not "invalid". */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

function integer(label: string, min: number, max: number, fallback: number) {
  return z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === "string" ? Number(b.trim()) : b;
    },
    z
      .number({ error: `${label} must be a whole number` })
      .int({ error: `${label} must be a whole number` })
      .min(min, { error: `${label} must be at least ${min}` })
      .max(max, { error: `${label} must be at most ${max}` })
      .default(fallback),
  );
}

const LIST_VALUE_MAX = 100;
const LIST_VALUES_MAX = 50;
const URL_MAX = 500;

/** "FinTech, SaaS ,," or ["FinTech", " SaaS"] → ["FinTech", "SaaS"]; duplicates are dropped too. */
const list = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return undefined;
    const parts = Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : v;
    if (!Array.isArray(parts)) return parts;
    const trimmed = parts.map((p) => (typeof p === "string" ? p.trim() : p)).filter((p) => p !== "");
    return [...new Set(trimmed)];
  },
  // Bounded, so a pasted essay is refused here with a reason instead of by the provider as an oversized request.
  z
    .array(
      z
        .string({ error: "must be text separated by commas" })
        .max(LIST_VALUE_MAX, { error: `each value must be at most ${LIST_VALUE_MAX} characters` }),
    )
    .max(LIST_VALUES_MAX, { error: `at most ${LIST_VALUES_MAX} values` })
    .default(() => []),
);

function isRealDate(value: string): boolean {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function day(label: string) {
  return z.preprocess(
    (v) => (typeof v === "string" ? blankToUndefined(v.trim()) : v),
    z
      .string({ error: `${label} must be a date written YYYY-MM-DD` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date written YYYY-MM-DD`, abort: true })
      .refine(isRealDate, { error: `${label} is not a real calendar date` })
      .optional(),
  );
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return undefined;
  }
}

/** A full http(s) URL or a bare domain ("acme.com"): the provider matches on the domain, so both are fine. */
const website = z.preprocess(
  (v) => (typeof v === "string" ? blankToUndefined(v.trim()) : v),
  z
    .string({ error: "Website must be text" })
    .max(URL_MAX, { error: `Website must be at most ${URL_MAX} characters`, abort: true })
    .refine(
      (v) => {
        const url = parseUrl(v);
        return !!url && /^https?:$/.test(url.protocol) && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname) && !/\s/.test(v);
      },
      { error: "Website must be a web address such as https://acme.com or acme.com" },
    )
    .optional(),
);

/** A LinkedIn page; a missing scheme is added, since people paste "linkedin.com/company/acme". */
const linkedinUrl = z.preprocess(
  (v) => (typeof v === "string" ? blankToUndefined(v.trim()) : v),
  z
    .string({ error: "LinkedIn URL must be text" })
    .max(URL_MAX, { error: `LinkedIn URL must be at most ${URL_MAX} characters`, abort: true })
    .transform((v, ctx) => {
      const url = parseUrl(v);
      const host = url?.hostname.toLowerCase() ?? "";
      if (!url || !/^https?:$/.test(url.protocol) || !(host === "linkedin.com" || host.endsWith(".linkedin.com")) || /\s/.test(v)) {
        ctx.addIssue({
          code: "custom",
          message: "LinkedIn URL must be a linkedin.com address, such as https://www.linkedin.com/company/acme",
        });
        return z.NEVER;
      }
      return url.href;
    })
    .optional(),
);

export const ProviderQuery = z
  .object({
    page: integer("Page", 1, 100_000, 1),
    maxResults: integer("Max results", 1, 100, PROVIDER_MIN_BATCH),
    /** How many pages one import run fetches, starting at `page`. Ours, not sent to the provider. */
    maxJobs: integer("Max jobs", 1, 10, 1),
    category: list,
    country: list,
    /** Funding rounds only; ignored for M&A. */
    round: list,
    dateFrom: day("Date from"),
    dateTo: day("Date to"),
    website,
    linkedinUrl,
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
    error: "Date from must be on or before date to",
    path: ["dateTo"],
  });

export type ProviderQuery = z.infer<typeof ProviderQuery>;
export type ProviderQueryInput = z.input<typeof ProviderQuery>;

/** The query string for GET /funding or GET /m-a; empty values are left out, lists are comma-joined. */
export function toSearchParams(query: ProviderQuery, endpoint: ProviderEndpoint): URLSearchParams {
  const params = new URLSearchParams();
  if (query.category.length) params.set("category", query.category.join(","));
  if (query.country.length) params.set("country", query.country.join(","));
  if (endpoint === "funding" && query.round.length) params.set("round", query.round.join(","));
  params.set("page", String(query.page));
  params.set("maxResults", String(query.maxResults));
  if (query.dateFrom) params.set("dateFrom", query.dateFrom);
  if (query.dateTo) params.set("dateTo", query.dateTo);
  if (query.website) params.set("website", query.website);
  if (query.linkedinUrl) params.set("linkedinUrl", query.linkedinUrl);
  return params;
}

/** The imports page's provider form: its intent and the query fields it asks for. */
export const PROVIDER_INTENT = "provider";
export const PROVIDER_QUERY_FIELDS = ["category", "country", "round", "page", "maxResults", "maxJobs"] as const;

/** The query's fields as an operator sees them, on the imports page and in the debugger. */
export const PROVIDER_QUERY_LABELS = {
  category: "Categories",
  country: "Countries",
  round: "Rounds",
  page: "Page",
  maxResults: "Max results",
  maxJobs: "Max jobs",
  dateFrom: "Date from",
  dateTo: "Date to",
  website: "Website",
  linkedinUrl: "LinkedIn URL",
} as const satisfies Record<keyof ProviderQueryInput, string>;

/**
 * The provider filters on its own names, exactly (case aside): "Artificial Intelligence", not our taxonomy's "AI",
 * and "Germany", not "DE". The examples are names it uses, so an operator who copies one gets companies (issue 32: the
 * hint's "AI" and "DE" matched nothing). What the provider's names become in our taxonomy is the importer's business
 * (provider-category-map.ts), not the operator's.
 */
export const PROVIDER_QUERY_HINTS: Partial<Record<keyof ProviderQueryInput, string>> = {
  category: "The provider's category names, comma-separated, e.g. Artificial Intelligence, FinTech",
  country: "Country names as the provider writes them, e.g. Germany, France",
  round: "Funding only; comma-separated, e.g. seed, series-a",
  page: "1 or more (default 1)",
  maxResults: "1 to 100 (default 20); 20 is the provider minimum batch",
};
