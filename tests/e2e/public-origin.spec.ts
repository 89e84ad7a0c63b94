/**
 * Issue 29 finding 7: without PUBLIC_URL, the absolute URLs in robots.txt, the sitemaps, canonical links, og:url,
 * og:image and JSON-LD were made from the request's Host header (X-Forwarded-Host behind a trusted proxy), and
 * robots.txt and the sitemaps are cached publicly for an hour. This server runs as `npm start` does on a fresh
 * machine (NODE_ENV=production, no PUBLIC_URL), behind one trusted proxy; a client names evil.example in both headers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request, test, type APIRequestContext } from "./support/test.ts";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/lib/db.server.ts";
import { jsonLdNodes, readPageSeo } from "../../app/features/seo/html-head.ts";
import { seedListings } from "../../demo/seed-database.ts";
import { startOwnServer, type OwnServer } from "./support/own-server.ts";

const E2E_PORT = Number(process.env.E2E_PORT || 3210);
const PORT = E2E_PORT + 85;
const EVIL = "evil.example";
/** What PUBLIC_URL defaults to: this machine on PORT. */
const OWN = `http://localhost:${PORT}`;

let server: OwnServer | undefined;
let root: string;
let attacker: APIRequestContext;
let profile: string;

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  root = mkdtempSync(path.join(tmpdir(), "introbase-origin-"));
  const database = await openDatabase({ dir: path.join(root, "pglite") });
  await database.migrate();
  await seedListings(database, 12);
  const [row] = await database.rows<{ type: string; slug: string }>(
    sql`SELECT type, slug FROM listings WHERE visibility = 'public' ORDER BY slug LIMIT 1`,
  );
  profile = `/profile/${row!.type}/${row!.slug}`;
  await database.close();
  // PUBLIC_URL empty is unset (app/lib/env.server.ts); one trusted proxy, so Express believes X-Forwarded-Host.
  server = await startOwnServer({ port: PORT, pgliteDir: path.join(root, "pglite"), env: { PUBLIC_URL: "", TRUST_PROXY_HOPS: "1" } });
  attacker = await request.newContext({
    baseURL: server.base,
    extraHTTPHeaders: { Host: EVIL, "X-Forwarded-Host": EVIL, "X-Forwarded-Proto": "https" },
  });
});

test.afterAll(async () => {
  await attacker?.dispose();
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

test("robots.txt and every sitemap name this machine, never the host the request named", async () => {
  const robots = await attacker.get("/robots.txt");
  expect(robots.ok()).toBe(true);
  const text = await robots.text();
  expect(text).toContain(`Sitemap: ${OWN}/sitemap.xml`);
  for (const file of ["/sitemap.xml", "/sitemaps/pages.xml", "/sitemaps/listings-1.xml"]) {
    const response = await attacker.get(file);
    expect(response.ok(), file).toBe(true);
    const body = await response.text();
    expect(body, file).not.toContain(EVIL);
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length, file).toBeGreaterThan(0);
    for (const loc of locs) expect(loc.startsWith(`${OWN}/`), loc).toBe(true);
  }
  expect(text).not.toContain(EVIL);
});

test("the home page and a profile: canonical, og:url, og:image and JSON-LD on this machine", async () => {
  for (const page of ["/", profile, "/developers"]) {
    const html = await (await attacker.get(page)).text();
    expect(html, page).not.toContain(EVIL);
    const seo = readPageSeo(html);
    expect(seo.canonical, page).toBe(`${OWN}${page}`);
    expect(seo.meta["og:url"], page).toBe(`${OWN}${page}`);
    expect(seo.meta["og:image"]?.startsWith(`${OWN}/og/`), page).toBe(true);
    for (const node of jsonLdNodes(seo.jsonLd)) expect(JSON.stringify(node)).not.toContain(EVIL);
  }
});
