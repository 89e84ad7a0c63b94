import type { Route } from "./+types/sitemap-index";
import { siteOrigin } from "~/features/seo/site-origin.server.ts";
import { sitemapIndexEntries } from "~/features/seo/sitemap.server.ts";
import { SITEMAP_CONTENT_TYPE, sitemapIndexXml } from "~/features/seo/sitemap-xml.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { logger } from "~/lib/logger.server.ts";

/** GET /sitemap.xml: a sitemap index naming the fixed pages' file and one file per 50,000 listings. */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const entries = await sitemapIndexEntries(getAppContext(context).database, siteOrigin(request));
    return new Response(sitemapIndexXml(entries), {
      headers: { "Content-Type": SITEMAP_CONTENT_TYPE, "Cache-Control": "public, max-age=3600" },
    });
  } catch (error) {
    logger.error({ err: error }, "sitemap index failed");
    // A crawler retries a 503 later; a 404 or an empty index would tell it the pages are gone.
    return new Response("Sitemap temporarily unavailable.", { status: 503, headers: { "Retry-After": "600" } });
  }
}
