/**
 * The entry point. One process by default; with PostgreSQL, WEB_CONCURRENCY (a number, or "auto" for one per
 * CPU) runs that many server processes sharing the port through node:cluster, since one Node process renders
 * on one core. The first worker starts alone (a bad setting then stops one process, not all of them); the others
 * once it is ready. Migrations are safe either way: they run under a PostgreSQL advisory lock (decision 0052). The
 * embedded database (PGlite) belongs to one process, so without DATABASE_URL there is always exactly one.
 */
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { exitOnStartupFailure, settingError } from "../app/lib/startup-failure.ts";
import { metricsPortSetting, serveClusterMetrics } from "./cluster-metrics.ts";
import { shutdownTimeoutMs } from "./lifecycle.ts";
import { serverProcessFlags } from "./process-flags.ts";
import { serverLog } from "./server-log.ts";

function workerCount(): number {
  const wanted = (process.env.WEB_CONCURRENCY ?? "1").trim().toLowerCase();
  const count = wanted === "auto" ? availableParallelism() : Number.parseInt(wanted, 10);
  if (!Number.isInteger(count) || count < 1 || count > 64)
    exitOnStartupFailure(settingError("WEB_CONCURRENCY", `must be "auto" or 1 to 64 (got "${wanted}")`));
  return process.env.DATABASE_URL ? count : 1;
}

const workers = workerCount();
if (workers === 1 || !cluster.isPrimary) {
  await import("./http-server.ts");
} else {
  const log = serverLog;
  cluster.setupPrimary({ execArgv: serverProcessFlags(process.execArgv, process.env.NODE_OPTIONS) });
  let stopping = false;
  let started = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      // The first process could not start (it printed why): the others would fail the same way.
      if (!started) process.exit(code || 1);
      log.error({ pid: worker.process.pid, code, signal }, "server process died; starting another");
      setTimeout(fork, 1000);
    });
    return worker;
  };
  const first = fork();
  first.on("message", (message: { introbase?: string } | null) => {
    if (message?.introbase !== "ready" || started) return;
    started = true;
    for (let i = 1; i < workers; i++) fork();
    log.info({ workers }, "server processes started");
  });
  // One scrape for every process (server/cluster-metrics.ts, decision 0104); the processes do not open the port.
  const metricsPort = metricsPortSetting(process.env.METRICS_PORT);
  if (metricsPort) {
    const scrapes = serveClusterMetrics(metricsPort, process.env.HOST || "0.0.0.0", (error) =>
      log.error({ err: error }, "metrics for METRICS_PORT could not be served"),
    );
    scrapes.unref();
  }
  // Each process drains its own requests (server/lifecycle.ts); asked by message, since with Ctrl-C the terminal
  // signals them too, and a forwarded signal would count as their second, which ends a process at once.
  const drainMs = shutdownTimeoutMs(process.env.SHUTDOWN_TIMEOUT_MS);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      const live = Object.values(cluster.workers ?? {});
      if (stopping) {
        log.warn({ signal }, "second stop signal: ending the server processes at once");
        for (const worker of live) worker?.process.kill("SIGKILL");
        process.exit(1);
      }
      stopping = true;
      if (live.length === 0) process.exit(0);
      for (const worker of live) if (worker?.isConnected()) worker.send({ introbase: "stop" });
      cluster.on("exit", () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(0));
      setTimeout(() => process.exit(1), drainMs + 15_000).unref();
    });
  }
}
