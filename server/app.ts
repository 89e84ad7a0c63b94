/**
 * The application as an Express sub-app. It is bundled with the React Router build (see vite.config.ts) so
 * that the server and the routes share one set of modules: one database, one logger, one cache.
 */
import "react-router";
import { fromNodeHeaders } from "better-auth/node";
import express from "express";
import cluster from "node:cluster";
import type { Server } from "node:http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { ensureDemoTeam } from "#demo/demo-team.ts";
import { ensureDemoUsers } from "#demo/demo-users.ts";
import { seedListings } from "#demo/seed-database.ts";
import { authenticateApiKey } from "~/features/api-keys/api-key-auth.server.ts";
import { getDirectoryIndex } from "~/features/directory/search-index/directory-index.server.ts";
import { directorySnapshotDir, indexSnapshots } from "~/features/directory/search-index/index-snapshot-file.server.ts";
import { DUPLICATE_SCAN_JOB, runDuplicateScanJob } from "~/features/duplicates/server/duplicate-scan-job.server.ts";
import { INDUSTRIES_MIGRATION_JOB, runIndustriesMigrationJob } from "~/features/taxonomy/industries-migration-job.server.ts";
import { PROVIDER_IMPORT_JOB, providerImportHandler } from "~/features/imports/provider/provider-import-job.server.ts";
import { spreadsheetImportHandler } from "~/features/imports/spreadsheet/spreadsheet-import-job.server.ts";
import { SPREADSHEET_IMPORT_JOB } from "~/features/imports/spreadsheet/spreadsheet-import-request.ts";
import { startOrphanSweep } from "~/features/media/orphan-files.server.ts";
import { DIGEST_JOB, digestJobHandler, startDigestScheduler } from "~/features/digests/digest-job.server.ts";
import { startInsightFlusher } from "~/features/owner-insights/insight-tally.server.ts";
import { OWNER_SUMMARY_JOB, ownerSummaryJobHandler, startOwnerSummaryScheduler } from "~/features/owner-insights/monthly-summary.server.ts";
import {
  INTRO_FOLLOW_UP_JOB,
  introFollowUpJobHandler,
  startIntroFollowUpScheduler,
} from "~/features/introductions/intro-follow-ups.server.ts";
import { accountErasureHandler, startErasureSweep } from "~/features/member-data/account-erasure-job.server.ts";
import { ACCOUNT_ERASURE_JOB } from "~/features/member-data/delete-account.server.ts";
import { billingEventJobHandler } from "~/features/billing/billing-event-job.server.ts";
import { prepareBilling, startBillingClock } from "~/features/billing/billing-start.server.ts";
import { getPaymentGateway } from "~/features/billing/stripe-gateway.server.ts";
import { BILLING_EVENT_JOB } from "~/features/billing/webhook-intake.server.ts";
import { startProcessHeartbeat } from "~/features/system-status/process-heartbeat.server.ts";
import { releaseInfo } from "~/features/system-status/release-info.server.ts";
import { appContext } from "~/lib/app-context.ts";
import { authSecret } from "~/lib/auth.server.ts";
import { startChangeFeed, type ChangeFeed } from "~/lib/change-feed.server.ts";
import { closeDatabase, getDatabase } from "~/lib/database.server.ts";
import { getEnv, publicUrl } from "~/lib/env.server.ts";
import { identityProviders, localIssuer } from "~/lib/identity-providers.server.ts";
import { startJobWorker, stopJobWorker } from "~/lib/job-worker.server.ts";
import { withErrorPipeline } from "~/lib/error-answer.server.ts";
import { STATUS_BY_CODE } from "~/lib/errors.ts";
import { logger } from "~/lib/logger.server.ts";
import { watchDatabase } from "~/lib/metrics-database.server.ts";
import { startProcessMetrics } from "~/lib/metrics.server.ts";
import { withStartLock } from "~/lib/prepare-database.server.ts";
import { passesOriginCheck } from "~/lib/same-origin.ts";
import { getSessionUser, type SessionUser } from "~/lib/session.server.ts";
import { withApiKeyScope } from "./api-key-scope.ts";
import { mountDemoIdentityProviders } from "./demo-identity-provider.ts";
import { createReactRouterHandler } from "./react-router-handler.ts";
import { requestGuard } from "./request-guard.ts";
import { markRecentWrites } from "./recent-writes.ts";
import { listenForScrapes, metricsOnMainPort } from "./metrics-endpoint.ts";
import { requestMetrics } from "./request-metrics.ts";
import { routeOf, routeRules } from "./route-rules.ts";
import { finalErrorHandler, requestId } from "./request-id.ts";

