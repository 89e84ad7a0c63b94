import type { DirectoryItem } from "../catalog/listing-types.ts";
import type { DirectoryQuery } from "../directory/directory-filters.ts";
import { directoryStructuredData } from "./directory-seo.ts";
import { JsonLd, useSiteOrigin } from "./json-ld-script.tsx";
import { profileStructuredData, type ProfileSeoInput } from "./profile-seo.ts";

/*
 * The JSON-LD of the directory and of a profile. Their routes render it beside the page: SEO reads the directory
 * and the profiles (canonical paths, paywalled sections), so those features cannot import it back (decision 0046).
 */

/** The directory page's ItemList and breadcrumbs, from the cards this viewer was sent. */
export function DirectoryJsonLd({ query, items }: { query: DirectoryQuery; items: readonly DirectoryItem[] }) {
  const origin = useSiteOrigin();
  return origin ? <JsonLd data={directoryStructuredData(origin, query, items)} /> : null;
}

/** A profile's Organization, paywalled WebPage and breadcrumbs, for a profile or its locked teaser (nothing else). */
export function ProfileJsonLd({ data }: { data: ProfileSeoInput }) {
  const origin = useSiteOrigin();
  if (!origin || (data.status !== "ok" && data.status !== "locked")) return null;
  return <JsonLd data={profileStructuredData(origin, data)} />;
}
