/**
 * The digest e-mail is made of sections (decision 0062): the member's saved searches give one per search with new
 * listings, and any other feature may add one through a provider of this signature (follows: their changes). A
 * provider sees only what the member's tier may see, and returns null when it has nothing for the period.
 */
import type { Database } from "~/lib/db.server.ts";

export interface DigestSection {
  heading: string;
  /** `url` is a site path such as /profile/startup/acme; the e-mail makes it absolute. */
  items: { title: string; url: string; detail: string }[];
}

export interface DigestMember {
  userId: string;
  tier: string;
}

export interface DigestPeriod {
  from: Date;
  to: Date;
}

export type DigestSectionProvider = (database: Database, member: DigestMember, period: DigestPeriod) => Promise<DigestSection | null>;