const env = getEnv();
const providers = identityProviders(env);

let stopOrphanSweep = () => {};
let stopDigestScheduler = () => {};
let stopOwnerSummaries = () => {};
let stopInsightFlusher = async () => {};
let stopIntroFollowUps = () => {};
let stopErasureSweep = () => {};
let stopBillingClock = () => {};
let stopHeartbeat = async () => {};
let changeFeed: ChangeFeed | undefined;
let metricsPort: Server | undefined;

/**
 * The database opened and migrated (first start: demo data, and the demo users when sign-in runs against
 * the local provider), with the directory index built, so the first visitor waits for none of it (the
 * index takes about a second at 100,000 listings). `report` says what it is doing, for /readyz.
 */
export async function prepare({ report }: { report: (step: string) => void } = { report: () => {} }): Promise<void> {
  // The session secret first, not at the first request: an unwritable AUTH_SECRET_FILE stops the start at once.
  authSecret(env);
  report("opening and migrating the database");
  const database = await getDatabase({
    onWait: () => report("waiting for another process to finish migrating the database"),
    // The demo data (demo/) builds on the app, so the app cannot import it: the server hands it over (decision 0112).
    seedDemoData: (db, listings) => seedListings(db, listings),
  });
  // Before any cache fills: from here on, a change made through any app server drops this one's copies (decision 0049).
  changeFeed = await startChangeFeed(database);
  // The job queue and the outbox, read at scrape time, and the process's own figures (decision 0104).
  watchDatabase(database);
  startProcessMetrics();
  // Its own port for scrapes; under the cluster the primary serves it with every process's metrics (server/index.ts).
  if (env.METRICS_PORT && !cluster.isWorker) metricsPort = await listenForScrapes(env.METRICS_PORT, env.HOST);
  if (providers.some((p) => p.local)) {
    // Under the start-up lock too: processes starting together would otherwise insert the same users at once.
    await withStartLock(database, async () => {
      await ensureDemoUsers(database);
      await ensureDemoTeam(database);
    });
    logger.warn(
      { providers: providers.filter((p) => p.local).map((p) => p.id) },
      "no client credentials for these sign-in providers: the local demo provider signs in the demo users",
    );
  }
  // Tiers are decided from subscriptions and grants (decision 0079): a database from before is brought up to date once.
  await withStartLock(database, () => prepareBilling(database));
  report("building the directory index");
  indexSnapshots.dir = directorySnapshotDir(env);
  await getDirectoryIndex(database);
  // This process in server_processes every few seconds, with its release and index, for /admin/system (decision 0107).
  const heartbeat = startProcessHeartbeat(database, { release: releaseInfo(env) });
  stopHeartbeat = () => heartbeat.stop();
  // Operator jobs (DESIGN D10) run in the server process; a job a restart interrupted resumes here.
  startJobWorker(database, {
    [DUPLICATE_SCAN_JOB]: runDuplicateScanJob,
    [INDUSTRIES_MIGRATION_JOB]: runIndustriesMigrationJob,
    [PROVIDER_IMPORT_JOB]: providerImportHandler(),
    [SPREADSHEET_IMPORT_JOB]: spreadsheetImportHandler(),
    [DIGEST_JOB]: digestJobHandler(),
    [OWNER_SUMMARY_JOB]: ownerSummaryJobHandler(),
    [INTRO_FOLLOW_UP_JOB]: introFollowUpJobHandler(),
    // A deleted member's subscription is cancelled at the payment provider first (decision 0077).
    [ACCOUNT_ERASURE_JOB]: accountErasureHandler({ gateway: getPaymentGateway }),
    // Payment webhooks, applied from the provider's current objects (decision 0079).
    [BILLING_EVENT_JOB]: billingEventJobHandler(getPaymentGateway),
  });
  // Tiers whose grace period, paid period or grant ends, and webhook events whose job failed, every minute.
  stopBillingClock = startBillingClock(database);
  // Saved-search alert digests: every server looks; the first to record a period queues it (decision 0062).
  stopDigestScheduler = startDigestScheduler(database);
  // Owner insights (decision 0117): this process's counts to PostgreSQL every few seconds, and the monthly summary.
  stopInsightFlusher = startInsightFlusher(database);
  stopOwnerSummaries = startOwnerSummaryScheduler(database);
  // Reminders to intro recipients who have not answered, and expiry of requests nobody answered (decision 0094).
  stopIntroFollowUps = startIntroFollowUpScheduler(database);
  // Deleted accounts whose erasure failed or waited for another job are queued again (decision 0077).
  stopErasureSweep = startErasureSweep(database);
  // Stored files nothing references (a replaced logo, a failed import) are removed once an hour old.
  stopOrphanSweep = startOrphanSweep(database);
}

