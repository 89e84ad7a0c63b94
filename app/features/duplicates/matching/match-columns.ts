/**
 * The match columns of a listing (issue 5 §2): its name key, registrable domain and LinkedIn page as the matcher
 * compares them, stored on the listing so that the scan's blocks are SQL. Pure: every write path and the demo seed
 * work them out as they write the listing, so a scan seldom has any to work out.
 */
import { nameKey } from "./name-key.ts";
import { linkedinPage, registrableDomain } from "./url-keys.ts";

export function matchColumns(listing: { name: string; websiteUrl?: string | null; linkedinUrl?: string | null }) {
  return {
    matchKey: nameKey(listing.name).key,
    matchDomain: registrableDomain(listing.websiteUrl),
    matchLinkedin: linkedinPage(listing.linkedinUrl),
  };
}
