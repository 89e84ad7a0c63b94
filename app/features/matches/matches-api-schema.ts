import { z } from "zod";
import { atMostCharacters, defineApiEndpoint, errorBodySchema } from "~/lib/api-schema.ts";
import { ACCESS_LEVELS } from "../access/tiers.ts";
import { listingTypeParam } from "../catalog/listing-type-param.ts";
import { LISTING_TYPES } from "../catalog/listing-types.ts";

/** Most suggestions one call returns; the profile shows five. */
const MAX_MATCH_LIMIT = 20;

const Reason = z.object({
  kind: z.enum(["stage", "industry", "sector", "geography", "country"]),
  label: z.string(),
});

const Suggestion = z.object({
  slug: z.string(),
  type: z.enum(LISTING_TYPES),
  name: z.string(),
  logo: z.string().nullable(),
  tagline: z.string().nullable(),
  score: z.number().int().min(0).max(100).describe("How well the pair fits, 0 to 100 (decision 0064)."),
  reasons: z.array(Reason),
  summary: z.string().describe('The reasons in words: "Invests in Seed, FinTech, Europe".'),
});

/**
 * GET /api/listings/{type}/{slug}/matches: the investors that fit a startup, or the startups that fit an investor,
 * as the caller's tier may see them (decision 0064). Request and response schemas for the OpenAPI document; the
 * route validates with the same ones.
 */
export const MATCHES_API = {
  method: "get",
  path: "/api/listings/{type}/{slug}/matches",
  summary: "Match suggestions for a startup or an investor",
  request: {
    params: z.object({
      type: listingTypeParam(["startup", "investor"], () => "Matches are for startups and investors: use startup or investor.").describe(
        "startup or investor (plural and any case accepted).",
      ),
      slug: atMostCharacters(z.string().min(1), 200, "slug is at most 200 characters.").describe(
        "The listing's slug, as in its profile's address.",
      ),
    }),
    query: z.object({
      limit: z.coerce
        .number({ error: "limit must be a whole number." })
        .int({ error: "limit must be a whole number." })
        .min(1, { error: "limit is at least 1." })
        .max(MAX_MATCH_LIMIT, { error: `limit is at most ${MAX_MATCH_LIMIT}.` })
        .optional(),
    }),
  },
  response: z.object({
    listing: z.object({ type: z.enum(LISTING_TYPES), slug: z.string(), name: z.string() }),
    side: z.enum(["investors", "startups"]),
    locked: z.boolean().describe("True when the caller's tier may not see these suggestions; data is then empty."),
    requiredTier: z.enum(ACCESS_LEVELS).optional().describe("The tier that unlocks them, when locked."),
    message: z.string().optional(),
    data: z.array(Suggestion),
  }),
} as const;

/** The endpoint as the OpenAPI document lists it (decision 0061); the route validates with these very objects. */
export const matchesApiEndpoint = defineApiEndpoint({
  method: MATCHES_API.method,
  path: MATCHES_API.path,
  route: "api/listings/:type/:slug/matches",
  summary: MATCHES_API.summary,
  description:
    "Each with its score and its reasons; only listings your plan opens, and `locked: true` when suggestions are above your plan.",
  tag: "Listings",
  auth: "optional",
  pathParams: MATCHES_API.request.params,
  query: MATCHES_API.request.query,
  responses: {
    200: { description: "The suggestions (or, locked, none and the plan that shows them).", schema: MATCHES_API.response },
    400: { description: "A partner (matches are for startups and investors) or a bad limit.", schema: errorBodySchema },
    404: { description: "No such listing.", schema: errorBodySchema },
  },
});

export type MatchesResponse = z.infer<typeof MATCHES_API.response>;
