import http from "node:http";
import { getEnv, type Env } from "~/lib/env.server.ts";
import type { FetchedPage } from "./crawler-checks.ts";

/** Googlebot's desktop user agent: what the server answers it is what Google receives. */
export const CRAWLER_USER_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const TIMEOUT_MS = 20_000;
/** Two listing sitemaps of 50,000 URLs fit; a page larger than this is cut and reported. */
const MAX_BODY_BYTES = 24 * 1024 * 1024;

export type PageFetcher = (path: string) => Promise<FetchedPage>;

/** Where this server process listens: the address the self-requests connect to. */
export function ownAddress(env: Pick<Env, "HOST" | "PORT"> = getEnv()): { hostname: string; port: number } {
  const wildcard = ["0.0.0.0", "::", ""].includes(env.HOST);
  return { hostname: wildcard ? "127.0.0.1" : env.HOST.replace(/^\[|\]$/g, ""), port: env.PORT };
}

/**
 * Requests our own pages the way a search engine does: over HTTP from this server's listener, with a crawler's
 * user agent, no cookie and no session, and redirects not followed. The Host header is the public origin's, so
 * the pages print the same absolute URLs as they do for the crawler.
 */
export function crawlerFetcher(origin: string, address = ownAddress()): PageFetcher {
  const host = new URL(origin).host;
  return (path) =>
    new Promise<FetchedPage>((resolve) => {
      const failed = (error: string): FetchedPage => ({
        path,
        status: 0,
        contentType: "",
        location: null,
        robotsHeader: null,
        body: "",
        error,
      });
      const request = http.get(
        {
          hostname: address.hostname,
          port: address.port,
          path,
          headers: { Host: host, "User-Agent": CRAWLER_USER_AGENT, Accept: "text/html,application/xml;q=0.9,*/*;q=0.8" },
          timeout: TIMEOUT_MS,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BODY_BYTES) {
              response.destroy();
              resolve(failed(`larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`));
            } else chunks.push(chunk);
          });
          response.on("error", (error) => resolve(failed(error.message)));
          response.on("end", () =>
            resolve({
              path,
              status: response.statusCode ?? 0,
              contentType: String(response.headers["content-type"] ?? ""),
              location: response.headers.location ?? null,
              robotsHeader: [response.headers["x-robots-tag"] ?? []].flat().join(", ") || null,
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          );
        },
      );
      request.on("timeout", () => request.destroy(new Error("timed out")));
      request.on("error", (error) => resolve(failed(error.message)));
    });
}
