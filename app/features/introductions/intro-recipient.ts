import type { ListingType } from "~/features/catalog/listing-types.ts";

/** Who an introduction is asked of (spec 01 §2: "for that recipient (name and type)"), and which listing that is. */
export interface IntroRecipient {
  name: string;
  type: ListingType;
  slug: string;
}
