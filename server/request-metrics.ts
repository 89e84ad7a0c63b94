/**
 * Counts every answered request and its latency by the route it resolved to (decision 0104): the route table's
 * pattern ("/profile/:type/:slug"), never the path as sent, so a million profiles or a scan of random paths make no
 * new series. Read when the answer ends, since the route is decided after this runs (server/route-rules.ts).
 */
import type { NextFunction, Request, Response } from "express";
import { performance } from "node:perf_hooks";
import { countHttpRequest, NO_ROUTE, OTHER_ROUTE } from "~/lib/metrics.server.ts";
import { routeOf } from "./route-rules.ts";

export function requestMetrics(req: Request, res: Response, next: NextFunction): void {
  const started = performance.now();
  let counted = false;
  const count = () => {
    if (counted) return;
    counted = true;
    const route = routeOf(res);
    const label = !route ? OTHER_ROUTE : route.catchAll ? NO_ROUTE : route.pattern;
    // A client that went away before the answer was sent: counted with the status the answer had.
    countHttpRequest(label, req.method, res.statusCode, (performance.now() - started) / 1000);
  };
  res.once("finish", count);
  res.once("close", count);
  next();
}