/**
 * A clean stop (decision 0052): no new job is claimed, the running one has `waitMs` to save its step and go back to
 * the queue, and any job still held then is handed back, so another process resumes it at once. The database closes
 * once the server says the requests in flight are done.
 */
export async function shutdown({ waitMs, requestsDone }: { waitMs: number; requestsDone: Promise<void> }): Promise<void> {
  stopOrphanSweep();
  stopDigestScheduler();
  stopOwnerSummaries();
  stopIntroFollowUps();
  stopErasureSweep();
  stopBillingClock();
  const handedBack = await stopJobWorker({ waitMs });
  if (handedBack.length) logger.info({ jobs: handedBack }, "jobs handed back to the queue");
  await requestsDone;
  // The views and appearances counted since the last flush, written before the database closes.
  await stopInsightFlusher();
  await stopHeartbeat();
  await changeFeed?.stop();
  watchDatabase(undefined);
  await new Promise((resolve) => (metricsPort ? metricsPort.close(resolve) : resolve(undefined)));
  await closeDatabase();
}

function neverStore(res: express.Response): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
    this.setHeader("Cache-Control", "no-store");
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

export const app = express();
app.disable("x-powered-by");
// Behind a load balancer, the client address (used for sign-in rate limits) comes from X-Forwarded-For.
app.set("trust proxy", env.TRUST_PROXY_HOPS);

// Every request has an id, sent as X-Request-Id, under which a failure is logged and shown (decision 0044).
app.use(requestId);

// Before anything reads the request: a malformed URL is a 400, a body declared over its limit a 413, and every
// answer leaves the connection usable or closes it (server/request-guard.ts). The path is put in its one spelling
// here, or refused ("..", encoded slashes): everything after reads that spelling (decision 0069).
app.use(requestGuard);

// Prometheus scrapes (decision 0104): only with the token, else the 404 any unknown path gets; not counted below.
app.use(metricsOnMainPort(env.METRICS_TOKEN));
// Requests by route pattern, method and status class, and their latency.
app.use(requestMetrics);

// The local OpenID provider's own paths (not routes of the route table), when it stands in for Google or LinkedIn.
await mountDemoIdentityProviders(app, providers, (p) => localIssuer(env, p.id));

