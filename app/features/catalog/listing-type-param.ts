/**
 * The {type} of an API path as the site reads it: startup, investor or partner, singular or plural, any case
 * ("Startups" is startup). One schema for every endpoint, so the document (whose pattern is written out letter by
 * letter from this expression, see app/lib/json-schema-pattern.ts) accepts exactly what the handlers accept
 * (issue 29 finding 9); the handler gets the type itself.
 */
import { z } from "zod";
import { parseListingType, type ListingType } from "./listing-types.ts";

export function listingTypeParam<T extends ListingType>(types: readonly T[], message: (input: string) => string) {
  const spellings = new RegExp(`^(${types.map((t) => `${t}s?`).join("|")})$`, "i");
  return z
    .string()
    .regex(spellings, { error: (issue) => message(String(issue.input).slice(0, 40)) })
    .transform((value) => parseListingType(value) as T);
}
