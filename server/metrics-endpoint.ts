/**
 * /metrics (decision 0104). On the main port it answers only a scrape that sends `Authorization: Bearer
 * $METRICS_TOKEN`; without the setting, or with a missing or wrong token, it is the site's ordinary 404, so the
 * address tells a stranger nothing. On METRICS_PORT (a port for the private network, bound to HOST) it answers
 * without a token. Under the cluster the primary serves METRICS_PORT with every process's metrics added up
 * (server/index.ts); this process's own port is not opened then.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { logger } from "~/lib/logger.server.ts";
import { metricsText } from "~/lib/metrics.server.ts";

/** Equal tokens, compared in constant time (over their digests, so the length is not given away either). */
function sameToken(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

function bearerOf(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

/** The main port's /metrics: passes every other request on, and a refused scrape on to the 404 everyone gets. */
export function metricsOnMainPort(token: string | undefined) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== "/metrics" || !token || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const sent = bearerOf(req.headers.authorization);
    if (sent === undefined || !sameToken(sent, token)) {
      // Said in the log, for whoever set up the scrape; the answer is the 404 any unknown path gets.
      if (sent !== undefined) logger.warn({ path: req.path }, "metrics scrape with a wrong token refused");
      return next();
    }
    try {
      const { contentType, body } = await metricsText();
      res.status(200).set({ "Content-Type": contentType, "Cache-Control": "no-store" }).send(body);
    } catch (error) {
      next(error);
    }
  };
}

/** A server answering /metrics from `text` and nothing else (404), on `port` at `host`. */
export function listenForScrapes(
  port: number,
  host: string,
  text: () => Promise<{ contentType: string; body: string }> = metricsText,
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found: metrics are at /metrics.\n");
      return;
    }
    text().then(
      ({ contentType, body }) => res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body),
      (error: unknown) => {
        logger.error({ err: error }, "metrics could not be collected");
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Metrics could not be collected.\n");
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
