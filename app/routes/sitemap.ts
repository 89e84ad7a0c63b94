import type { Route } from "./+types/sitemap";
import { siteOrigin } from "~/features/seo/site-origin.server.ts";
import { listingSitemapEntries, staticPageEntries } from "~/features/seo/sitemap.server.ts";
import { parseSitemapFileName, SITEMAP_CONTENT_TYPE, urlsetXml } from "~/features/seo/sitemap-xml.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { logger } from "~/lib/logger.server.ts";

const NOT_FOUND = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** GET /sitemaps/pages.xml and /sitemaps/listings-{n}.xml: the files the sitemap index names. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const file = parseSitemapFileName(params.name);
  if (!file) return NOT_FOUND();
  const origin = siteOrigin(request);
  try {
    const entries =
      file.kind === "pages" ? staticPageEntries(origin) : await listingSitemapEntries(getAppContext(context).database, origin, file.index);
    if (!entries) return NOT_FOUND();
    return new Response(urlsetXml(entries), {
      headers: { "Content-Type": SITEMAP_CONTENT_TYPE, "Cache-Control": "public, max-age=3600" },
    });
  } catch (error) {
    logger.error({ err: error, file: params.name }, "sitemap failed");
    return new Response("Sitemap temporarily unavailable.", { status: 503, headers: { "Retry-After": "600" } });
  }
}
