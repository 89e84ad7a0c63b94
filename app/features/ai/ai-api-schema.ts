/**
 * The AI endpoints' request and response bodies (decision 0065), one zod schema each: the routes validate with them,
 * the browser reads answers with them, and the OpenAPI document lists them: everything through AI_API below.
 */
import { z } from "zod";
import { atMostCharacters, defineApiEndpoint, errorBodySchema, type ApiEndpoint } from "~/lib/api-schema.ts";
import { listingTypeParam } from "../catalog/listing-type-param.ts";
import { LISTING_TYPES } from "../catalog/listing-types.ts";
import { RAISED_BANDS, RECENCY, TEAM_SIZES, TICKET_SIZES } from "./plain-words-filters.ts";
import { PLAIN_WORDS_MAX_CHARACTERS } from "./plain-words-sentence.ts";

/** The listing in the path: its type as the site reads it (plural, any case: "Startups" is startup). */
const ListingPath = z.object({
  type: listingTypeParam(LISTING_TYPES, (input) => `Unknown listing type "${input}". Use startup, investor or partner.`).describe(
    "startup, investor or partner (plural and any case accepted).",
  ),
  slug: atMostCharacters(z.string().min(1), 200, "A slug is at most 200 characters.").describe(
    "The listing's slug, as in its profile's address.",
  ),
});

/** This month's AI requests after the call: every ai_{kind} together, against the tier's limit. */
const AiQuota = z.object({
  used: z.number().int().min(0),
  limit: z.number().int().min(0),
  remaining: z.number().int().min(0),
});

/** POST /api/listings/{type}/{slug}/summary: no fields (an empty JSON object or no body). */
const SummaryRequest = z.object({}).strict();
const SummaryResponse = z.object({
  summary: z.string().min(1),
  quota: AiQuota,
});
export type SummaryAnswer = z.infer<typeof SummaryResponse>;

/** POST /api/listings/{type}/{slug}/intro-message: the sender's name, as typed in the dialog (optional). */
const IntroMessageRequest = z
  .object({
    senderName: z.string().trim().max(120, "At most 120 characters.").optional().default(""),
  })
  .strict();
const IntroMessageResponse = z.object({
  message: z.string().min(1).max(2000),
  /** ai: written by the model and counted; template: the specification's greeting, no AI request spent. */
  source: z.enum(["ai", "template"]),
  quota: AiQuota.optional(),
});
export type IntroMessageAnswer = z.infer<typeof IntroMessageResponse>;

/** POST /api/listings/plain-words: a sentence saying what to look for (decision 0087). */
const PlainWordsRequest = z.strictObject(
  {
    sentence: atMostCharacters(
      z.string(),
      PLAIN_WORDS_MAX_CHARACTERS,
      `Keep the sentence to at most ${PLAIN_WORDS_MAX_CHARACTERS} characters.`,
    ).describe('What you are looking for, e.g. "seed-stage climate startups in the Nordics that raised under $5M".'),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? 'This request takes one field: "sentence".' : undefined) },
);
const PlainWordsFiltersBody = z
  .object({
    type: z.enum(LISTING_TYPES).optional(),
    industries: z.array(z.string()),
    fundingStages: z.array(z.string()),
    countries: z.array(z.string()),
    geographies: z.array(z.string()),
    searchQuery: z.string().optional(),
    raised: z.array(z.enum(RAISED_BANDS)),
    lastRound: z.enum(RECENCY).optional(),
    foundedFrom: z.number().int().optional(),
    foundedTo: z.number().int().optional(),
    teamSize: z.array(z.enum(TEAM_SIZES)),
    ticketSize: z.array(z.enum(TICKET_SIZES)),
    lastInvestment: z.enum(RECENCY).optional(),
  })
  .describe(
    "The filters, each value from the directory's reference lists or the parameter's closed set; named as /api/listings names them.",
  );
const PlainWordsResponse = z.object({
  filters: PlainWordsFiltersBody,
  href: z.string().describe("The /listings address with these filters and the sentence (asked=…)."),
  dropped: z.number().int().min(0).describe("Values of the AI's answer left out: not in a list, or words you did not type."),
  quota: AiQuota,
});
export type PlainWordsAnswer = z.infer<typeof PlainWordsResponse>;

