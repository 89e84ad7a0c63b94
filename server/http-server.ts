/**
 * One server process: security headers, compression, the probes (/healthz, /readyz), request logging, static
 * assets, then the application (built, or through Vite in development). It listens before the database is ready,
 * so that /readyz can say it is starting; stop signals drain it (server/lifecycle.ts, decision 0052).
 */
import express from "express";
import helmet from "helmet";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { exitOnStartupFailure, listenFailure } from "../app/lib/startup-failure.ts";
import { accessLog } from "./access-log.ts";
import { contentSecurityPolicy, NONCE } from "./content-security-policy.ts";
import { createLifecycle, shutdownTimeoutMs } from "./lifecycle.ts";
import { pageCompression } from "./page-compression.ts";
import { serverLog } from "./server-log.ts";
import { startTracing, traceRequests } from "./tracing.ts";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const PORT = Number.parseInt(process.env.PORT || "3000", 10);
const HOST = process.env.HOST || "0.0.0.0";
const log = serverLog;
// Before the application loads, so its first span has somewhere to go (decision 0105); nothing while OTEL_* is unset.
const tracing = startTracing(process.env, (err) => log.warn({ err }, "the last spans could not be sent to the collector"));

type Prepare = (options: { report: (step: string) => void }) => Promise<void>;
type Shutdown = (options: { waitMs: number; requestsDone: Promise<void> }) => Promise<void>;
let shutdown: Shutdown = async ({ requestsDone }) => requestsDone;
const lifecycle = createLifecycle({
  drainMs: shutdownTimeoutMs(process.env.SHUTDOWN_TIMEOUT_MS),
  // The spans still in the batch go to the collector once the application has stopped.
  stopApp: (options) => shutdown(options).finally(() => tracing?.shutdown()),
  exit: (code) => process.exit(code),
  log: {
    info: (facts, msg) => log.info(facts, msg),
    warn: (facts, msg) => log.warn(facts, msg),
    error: (facts, msg) => log.error(facts, msg),
  },
});
const onSignal = (signal: NodeJS.Signals) => lifecycle.stop(signal);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, onSignal);
// The cluster's primary (server/index.ts) asks its processes to stop by message.
process.on("message", (message: { introbase?: string } | null) => {
  if (message?.introbase === "stop") lifecycle.stop("SIGTERM", "primary");
});

/** Where the payment provider's hosted pages are, when the site takes payments. */
function paymentPageOrigins(): string[] {
  if (process.env.BILLING_MODE !== "stripe") return [];
  const api = URL.parse(process.env.STRIPE_API_URL || "https://api.stripe.com")?.origin;
  return api && api !== "https://api.stripe.com" ? [api] : ["https://checkout.stripe.com", "https://billing.stripe.com"];
}

const server = express();
server.disable("x-powered-by");
const policy = contentSecurityPolicy({
  "script-src": ["'self'", `'nonce-${NONCE}'`],
  "img-src": ["'self'", "data:", "https:"],
  // The proof-of-work widget (ALTCHA) solves its challenge in workers it creates from blob: URLs.
  "worker-src": ["'self'", "blob:"],
  "frame-src": ["'self'", "https:"],
  "connect-src": ["'self'", ...(DEVELOPMENT ? ["ws:"] : [])],
  // A form of ours may lead on to the payment provider's Checkout and billing portal (a 303 after the post, which
  // form-action governs too): Stripe's hosted pages, or the local fake's at STRIPE_API_URL (decision 0079).
  "form-action": ["'self'", ...paymentPageOrigins()],
  "upgrade-insecure-requests": null,
});
server.use((_req, res, next) => {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.setHeader("Content-Security-Policy", policy(nonce));
  next();
});
server.use(
  helmet({
    // Set above, from a policy formatted once (server/content-security-policy.ts).
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Helmet's default (no-referrer) makes Chromium send "Origin: null" with a form posted without JavaScript, and
    // React Router refuses such actions: same-origin keeps the origin for our own posts and tells other sites nothing.
    referrerPolicy: { policy: "same-origin" },
    // HSTS only makes sense behind HTTPS; on http://localhost it would pin the browser to https.
    strictTransportSecurity: (process.env.PUBLIC_URL ?? "").startsWith("https://"),
  }),
);
server.use(pageCompression());
server.use(lifecycle.middleware);
if (tracing) server.use(traceRequests);
server.use(accessLog(log));

