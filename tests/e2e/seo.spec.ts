/**
 * SEO and the crawler test page (issue 6 §5 and §6), against a server of its own: its database has a listing kept
 * out of search engines (noindex), an archived one and a merged one, so the sitemap can be checked against exactly
 * what should and should not be in it. Pages are fetched as Googlebot, with no cookie: what a search engine gets.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request, test, type APIRequestContext } from "./support/test.ts";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/lib/db.server.ts";
import { jsonLdNodes, readPageSeo } from "../../app/features/seo/html-head.ts";
import { checkJsonLd } from "../../app/features/seo/schema-check.ts";
import { seedListings } from "../../demo/seed-database.ts";
import { startOwnServer, type OwnServer } from "./support/own-server.ts";
import { signInAs } from "./support/sign-in.ts";

const E2E_PORT = Number(process.env.E2E_PORT || 3210);
const PORT = E2E_PORT + 79;
const BASE = `http://127.0.0.1:${PORT}`;
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

interface Row {
  type: string;
  slug: string;
  name: string;
}
let server: OwnServer | undefined;
let root: string;
let crawler: APIRequestContext;
/** Profile URLs the sitemap must list, and the listings it must leave out. */
let indexable: string[];
let noindex: Row;
let archived: Row;
let merged: Row;
let survivor: Row;
/** A public startup whose team the demo rules gate for visitors: its profile has a paywalled section. */
let gated: Row & { team: string[] };

const url = (row: Pick<Row, "type" | "slug">) => `${BASE}/profile/${row.type}/${row.slug}`;

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  // Starting a server of its own on a fresh database: the hook has its own timeout, not the describe block's.
  test.setTimeout(180_000);
  root = mkdtempSync(path.join(tmpdir(), "introbase-seo-"));
  const database = await openDatabase({ dir: path.join(root, "pglite") });
  await database.migrate();
  await seedListings(database, 60);
  const pick = (where: ReturnType<typeof sql>) =>
    database.rows<Row>(sql`SELECT type, slug, name FROM listings WHERE ${where} ORDER BY name LIMIT 1`).then((rows) => rows[0]!);
  noindex = await pick(sql`visibility = 'public' AND type = 'partner'`);
  archived = await pick(sql`type = 'investor'`);
  [merged, survivor] = (await database.rows<Row>(
    sql`SELECT type, slug, name FROM listings WHERE type = 'startup' ORDER BY name DESC LIMIT 2`,
  )) as [Row, Row];
  await database.rows(sql`UPDATE listings SET noindex = true WHERE slug = ${noindex.slug}`);
  await database.rows(sql`UPDATE listings SET processing_status = 'archived' WHERE slug = ${archived.slug}`);
  await database.rows(sql`UPDATE listings SET processing_status = 'merged',
    merged_into = (SELECT id FROM listings WHERE slug = ${survivor.slug}) WHERE slug = ${merged.slug}`);
  [gated] = (await database.rows<Row & { team: string[] }>(sql`
    SELECT l.type, l.slug, l.name, array_agg(t.name) AS team FROM listings l JOIN team_members t ON t.listing_id = l.id
    WHERE l.type = 'startup' AND l.visibility = 'public' AND l.field_visibility = '{}'::jsonb AND NOT l.noindex
    GROUP BY l.id ORDER BY l.name LIMIT 1`)) as [Row & { team: string[] }];
  indexable = (await database.rows<Row>(sql`SELECT type, slug FROM listings WHERE processing_status = 'published' AND NOT noindex`)).map(
    url,
  );
  await database.close();

  server = await startOwnServer({ port: PORT, pgliteDir: path.join(root, "pglite") });
  crawler = await request.newContext({ baseURL: BASE, extraHTTPHeaders: { "User-Agent": GOOGLEBOT } });
  expect((await crawler.get("/healthz")).ok(), "the SEO test server started").toBe(true);
});

