/** GET /api/reference as the JSON API documents it (decision 0061). */
import { z } from "zod";
import { defineApiEndpoint } from "~/lib/api-schema.ts";

const item = z.object({ id: z.number().int(), name: z.string() });
const coded = item.extend({ code: z.string() });

const referenceResponseSchema = z.object({
  industries: z.array(
    item.extend({
      primaryCategory: z.string().nullable(),
      secondaryCategory: z.string().nullable(),
      industryKey: z.string().nullable(),
      preMigrationName: z.string().nullable(),
    }),
  ),
  geographies: z.array(item),
  fundingStages: z.array(item),
  countries: z.array(item.extend({ isoCode: z.string(), emoji: z.string().nullable() })),
  targetPersonas: z.array(item),
  businessModels: z.array(coded),
  revenueRanges: z.array(coded),
  visibilityLevels: z.array(item.extend({ displayName: z.string(), rank: z.number().int() })),
});

export const referenceApi = defineApiEndpoint({
  method: "get",
  path: "/api/reference",
  route: "api/reference",
  summary: "Reference lists",
  description: "Every list the filters use (industries, regions, stages, countries, personas, business models, revenue ranges, tiers).",
  tag: "Reference",
  auth: "optional",
  responses: { 200: { description: "The reference lists.", schema: referenceResponseSchema } },
});
