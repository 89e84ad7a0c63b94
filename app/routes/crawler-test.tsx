import type { Route } from "./+types/crawler-test";
import { CrawlerTestView } from "~/features/seo/crawler-view.tsx";
import { siteOrigin } from "~/features/seo/site-origin.server.ts";
import { requireAdmin } from "~/lib/guards.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Crawler Test | Introbase" }, { name: "robots", content: "noindex" }];
}

/**
 * The crawler test page at /seo-test and /debug/crawler-test (spec 02 §2), admins only (DESIGN D7). The page paints
 * with its spinner at once and asks /api/debug/crawler-report for the report.
 */
export function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "debug");
  return { origin: siteOrigin() };
}

export default function CrawlerTest({ loaderData }: Route.ComponentProps) {
  return <CrawlerTestView origin={loaderData.origin} />;
}
