import type { Route } from "./+types/sitemap";
import { siteOrigin } from "~/features/seo/site-origin.server.ts";
import { listingSitemapEntries, staticPageEntries } from "~/features/seo/sitemap.server.ts";
import { parseSitemapFileName, SITEMAP_CONTENT_TYPE, urlsetXml } from "~/features/seo/sitemap-xml.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { notFound } from "~/lib/errors.ts";

/** GET /sitemaps/pages.xml and /sitemaps/listings-{n}.xml: the files the sitemap index names (failures: sitemap-index.ts). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = parseSitemapFileName(params.name);
  if (!file) notFound("No such sitemap.");
  const origin = siteOrigin();
  const entries =
    file.kind === "pages" ? staticPageEntries(origin) : await listingSitemapEntries(getAppContext(context).database, origin, file.index);
  if (!entries) notFound("No such sitemap.");
  return new Response(urlsetXml(entries), {
    headers: { "Content-Type": SITEMAP_CONTENT_TYPE, "Cache-Control": "public, max-age=3600" },
  });
}
