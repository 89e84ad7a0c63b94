import type { Route } from "./+types/sitemap-index";
import { siteOrigin } from "~/features/seo/site-origin.server.ts";
import { sitemapIndexEntries } from "~/features/seo/sitemap.server.ts";
import { SITEMAP_CONTENT_TYPE, sitemapIndexXml } from "~/features/seo/sitemap-xml.ts";
import { getAppContext } from "~/lib/app-context.ts";

/**
 * GET /sitemap.xml: a sitemap index naming the fixed pages' file and one file per 50,000 listings. A failure is the
 * error pipeline's 503 (database out of reach, with Retry-After) or 500: a crawler retries either later, where a 404
 * or an empty index would tell it the pages are gone.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const entries = await sitemapIndexEntries(getAppContext(context).database, siteOrigin());
  return new Response(sitemapIndexXml(entries), {
    headers: { "Content-Type": SITEMAP_CONTENT_TYPE, "Cache-Control": "public, max-age=3600" },
  });
}
