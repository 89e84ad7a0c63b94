/**
 * One server process: security headers, compression, request logging, health check, static assets, then
 * the application (built, or through Vite in development).
 */
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { pinoHttp } from "pino-http";
import { pino } from "pino";
import { exitOnStartupFailure, listenFailure, logLevel } from "../app/lib/startup-failure.ts";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const PORT = Number.parseInt(process.env.PORT || "3000", 10);
const HOST = process.env.HOST || "0.0.0.0";
const log = pino({ level: logLevel(process.env.LOG_LEVEL) });

const server = express();
server.disable("x-powered-by");
server.use((_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});
server.use(
  helmet({
    contentSecurityPolicy: {
      directives: {
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
        "img-src": ["'self'", "data:", "https:"],
        // The proof-of-work widget (ALTCHA) solves its challenge in workers it creates from blob: URLs.
        "worker-src": ["'self'", "blob:"],
        "frame-src": ["'self'", "https:"],
        "connect-src": ["'self'", ...(DEVELOPMENT ? ["ws:"] : [])],
        "upgrade-insecure-requests": null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Helmet's default (no-referrer) makes Chromium send "Origin: null" with a form posted without JavaScript, and
    // React Router refuses such actions: same-origin keeps the origin for our own posts and tells other sites nothing.
    referrerPolicy: { policy: "same-origin" },
    // HSTS only makes sense behind HTTPS; on http://localhost it would pin the browser to https.
    strictTransportSecurity: (process.env.PUBLIC_URL ?? "").startsWith("https://"),
  }),
);
server.use(compression());
server.get("/healthz", (_req, res) => {
  res.json({ status: "ok" });
});
server.use(
  pinoHttp({
    logger: log,
    // Our own id, never the client's: the access line, the X-Request-Id header and an error's log line and page
    // share it (server/app.ts, decision 0044).
    genReqId: (_req, res) => {
      const id = randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url.slice(0, 300) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
  }),
);

let ready: Promise<unknown>;
let shutdown: () => Promise<void> = async () => {};
/** Ends a start that cannot succeed with one line naming the setting to fix (app/lib/startup-failure.ts). */
const failStart = (error: unknown): never => exitOnStartupFailure(error, { debug: (err) => log.debug({ err }, "start-up failed") });
try {
  if (DEVELOPMENT) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true, hmr: { port: PORT + 20_000 } } });
    server.use(viteDevServer.middlewares);
    ready = viteDevServer.ssrLoadModule("./server/app.ts").then((mod) => {
      shutdown = mod.shutdown;
      return mod.prepare();
    });
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
    server.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
    // Loading the build validates the settings (app/lib/env.server.ts): an invalid one fails here.
    const build = await import(pathToFileURL(entry).href);
    ready = build.prepare();
    shutdown = build.shutdown;
    server.use(build.app);
  }

  // Open the database (migrations, first-start demo data) and build the directory index before taking traffic.
  await ready;
} catch (error) {
  failStart(error);
}
const listener = server.listen(PORT, HOST, (error?: Error) => {
  if (error) failStart(listenFailure(error));
  log.info(`Introbase listening on http://${HOST === "0.0.0.0" ? "localhost" : HOST}:${PORT}`);
});
// Above the 60 s idle timeout of common load balancers and load generators.
listener.keepAliveTimeout = 65_000;
listener.headersTimeout = 66_000;

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    let closed = 0;
    const done = () => ++closed === 2 && process.exit(0);
    listener.close(done);
    shutdown().then(done, done);
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
