import type { Route } from "./+types/api.debug.crawler-report";
import { crawlerFetcher } from "~/features/seo/crawler-fetch.server.ts";
import { getCrawlerReport } from "~/features/seo/crawler-report.server.ts";
import type { CrawlerReportAnswer } from "~/features/seo/crawler-report.ts";
import { CRAWLER_ERROR_MESSAGE } from "~/features/seo/crawler-view.tsx";
import { siteOrigin } from "~/features/seo/site-origin.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { requireAdmin } from "~/lib/guards.server.ts";
import { logger } from "~/lib/logger.server.ts";

/**
 * GET /api/debug/crawler-report: the crawler test page's report (spec 02 §2-§3), admins only. The page asks for it
 * after it has painted, instead of streaming it in its own document: fetching our own pages as a crawler takes
 * seconds on a busy server, longer than a document may stay open (entry.server.tsx streamTimeout).
 */
export async function loader(args: Route.LoaderArgs) {
  requireAdmin(args, "debug");
  const origin = siteOrigin();
  let answer: CrawlerReportAnswer;
  try {
    answer = await getCrawlerReport(getAppContext(args.context).database, origin, crawlerFetcher(origin));
  } catch (error) {
    // The page shows the spec's error view; the cause goes to the log, not to the browser.
    logger.error({ err: error }, "crawler test report failed");
    answer = { error: CRAWLER_ERROR_MESSAGE };
  }
  return Response.json(answer, { headers: { "Cache-Control": "no-store" } });
}
