import { robotsTxt } from "~/features/seo/robots-txt.ts";
import { siteOrigin } from "~/features/seo/site-origin.server.ts";

/** GET /robots.txt: public pages open, operator and account areas closed, and where the sitemap is (issue 6 §6). */
export function loader() {
  return new Response(robotsTxt(siteOrigin()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
