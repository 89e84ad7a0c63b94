import { getEnv, type Env } from "~/lib/env.server.ts";
import { createOutboundFetch, OutboundError } from "~/lib/outbound-fetch.server.ts";
import type { FetchedPage } from "./crawler-checks.ts";

/** Googlebot's desktop user agent: what the server answers it is what Google receives. */
export const CRAWLER_USER_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const TIMEOUT_MS = 20_000;
/** Two listing sitemaps of 50,000 URLs fit; a page larger than this is cut and reported. */
const MAX_BODY_BYTES = 24 * 1024 * 1024;

export type PageFetcher = (path: string) => Promise<FetchedPage>;

/** Where this server process listens: the address the self-requests connect to. */
function ownAddress(env: Pick<Env, "HOST" | "PORT"> = getEnv()): { hostname: string; port: number } {
  const wildcard = ["0.0.0.0", "::", ""].includes(env.HOST);
  return { hostname: wildcard ? "127.0.0.1" : env.HOST.replace(/^\[|\]$/g, ""), port: env.PORT };
}

/** The origin the self-requests connect to: our own listener, never anything a page or a sitemap names. */
export function ownOrigin(address: { hostname: string; port: number } = ownAddress()): string {
  const host = address.hostname.includes(":") ? `[${address.hostname}]` : address.hostname;
  return new URL(`http://${host}:${address.port}`).origin;
}

/**
 * Requests our own pages the way a search engine does: over HTTP from this server's listener, with a crawler's
 * user agent, no cookie and no session, and redirects not followed. The Host header is the public origin's, so
 * the pages print the same absolute URLs as they do for the crawler.
 *
 * Through the outbound fetch (DESIGN D16) with one narrow allowance: our own listener's origin, usually loopback,
 * and only for this fetcher. A path that would leave that origin ("//elsewhere.example/") is refused here.
 */
export function crawlerFetcher(origin: string, address = ownAddress()): PageFetcher {
  const host = new URL(origin).host;
  const own = ownOrigin(address);
  const fetchOwn = createOutboundFetch({ privateOrigins: [own], maxBytes: MAX_BODY_BYTES, timeoutMs: TIMEOUT_MS, maxRedirects: 0 });
  return async (path) => {
    const failed = (error: string): FetchedPage => ({
      path,
      status: 0,
      contentType: "",
      location: null,
      robotsHeader: null,
      body: "",
      error,
    });
    const url = new URL(path, own);
    if (url.origin !== own) return failed("not a path on this site");
    try {
      const response = await fetchOwn(url, {
        headers: { Host: host, "User-Agent": CRAWLER_USER_AGENT, Accept: "text/html,application/xml;q=0.9,*/*;q=0.8" },
        redirect: "manual",
      });
      const body = await response.text();
      return {
        path,
        status: response.status,
        contentType: response.headers.get("content-type") ?? "",
        location: response.headers.get("location"),
        robotsHeader: response.headers.get("x-robots-tag"),
        body,
      };
    } catch (error) {
      if (error instanceof OutboundError && error.code === "too_large") return failed(`larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`);
      if (error instanceof Error && error.name === "TimeoutError") return failed("timed out");
      return failed(error instanceof Error ? error.message : String(error));
    }
  };
}