/** Every refusal: 400, 401, 403, 404, 429 (the quota, with Retry-After), 503 (no provider, or it failed): `{ error }`. */
const AiErrorResponse = errorBodySchema;
/** The month's AI requests are spent: the message and where the quota stands. */
const AiQuotaRefusal = z.object({ error: z.string(), quota: AiQuota });

export const AI_API = {
  listingSummary: {
    method: "post",
    path: "/api/listings/{type}/{slug}/summary",
    params: ListingPath,
    request: SummaryRequest,
    response: SummaryResponse,
    error: AiErrorResponse,
  },
  introMessage: {
    method: "post",
    path: "/api/listings/{type}/{slug}/intro-message",
    params: ListingPath,
    request: IntroMessageRequest,
    response: IntroMessageResponse,
    error: AiErrorResponse,
  },
  plainWords: {
    method: "post",
    path: "/api/listings/plain-words",
    request: PlainWordsRequest,
    response: PlainWordsResponse,
    error: AiErrorResponse,
  },
} as const;

const aiRefusals = {
  400: { description: "Bad input, with what to change.", schema: AiErrorResponse },
  403: { description: "Your plan has no AI requests, or the listing is above your plan.", schema: AiErrorResponse },
  404: { description: "No such listing.", schema: AiErrorResponse },
  429: {
    description: "This month's AI requests are used up (or, for a summary, the month's company views).",
    schema: z.union([AiQuotaRefusal, AiErrorResponse]),
    headers: { "Retry-After": { description: "Seconds until the month's quota resets.", schema: { type: "integer" } } },
  },
  503: {
    description: "No AI provider is configured, or it failed; nothing was counted.",
    schema: AiErrorResponse,
    headers: { "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" } } },
  },
} as const;

/** The AI endpoints as the OpenAPI document lists them (decision 0061); the handlers validate with these objects. */
export const aiApiEndpoints: readonly ApiEndpoint[] = [
  defineApiEndpoint({
    method: "post",
    path: AI_API.listingSummary.path,
    route: "api/listings/:type/:slug/summary",
    summary: "An AI summary of a listing",
    description: "Written from the profile as your plan shows it; counts one AI request (ai_summary) and its tokens (ai_tokens).",
    tag: "AI",
    auth: "required",
    pathParams: AI_API.listingSummary.params,
    body: AI_API.listingSummary.request,
    responses: { 200: { description: "The summary and your AI requests left.", schema: AI_API.listingSummary.response }, ...aiRefusals },
  }),
  defineApiEndpoint({
    method: "post",
    path: AI_API.introMessage.path,
    route: "api/listings/:type/:slug/intro-message",
    summary: "A message asking for an introduction",
    description: "Written by the AI (ai_intro_message) on plans with AI requests; otherwise the site's template greeting, nothing counted.",
    tag: "AI",
    auth: "optional",
    pathParams: AI_API.introMessage.params,
    body: AI_API.introMessage.request,
    responses: { 200: { description: "The message, and where it came from.", schema: AI_API.introMessage.response }, ...aiRefusals },
  }),
  defineApiEndpoint({
    method: "post",
    path: AI_API.plainWords.path,
    route: "api/listings/plain-words",
    summary: "Directory filters from a sentence",
    description:
      "The AI reads the sentence into filters, each checked against the directory's reference lists (anything else is dropped); " +
      "counts one AI request (ai_plain_words) and its tokens. Open `href`, or pass the filters to /api/listings.",
    tag: "AI",
    auth: "required",
    body: AI_API.plainWords.request,
    responses: {
      200: { description: "The filters, their /listings address and your AI requests left.", schema: AI_API.plainWords.response },
      400: aiRefusals[400],
      403: { description: "Your plan has no AI requests.", schema: AiErrorResponse },
      429: { ...aiRefusals[429], description: "This month's AI requests are used up." },
      503: aiRefusals[503],
    },
  }),
];
