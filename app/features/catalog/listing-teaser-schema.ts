/** The fields of a listing every tier sees (its card, or its teaser when locked), as the JSON API documents them. */
import { z } from "zod";

export const listingTeaserShape = {
  id: z.string(),
  slug: z.string(),
  type: z.enum(["startup", "investor", "partner"]),
  name: z.string(),
  logo: z.string().nullable(),
  tagline: z.string().nullable(),
  industry: z.array(z.string()),
  geography: z.array(z.string()),
  fundingStage: z.string().nullable(),
  featured: z.boolean(),
};
