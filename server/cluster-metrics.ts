/**
 * METRICS_PORT under the cluster (decision 0104): the primary answers the scrape with every server process's metrics
 * added up (prom-client's AggregatorRegistry asks each process over the cluster's IPC channel; each process answers
 * from its own registry, app/lib/metrics.server.ts). Counters and histograms are summed; the gauges read from the
 * database, which every process reports alike, take the largest. A process that does not answer within the timeout
 * fails the scrape (a 500), which Prometheus records as the target down.
 */
import { createServer, type Server } from "node:http";
import { AggregatorRegistry } from "prom-client";

/** METRICS_PORT as the primary reads it (the processes validate it with every other setting). */
export function metricsPortSetting(value: string | undefined): number | undefined {
  if (!value?.trim()) return undefined;
  const port = Number(value);
  return Number.isInteger(port) && port >= 1 && port <= 65535 ? port : undefined;
}

export function serveClusterMetrics(port: number, host: string, onError: (error: unknown) => void): Server {
  const aggregator = new AggregatorRegistry();
  const server = createServer((req, res) => {
    if ((req.url ?? "").split("?")[0] !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found: metrics are at /metrics.\n");
      return;
    }
    aggregator.clusterMetrics().then(
      (body) => res.writeHead(200, { "Content-Type": aggregator.contentType, "Cache-Control": "no-store" }).end(body),
      (error: unknown) => {
        onError(error);
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("The server processes' metrics could not be collected.\n");
      },
    );
  });
  server.on("error", onError);
  server.listen(port, host);
  return server;
}
