/**
 * The digest e-mail is made of sections (decision 0062): one per saved search with new listings, and one of the
 * followed listings' changes. Each holds only what the member's tier may see.
 */

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
