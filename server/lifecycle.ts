/**
 * One server process as a load balancer sees it (decision 0052): starting (it listens, but /readyz answers 503 and
 * the pages "starting" until the database is migrated and the directory index built), ready, and stopping. A stop
 * signal turns /readyz to 503 at once, closes the listening socket (new connections are refused), lets the requests
 * in flight finish within SHUTDOWN_TIMEOUT_MS, stops the job worker and hands its jobs back, closes the database and
 * exits 0. A second signal exits at once.
 *
 * Plain TypeScript run straight from Node (server/http-server.ts), outside the bundle, with the clock a seam.
 */
import type { Server } from "node:http";
import { constants } from "node:os";
import type { NextFunction, Request, Response } from "express";

export type Phase = "starting" | "ready" | "stopping";

/** Below the 30 s most orchestrators wait after SIGTERM before they kill (Kubernetes, ECS, systemd's default 90 s). */
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 25_000;
/** After the drain limit: how long closing the database may take before the process gives up on a clean exit. */
const CLOSE_GRACE_MS = 10_000;

/**
 * SHUTDOWN_TIMEOUT_MS as read before the settings check: an invalid value falls back to the default here and is
 * named in one line by the check itself (app/lib/env.server.ts) as the build loads.
 */
export function shutdownTimeoutMs(value: string | undefined): number {
  const ms = Number(value);
  return value?.trim() && Number.isInteger(ms) && ms >= 0 && ms <= 600_000 ? ms : DEFAULT_SHUTDOWN_TIMEOUT_MS;
}

interface Log {
  info(facts: object, message: string): void;
  warn(facts: object, message: string): void;
  error(facts: object, message: string): void;
}

export interface LifecycleOptions {
  /** How long in-flight requests and the running job get after a stop signal. */
  drainMs: number;
  /**
   * Stops the application's background work (the job worker, given `waitMs` to reach a saved point, then handing
   * back what it holds) and, once `requestsDone` settles, closes the database.
   */
  stopApp: (options: { waitMs: number; requestsDone: Promise<void> }) => Promise<void>;
  exit: (code: number) => void;
  log: Log;
  /** Runs `fn` after `ms`, returning a cancel: setTimeout unless a test ends the wait by hand. */
  after?: (ms: number, fn: () => void) => () => void;
}

const realAfter = (ms: number, fn: () => void) => {
  const timer = setTimeout(fn, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

const NO_STORE = { "Cache-Control": "no-store" };

export function createLifecycle(options: LifecycleOptions) {
  const after = options.after ?? realAfter;
  const { log } = options;
  let phase: Phase = "starting";
  let reason = "loading the application";
  let server: Server | undefined;
  let signals = 0;
  /** Responses not yet sent, so a stop can tell them to close their connection when done. */
  const open = new Set<Response>();

  const closeIdle = () => server?.closeIdleConnections();

  /**
   * First of all handlers: the two probes (cheap, no database, not logged), and a count of the answers in flight.
   * While stopping every answer closes its connection, so no keep-alive connection outlives the drain.
   */
  function middleware(req: Request, res: Response, next: NextFunction): void {
    if (phase === "stopping") res.setHeader("Connection", "close");
    if (req.method === "GET" || req.method === "HEAD") {
      // Liveness: the process answers. Still 200 while stopping: a failing liveness probe gets a process killed.
      if (req.path === "/healthz") return void res.set(NO_STORE).json({ status: "ok" });
      if (req.path === "/readyz") {
        if (phase === "ready") return void res.set(NO_STORE).json({ status: "ready" });
        const body = phase === "starting" ? { status: "starting", reason } : { status: "stopping", reason: "shutting down" };
        return void res.status(503).set(NO_STORE).json(body);
      }
    }
    open.add(res);
    res.once("close", () => {
      open.delete(res);
      // The connection becomes idle once this answer is out: close it then rather than at its keep-alive limit.
      if (phase === "stopping") setImmediate(closeIdle);
    });
    next();
  }

  /** Before the application: until the process is ready, pages and APIs answer 503 instead of waiting. */
  function gate(_req: Request, res: Response, next: NextFunction): void {
    if (phase !== "starting") return next();
    res
      .status(503)
      .set({ ...NO_STORE, "Retry-After": "5" })
      .type("text/plain")
      .send("Introbase is starting. Please try again in a few seconds.");
  }

  function stop(signal: string, source: "signal" | "primary" = "signal"): void {
    // The cluster's primary asks by message: with Ctrl-C the terminal also signals every process, and the two must
    // not count as the second signal that ends the process at once.
    if (source === "signal") signals += 1;
    if (phase === "stopping") {
      if (source === "signal" && signals > 1) {
        log.warn({ signal, inFlight: open.size }, "second stop signal: exiting at once");
        options.exit(128 + (constants.signals[signal as keyof typeof constants.signals] ?? 15));
      }
      return;
    }
    if (phase === "starting") {
      // Nothing is served and no job runs yet. A migration in progress rolls back (one transaction) and the next start
      // redoes it; demo data half written stays as it is (only an empty database is seeded), as after a crash.
      log.info({ signal }, "stopped while starting");
      return options.exit(0);
    }
    phase = "stopping";
    for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");

    let cancelDrainLimit = () => {};
    const drained = new Promise<void>((resolve) => {
      if (!server?.listening) return resolve();
      // Stops accepting (new connections are refused) and closes the idle ones; calls back once all are closed.
      server.close(() => resolve());
      cancelDrainLimit = after(options.drainMs, () => {
        if (open.size) log.warn({ cut: open.size }, "shutdown time limit reached: closing the connections still open");
        server?.closeAllConnections();
        resolve();
      });
    }).then(() => cancelDrainLimit());
    // Logged once the listening socket is closed: whoever reads this line finds new connections refused.
    log.info({ signal, inFlight: open.size, drainMs: options.drainMs }, "shutting down: finishing the requests in flight");

    const giveUp = after(options.drainMs + CLOSE_GRACE_MS, () => {
      log.error({}, "shutdown did not finish in time: exiting");
      options.exit(1);
    });
    options.stopApp({ waitMs: options.drainMs, requestsDone: drained }).then(
      () => {
        giveUp();
        log.info({}, "stopped");
        options.exit(0);
      },
      (error: unknown) => {
        giveUp();
        log.error({ err: error }, "shutdown failed");
        options.exit(1);
      },
    );
  }

  return {
    middleware,
    gate,
    stop,
    /** The listening server, closed on stop. */
    attach(listening: Server): void {
      server = listening;
    },
    /** What the start is doing now, for /readyz. */
    starting(step: string): void {
      reason = step;
    },
    ready(): void {
      if (phase === "starting") phase = "ready";
    },
    get phase(): Phase {
      return phase;
    },
  };
}