/** The build as React Router's Vite plugin made it; the routes run it through the error pipeline and the key scope. */
const routeBuild = async () => (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
const wrappedBuilds = new WeakMap<ServerBuild, ServerBuild>();
const wrappedBuild = (build: ServerBuild): ServerBuild => {
  let wrapped = wrappedBuilds.get(build);
  if (!wrapped) wrappedBuilds.set(build, (wrapped = withErrorPipeline(withApiKeyScope(build))));
  return wrapped;
};

// The request's route, decided once by the router's own matching: letter case, unknown API paths, OPTIONS, methods a
// route does not take, HEAD, and the headers every answer needs (server/route-rules.ts, decision 0069).
app.use(routeRules(routeBuild));

/** The user an API key stood for (set below), read where the session user would be. */
const keyUser = (res: express.Response): SessionUser | undefined => res.locals.apiKeyUser as SessionUser | undefined;

// API keys (decision 0061): on the JSON API, "Authorization: Bearer <key>" makes the key's owner the request's user
// (never an admin), counts the call and sends the rate-limit headers; a bad key, a plan without API access or a spent
// limit is answered here and reaches no route. Without the header, nothing changes: the session cookie decides.
// Looked at only for a request whose route is one keys are for (routeOf), never by reading the path.
app.use(async (req, res, next) => {
  const header = req.headers.authorization;
  if (header === undefined || !routeOf(res)?.keyed) return next();
  const outcome = await authenticateApiKey(await getDatabase(), header);
  res.set(outcome.headers);
  if (!outcome.ok) {
    res.status(outcome.status).set("Cache-Control", "no-store").json({ error: outcome.message });
    return;
  }
  res.locals.apiKeyUser = outcome.user;
  next();
});

// CSRF: a state-changing request must come from our own pages (see same-origin.ts). A request made with an API key
// is exempt: its credential is the header the client chose to send, not a cookie a browser adds on its own.
const ownOrigins = [new URL(publicUrl(env)).origin];
app.use((req, res, next) => {
  if (keyUser(res)) return next();
  const facts = {
    method: req.method,
    origin: req.get("origin"),
    referer: req.get("referer"),
    secFetchSite: req.get("sec-fetch-site"),
    hasCookie: Boolean(req.get("cookie")),
  };
  if (passesOriginCheck(facts, ownOrigins)) return next();
  logger.warn({ method: req.method, path: req.path, origin: facts.origin }, "cross-origin request refused");
  res.status(STATUS_BY_CODE.forbidden).set("Cache-Control", "no-store").json({ error: "Cross-origin request refused." });
});

// With a read replica, a client that has just written reads the primary for a few seconds (decision 0053).
if (env.DATABASE_READ_URL) app.use(markRecentWrites(publicUrl(env).startsWith("https:")));

app.use(
  createReactRouterHandler({
    // Every loader and action answers a thrown value through the one error pipeline (app/lib/error-answer.server.ts);
    // a route keys are not for refuses a key's user even if one got that far (server/api-key-scope.ts).
    // The same wrapped build for the same build, so the handler prepares its router once per build.
    build: async () => wrappedBuild(await routeBuild()),
    async getLoadContext(req, res) {
      const database = await getDatabase();
      const fromKey = keyUser(res);
      const user = fromKey ?? (await getSessionUser(database, fromNodeHeaders(req.headers), { clientAddress: req.ip ?? "" }));
      // A page or answer made for a signed-in user must never be stored by a shared cache or the browser:
      // whatever a route says, the header is replaced just before it is sent.
      if (user) neverStore(res);
      const context = new RouterContextProvider();
      context.set(appContext, {
        database,
        cspNonce: String(res.locals.cspNonce ?? ""),
        user,
        viaApiKey: Boolean(fromKey),
        clientAddress: req.ip ?? "",
      });
      return context;
    },
  }),
);

app.use(finalErrorHandler);
