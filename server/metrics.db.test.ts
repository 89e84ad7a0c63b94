/**
 * The Prometheus endpoint over real HTTP to the whole application (issue 34, decision 0104): /metrics answers only
 * the configured token (404 otherwise, like any unknown path), METRICS_PORT answers without one, a request or a job
 * moves its counters, and a path that names a listing or nothing at all makes no series of its own.
 */
import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMetrics, valueOf } from "../bench/lib/prometheus-text.ts";
import { startAppOverHttp, type AppOverHttp } from "../tests/support/app-over-http.ts";
import { rawRequest } from "../tests/support/raw-request.ts";

const TOKEN = "metrics-token-for-the-tests";
let app: AppOverHttp;
let metricsPort: number;
let profile: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  metricsPort = await freePort();
  app = await startAppOverHttp({
    env: { METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort), HOST: "127.0.0.1", API_CALLS_PER_MINUTE: "1000" },
  });
  const [row] = await app.database.rows<{ type: string; slug: string }>(
    sql`SELECT type, slug FROM listings WHERE visibility = 'public' AND processing_status = 'published' ORDER BY slug LIMIT 1`,
  );
  profile = `/profile/${row!.type}/${row!.slug}`;
});

afterAll(async () => {
  await app?.close();
});

const scrapeText = async () => {
  const answer = await rawRequest(app.base, { path: "/metrics", headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(answer.status).toBe(200);
  return answer.body;
};
const scrape = async () => parseMetrics(await scrapeText());
const requests = (route: string) => ({ route, method: "GET" });

describe("who may scrape", () => {
  it("answers the configured token with the text format", async () => {
    const answer = await rawRequest(app.base, { path: "/metrics", headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.body).toContain("# TYPE introbase_http_requests_total counter");
    expect(answer.body).toContain("nodejs_eventloop_lag_seconds");
  });

  it("is the site's ordinary 404 without a token or with a wrong one, and says nothing of metrics", async () => {
    const unknown = await rawRequest(app.base, { path: "/no-such-page-here" });
    const refused: Record<string, string>[] = [{}, { Authorization: "Bearer not-the-token-at-all" }, { Authorization: `Basic ${TOKEN}` }];
    for (const headers of refused) {
      const answer = await rawRequest(app.base, { path: "/metrics", headers });
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain("introbase_");
      expect(answer.headers["content-type"]).toBe(unknown.headers["content-type"]);
    }
  });

  it("answers on METRICS_PORT without a token, and only at /metrics", async () => {
    const base = `http://127.0.0.1:${metricsPort}`;
    const answer = await rawRequest(base, { path: "/metrics" });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("introbase_http_requests_total");
    expect((await rawRequest(base, { path: "/" })).status).toBe(404);
  });
});

describe("what moves", () => {
  it("counts a request under its route pattern, and any unknown path under one label", async () => {
    const before = await scrape();
    expect((await rawRequest(app.base, { path: profile })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await rawRequest(app.base, { path: `/nothing-${i}-${profile.slice(-6)}/x${i}` })).status).toBe(404);
    const text = await scrapeText();
    const after = parseMetrics(text);
    const delta = (labels: Record<string, string>) =>
      valueOf(after, "introbase_http_requests_total", labels) - valueOf(before, "introbase_http_requests_total", labels);
    expect(delta({ ...requests("/profile/:type/:slug"), status_class: "2xx" })).toBe(1);
    expect(delta({ ...requests("(no route)"), status_class: "4xx" })).toBe(3);
    expect(valueOf(after, "introbase_http_request_duration_seconds_count", requests("/profile/:type/:slug"))).toBeGreaterThan(0);
    // No label holds a path as sent: neither the listing's slug nor the unknown paths.
    expect(text).not.toContain(profile);
    expect(text).not.toContain("nothing-");
    const routes = new Set(after.filter((s) => s.name === "introbase_http_requests_total").map((s) => s.labels.route));
    for (const route of routes) expect(route === "(no route)" || route === "(other)" || route!.startsWith("/")).toBe(true);
  });

  it("times database statements and reports the pool", async () => {
    const before = await scrape();
    await rawRequest(app.base, { path: profile });
    const after = await scrape();
    const count = (s: typeof before) => valueOf(s, "introbase_db_query_duration_seconds_count", { engine: app.database.kind });
    expect(count(after)).toBeGreaterThan(count(before));
    expect(valueOf(after, "introbase_db_pool_max_connections", { engine: app.database.kind })).toBeGreaterThan(0);
  });

  it("counts the directory index's build and the page cache's hits", async () => {
    const before = await scrape();
    expect(valueOf(before, "introbase_directory_index_builds_total", { outcome: "ok" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(before, "introbase_directory_index_generation")).toBeGreaterThanOrEqual(1);
    expect(valueOf(before, "introbase_directory_index_listings")).toBeGreaterThan(0);
    await rawRequest(app.base, { path: "/listings?q=metrics-cache-probe" });
    await rawRequest(app.base, { path: "/listings?q=metrics-cache-probe" });
    const after = await scrape();
    const hits = (s: typeof before) => valueOf(s, "introbase_cache_lookups_total", { cache: "directory_page", result: "hit" });
    expect(hits(after) - hits(before)).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, "introbase_cache_lookups_total", { cache: "text_search_ranked" })).toBeGreaterThan(0);
  });

  it("counts API calls by the key owner's tier", async () => {
    const { createApiKey } = await import("~/features/api-keys/api-keys.server.ts");
    const { secret } = await createApiKey(app.database, "demo-premium", "metrics test");
    const before = await scrape();
    expect((await rawRequest(app.base, { path: "/api/listings", headers: { Authorization: `Bearer ${secret}` } })).status).toBe(200);
    const after = await scrape();
    const allowed = (s: typeof before) => valueOf(s, "introbase_api_calls_total", { tier: "premium", outcome: "allowed" });
    expect(allowed(after) - allowed(before)).toBe(1);
  });

  it("counts rate-limit refusals by the limit's name, and e-mails by outcome", async () => {
    const { countAttempt, defineRateLimit } = await import("~/lib/rate-limit.server.ts");
    const { sendEmail } = await import("~/lib/mailer.server.ts");
    const before = await scrape();
    const limit = defineRateLimit({ name: "metrics-test", limit: 1, windowSeconds: 60 });
    await countAttempt(app.database, limit, "someone", { now: 1_000 });
    expect((await countAttempt(app.database, limit, "someone", { now: 2_000 })).allowed).toBe(false);
    await sendEmail(app.database, {
      kind: "metrics_test",
      to: ["a@example.com"],
      subject: "Hello",
      body: [{ type: "paragraph", lines: ["Hi."] }],
    });
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta("introbase_rate_limit_refusals_total", { limit: "metrics-test" })).toBe(1);
    expect(delta("introbase_emails_total", { outcome: "stored" })).toBe(1);
  });
});

describe("jobs", () => {
  it("reports the queue's depth and oldest job by kind from the database, read once for a burst of scrapes", async () => {
    const { watchDatabase } = await import("~/lib/metrics-database.server.ts");
    let now = 0;
    watchDatabase(app.database, () => now);
    await app.database.db.execute(
      sql`INSERT INTO jobs (job_type, created_at) VALUES ('metrics_probe', now() - interval '2 hours'), ('metrics_probe', now())`,
    );
    const first = await scrape();
    expect(valueOf(first, "introbase_jobs", { kind: "metrics_probe", status: "queued" })).toBe(2);
    expect(valueOf(first, "introbase_jobs_oldest_queued_age_seconds", { kind: "metrics_probe" })).toBeGreaterThanOrEqual(7_200);
    await app.database.db.execute(sql`INSERT INTO jobs (job_type) VALUES ('metrics_probe')`);
    // Within the few seconds one read serves: the same answer, the database not asked again.
    now += 1_000;
    expect(valueOf(await scrape(), "introbase_jobs", { kind: "metrics_probe", status: "queued" })).toBe(2);
    now += 5_000;
    expect(valueOf(await scrape(), "introbase_jobs", { kind: "metrics_probe", status: "queued" })).toBe(3);
    await app.database.db.execute(sql`DELETE FROM jobs WHERE job_type = 'metrics_probe'`);
    watchDatabase(app.database);
  });

  it("counts a job's run by kind and outcome", async () => {
    const { enqueueJob, getJob } = await import("~/lib/job-queue.server.ts");
    const before = await scrape();
    const job = await enqueueJob(app.database, { jobType: "duplicate_scan", parameters: {}, createdBy: null });
    await expect.poll(async () => (await getJob(app.database, job.id))?.status, { timeout: 20_000 }).toMatch(/completed|failed/);
    const outcome = (await getJob(app.database, job.id))!.status;
    const runs = (s: typeof before) => valueOf(s, "introbase_job_runs_total", { kind: "duplicate_scan", outcome });
    await expect.poll(async () => runs(await scrape()) - runs(before), { timeout: 5_000 }).toBe(1);
  });
});
