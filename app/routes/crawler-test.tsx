import type { Route } from "./+types/crawler-test";
import { crawlerFetcher } from "~/features/seo/crawler-fetch.server.ts";
import { getCrawlerReport } from "~/features/seo/crawler-report.server.ts";
import type { CrawlerReport } from "~/features/seo/crawler-report.ts";
import { CRAWLER_ERROR_MESSAGE, CrawlerTestView } from "~/features/seo/crawler-view.tsx";
import { siteOrigin } from "~/features/seo/site-origin.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { logger } from "~/lib/logger.server.ts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Crawler Test | Introbase" }, { name: "robots", content: "noindex" }];
}

/**
 * The crawler test page at /seo-test and /debug/crawler-test (spec 02 §2), admins only (DESIGN D7). The report is
 * not awaited: the page shows its spinner at once and the report streams in when our own pages have been fetched.
 */
export function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "debug");
  const origin = siteOrigin(args.request);
  // A failure resolves to the error view's message rather than rejecting: a rejected promise streamed to the
  // browser would be reported there as an unhandled rejection before <Await> takes it.
  const report: Promise<CrawlerReport | { error: string }> = getCrawlerReport(
    getAppContext(args.context).database,
    origin,
    crawlerFetcher(origin),
  ).catch((error: unknown) => {
    logger.error({ err: error }, "crawler test report failed");
    return { error: CRAWLER_ERROR_MESSAGE };
  });
  return { origin, report };
}

export default function CrawlerTest({ loaderData }: Route.ComponentProps) {
  return <CrawlerTestView report={loaderData.report} origin={loaderData.origin} />;
}