let prepare: () => Promise<void> = async () => {};
/** Ends a start that cannot succeed with one line naming the setting to fix (app/lib/startup-failure.ts). */
const failStart = (error: unknown): never => exitOnStartupFailure(error, { debug: (err) => log.debug({ err }, "start-up failed") });
try {
  if (DEVELOPMENT) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true, hmr: { port: PORT + 20_000 } } });
    // The React Router plugin's child compiler is a Vite server outside middleware mode, and such a server exits the
    // process on SIGTERM as soon as it has closed itself, cutting the drain short: only our handler may stop us.
    for (const listener of process.listeners("SIGTERM")) if (listener !== onSignal) process.off("SIGTERM", listener);
    server.use(viteDevServer.middlewares);
    prepare = async () => {
      const mod = await viteDevServer.ssrLoadModule("./server/app.ts");
      shutdown = mod.shutdown as Shutdown;
      await (mod.prepare as Prepare)({ report: (step) => lifecycle.starting(step) });
    };
    server.use(lifecycle.gate);
    server.use(async (req, res, next) => {
      try {
        const source = await viteDevServer.ssrLoadModule("./server/app.ts");
        return await source.app(req, res, next);
      } catch (error) {
        if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    const buildDir = path.resolve(process.env.BUILD_DIR || "build");
    const entry = path.join(buildDir, "server/index.js");
    if (!existsSync(entry))
      throw new Error(`no build in ${buildDir}: run \`npm run build\` first (or set BUILD_DIR to the build's folder)`);
    server.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
    // The few files beside the assets (the favicon): looked for only at their own addresses, not with a file-system
    // lookup before every page.
    const clientDir = path.join(buildDir, "client");
    const clientFiles = new Set(
      readdirSync(clientDir, { withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => `/${e.name}`),
    );
    const clientStatic = express.static(clientDir, { maxAge: "1h" });
    server.use((req, res, next) => (clientFiles.has(req.path) ? clientStatic(req, res, next) : next()));
    // Loading the build validates the settings (app/lib/env.server.ts): an invalid one fails here.
    const build = await import(pathToFileURL(entry).href);
    prepare = () => (build.prepare as Prepare)({ report: (step) => lifecycle.starting(step) });
    shutdown = build.shutdown as Shutdown;
    server.use(lifecycle.gate);
    server.use(build.app);
  }
} catch (error) {
  failStart(error);
}

const listener = server.listen(PORT, HOST, (error?: Error) => {
  if (error) failStart(listenFailure(error));
  const address = listener.address();
  const port = address && typeof address === "object" ? address.port : PORT;
  log.info(`Introbase listening on http://${HOST === "0.0.0.0" ? "localhost" : HOST}:${port}`);
  // Absolute URLs come from PUBLIC_URL only, never from a request's Host (decision 0072): say so where it matters.
  if (!DEVELOPMENT && !process.env.PUBLIC_URL)
    log.warn(`PUBLIC_URL is not set: pages, the sitemap and e-mails link to http://localhost:${PORT}; set it to the address visitors use`);
});
lifecycle.attach(listener);
// Above the 60 s idle timeout of common load balancers and load generators.
listener.keepAliveTimeout = 65_000;
listener.headersTimeout = 66_000;

// Open the database (migrations under the start-up lock, first-start demo data) and build the directory index;
// until then /readyz answers 503 and a load balancer sends this process nothing.
try {
  await prepare();
} catch (error) {
  failStart(error);
}
lifecycle.ready();
log.info({}, "ready");
// The cluster's primary starts the other processes once the first is ready (server/index.ts).
process.send?.({ introbase: "ready" });