test.afterAll(async () => {
  await crawler?.dispose();
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

test("robots.txt and the sitemap are served with their content types, listing exactly the indexable profiles", async () => {
  const robots = await crawler.get("/robots.txt");
  expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const robotsText = await robots.text();
  expect(robotsText).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  // No catch-all Allow before the Disallow lines: first-match readers stopped at it (issue 29 finding 12).
  expect(robotsText).not.toMatch(/^Allow: \/$/m);
  expect(robotsText.indexOf("Disallow: /settings")).toBeGreaterThan(0);

  const index = await crawler.get("/sitemap.xml");
  expect(index.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(files).toEqual([`${BASE}/sitemaps/pages.xml`, `${BASE}/sitemaps/listings-1.xml`]);

  const listings = await crawler.get(new URL(files[1]!).pathname);
  expect(listings.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const listed = [...(await listings.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(listed.sort()).toEqual([...indexable].sort());
  for (const row of [noindex, archived, merged]) expect(listed).not.toContain(url(row));
  expect(listed).toContain(url(survivor));
});

test("a public profile fetched as a crawler: valid structured data, absolute canonical and Open Graph tags, paywall marked", async () => {
  const response = await crawler.get(`/profile/${gated.type}/${gated.slug}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const seo = readPageSeo(html);

  expect(seo.title).toBe(`${gated.name} – Startup | Introbase`);
  expect(seo.meta.description?.length).toBeGreaterThan(0);
  expect(seo.canonical).toBe(url(gated));
  expect(seo.meta["og:url"]).toBe(url(gated));
  for (const tag of ["og:title", "og:description", "og:type", "og:site_name", "twitter:card"]) expect(seo.meta[tag], tag).toBeTruthy();
  expect(seo.meta.robots).toBeUndefined();

  const nodes = jsonLdNodes(seo.jsonLd);
  expect(nodes.map((n) => n["@type"])).toEqual(["Organization", "WebPage", "BreadcrumbList"]);
  for (const node of nodes) expect(checkJsonLd(node), JSON.stringify(node)).toEqual([]);
  const organization = nodes[0]!;
  expect(organization.name).toBe(gated.name);
  expect(organization.mainEntityOfPage).toBe(url(gated));

  // The team is gated for visitors: the page is paywalled content, its gated section carries the class, no name is sent.
  const page = nodes[1]!;
  expect(page.isAccessibleForFree).toBe(false);
  expect(page.hasPart).toEqual([{ "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".paywalled-section" }]);
  expect(seo.classNames.has("paywalled-section")).toBe(true);
  for (const name of gated.team) expect(html).not.toContain(name);
});

test("a noindex listing says so; a merged one redirects to its survivor; an archived one is gone", async () => {
  const hidden = await crawler.get(`/profile/${noindex.type}/${noindex.slug}`);
  expect(hidden.status()).toBe(200);
  expect(hidden.headers()["x-robots-tag"]).toBe("noindex");
  expect(readPageSeo(await hidden.text()).meta.robots).toBe("noindex");

  const old = await crawler.get(`/profile/${merged.type}/${merged.slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/profile/${survivor.type}/${survivor.slug}`);

  expect((await crawler.get(`/profile/${archived.type}/${archived.slug}`)).status()).toBe(404);
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("every public page names a 1200×630 social picture; a profile its own card, /developers its canonical (issue 29 finding 12)", async () => {
  const pages = ["/", "/listings", "/listings?type=startup", "/service-landing-1", "/pilot", "/get-featured/startup"];
  pages.push(
    "/privacy-policy",
    "/terms",
    "/developers",
    `/profile/${gated.type}/${gated.slug}`,
    `/profile/${noindex.type}/${noindex.slug}`,
  );
  const pictures = new Set<string>();
  for (const path of pages) {
    const seo = readPageSeo(await (await crawler.get(path)).text());
    const image = seo.meta["og:image"];
    expect(image, path).toMatch(new RegExp(`^${BASE}/og/`));
    expect([seo.meta["og:image:width"], seo.meta["og:image:height"]], path).toEqual(["1200", "630"]);
    expect(seo.meta["og:image:alt"]?.length, path).toBeGreaterThan(10);
    expect(seo.meta["twitter:card"], path).toBe("summary_large_image");
    pictures.add(image!);
  }
  // The profile's card is its own; every other page shares the site's.
  const card = readPageSeo(await (await crawler.get(`/profile/${gated.type}/${gated.slug}`)).text()).meta["og:image"]!;
  expect(card).toMatch(new RegExp(`^${BASE}/og/startup/${gated.slug}/[0-9a-f]{16}\\.png$`));
  expect(pictures.size).toBe(3);
  for (const picture of pictures) {
    const response = await crawler.get(new URL(picture).pathname);
    expect(response.headers()["content-type"], picture).toBe("image/png");
    expect(response.headers()["cache-control"], picture).toBe("public, max-age=31536000, immutable");
    expect(pngSize(await response.body()), picture).toEqual({ width: 1200, height: 630 });
  }

  const developers = readPageSeo(await (await crawler.get("/developers")).text());
  expect(developers.canonical).toBe(`${BASE}/developers`);
  expect(developers.meta["og:url"]).toBe(`${BASE}/developers`);
  expect(developers.meta["og:title"]).toBe("API for developers");
  expect(await (await crawler.get("/sitemaps/pages.xml")).text()).toContain(`<loc>${BASE}/developers</loc>`);
});

test("the home page and the directory carry their own structured data and canonical addresses", async () => {
  const home = readPageSeo(await (await crawler.get("/service-landing-2")).text());
  expect(home.canonical).toBe(`${BASE}/`);
  expect(jsonLdNodes(home.jsonLd).map((n) => [n["@type"], checkJsonLd(n)])).toEqual([["WebSite", []]]);

  const directory = readPageSeo(await (await crawler.get("/directory?type=startups")).text());
  expect(directory.canonical).toBe(`${BASE}/listings?type=startup`);
  expect(jsonLdNodes(directory.jsonLd).map((n) => [n["@type"], checkJsonLd(n)])).toEqual([
    ["ItemList", []],
    ["BreadcrumbList", []],
  ]);

  const filtered = readPageSeo(await (await crawler.get("/listings?searchQuery=data")).text());
  expect(filtered.meta.robots).toBe("noindex, follow");
  expect(filtered.canonical).toBe(`${BASE}/listings`);
});

test("Ada Admin opens the crawler test page: four statistics, a passing checklist, 5 sample listings, crawler view", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await signInAs(page, "Ada Admin", { returnTo: "/seo-test" });

  await expect(page.getByRole("heading", { level: 1, name: "Crawler Test" })).toBeVisible();
  await expect(page.getByRole("link", { name: "View Live Site" })).toHaveAttribute("href", "/listings");
  const stats = page.getByTestId("crawler-stat");
  await expect(stats).toHaveCount(4, { timeout: 60_000 });
  await expect(stats.nth(0)).toContainText(`Total Listings${indexable.length + 1}`);
  for (const [i, label] of ["Total Listings", "With Content", "Visible Fields", "SEO Coverage"].entries())
    await expect(stats.nth(i)).toContainText(label);
  await expect(stats.nth(3)).toContainText(/\d+\.\d%/);

  // The checklist is worked out from this server's real answers: on a correct build, every item passes.
  const checks = page.getByTestId("crawler-check");
  await expect(checks.first()).toBeVisible();
  expect(await checks.count()).toBeGreaterThan(10);
  await expect(page.getByText(/^Fail: /)).toHaveCount(0);
  await expect(page.getByText("1 listing marked noindex. Checked: noindex, archived, merged.")).toBeVisible();

  const samples = page.getByTestId("crawler-sample");
  await expect(samples).toHaveCount(5);
  const restricted = page.locator("[data-restricted]");
  expect(await restricted.count()).toBeGreaterThan(0);
  await expect(restricted.first()).toHaveCSS("opacity", "0.5");

  await page.getByRole("button", { name: "Enable Crawler View" }).click();
  await expect(page.getByRole("button", { name: "Crawler View Active" })).toHaveAttribute("aria-pressed", "true");
  await expect(restricted).toHaveCount(0);
  const unlocked = samples.getByRole("link", { name: /Restricted:/ }).first();
  await expect(unlocked).toHaveCSS("opacity", "1");
  await expect(unlocked).toHaveAttribute("href", /^\/profile\//);

  await page.goto("/debug/crawler-test");
  await expect(page.getByTestId("crawler-sample")).toHaveCount(5, { timeout: 60_000 });
  expect(errors).toEqual([]);
  await context.close();
});

test("the crawler test page is for admins only", async () => {
  const anonymous = await request.newContext({ baseURL: BASE });
  const response = await anonymous.get("/seo-test", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/sign-in?returnTo=%2Fseo-test");
  await anonymous.dispose();
});
