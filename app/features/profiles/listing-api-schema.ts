/** GET /api/listings/{type}/{slug} as the JSON API documents it (decision 0061); app/routes/api.listing.ts validates with it. */
import { z } from "zod";
import { FIELD_SOURCES, PROFILE_SECTIONS } from "~/features/catalog/field-provenance.ts";
import { listingTeaserShape } from "~/features/catalog/listing-teaser-schema.ts";
import { listingTypeParam } from "~/features/catalog/listing-type-param.ts";
import { LISTING_TYPES } from "~/features/catalog/listing-types.ts";
import { atMostCharacters, defineApiEndpoint, errorBodySchema } from "~/lib/api-schema.ts";

const listingPathSchema = z.object({
  type: listingTypeParam(LISTING_TYPES, (input) => `Unknown listing type "${input}". Use startup, investor or partner.`).describe(
    "startup, investor or partner (plural and any case accepted).",
  ),
  slug: atMostCharacters(z.string().min(1), 200, "A slug is at most 200 characters.").describe(
    "The listing's slug, as in its profile's address.",
  ),
});

const quotaSchema = z
  .object({
    action: z.string(),
    used: z.number().int(),
    limit: z.number().int().nullable(),
    remaining: z.number().int().nullable(),
    counted: z.boolean().describe("true when this call spent one of the month's views; false for a listing already seen this month."),
  })
  .describe("Your monthly company-views quota after this view (signed-in callers, keys included; absent for visitors).");

const level = z.enum(["public", "subscriber", "premium"]);

const sectionProvenanceSchema = z.object({
  source: z.enum(FIELD_SOURCES).describe("Where the section's newest value came from."),
  updatedAt: z.string().nullable().describe("When a value of the section last changed (ISO 8601); null when only a confirmation is known."),
  confirmedAt: z.string().describe("When a source last supplied that value (ISO 8601): an import that finds it unchanged moves this only."),
  text: z.string().describe('The line the profile shows, e.g. "Updated 3 Nov 2026 · Lead-data provider".'),
});

/** The fields every tier sees; the rest are present when the caller's tier may see them, else null or absent. */
const listingSchema = z
  .looseObject({
    ...listingTeaserShape,
    listingVisibility: level,
    locked: z.boolean().optional(),
    description: z.string().nullable().optional(),
    websiteUrl: z.string().nullable().optional(),
    hqStreet: z.string().nullable().optional().describe("Headquarters street address (gated; subscriber by default)."),
    hqCity: z.string().nullable().optional().describe("Headquarters city."),
    hqRegion: z.string().nullable().optional().describe("Headquarters state, province or region."),
    hqPostalCode: z.string().nullable().optional().describe("Headquarters postal code (gated; subscriber by default)."),
    phone: z.string().nullable().optional().describe("Phone number in E.164, e.g. +14155552671 (gated; premium by default)."),
    contactEmail: z.string().nullable().optional().describe("General contact e-mail (gated; premium by default)."),
    fundingRounds: z
      .array(
        z.object({
          roundType: z.string(),
          amount: z.number().nullable(),
          currency: z.string(),
          fundingDate: z.string().nullable(),
          investors: z.string().nullable(),
        }),
      )
      .optional(),
    provenance: z
      .partialRecord(z.enum(Object.keys(PROFILE_SECTIONS) as [keyof typeof PROFILE_SECTIONS]), sectionProvenanceSchema)
      .optional()
      .describe(
        "Per profile section, where its newest value came from and when, made from the fields your tier may see only. Absent where nothing is recorded.",
      ),
    lockedFields: z
      .record(z.string(), z.object({ requiredTier: level, placeholder: z.string(), message: z.string() }))
      .optional()
      .describe(
        "Every field your tier may not see, whether it holds a value or not: its value is null or empty, and this says which tier shows it. The placeholder is the same for every listing (a masked phone, a masked e-mail…), except the spec's teasers: a text's opening words and a money value's magnitude.",
      ),
  })
  .describe("The listing, gated for the caller's tier as its profile page is.");

const listingResponseSchema = z.object({
  data: listingSchema,
  locked: z.literal(true).optional().describe("Present when the listing is above your tier: `data` is its teaser."),
  quota: quotaSchema.optional(),
});

export const listingApi = defineApiEndpoint({
  method: "get",
  path: "/api/listings/{type}/{slug}",
  route: "api/listings/:type/:slug",
  summary: "One listing",
  description:
    "A listing's profile, gated for the caller's tier. A listing above the tier answers 200 with its teaser and `locked: true`. Opening a listing counts against the month's company views where the plan meters them, and only when it shows a field a visitor may not see; with the views used up the caller still gets what a visitor gets: the visitor's profile (200, `quota.remaining` 0), or the teaser of a listing visitors may not open (429).",
  tag: "Listings",
  auth: "optional",
  pathParams: listingPathSchema,
  responses: {
    200: { description: "The listing (or its teaser).", schema: listingResponseSchema },
    400: { description: "An unknown listing type.", schema: errorBodySchema },
    404: { description: "No such listing.", schema: errorBodySchema },
    429: {
      description: "The month's company views are used up and visitors may not open this listing: its teaser only, until the month turns.",
      schema: errorBodySchema.extend({ data: listingSchema, locked: z.literal(true), quota: quotaSchema }),
      headers: { "Retry-After": { description: "Seconds until the quota resets.", schema: { type: "integer" } } },
    },
  },
});
