/** Search-engine routes (issue 6 §6): robots.txt, the sitemaps, and what a profile tells crawlers. */
import { sql } from "drizzle-orm";
import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs } from "#test-support/test-route.ts";
import type * as ProfileRoute from "./+types/profile";
import * as profile from "./profile.tsx";
import * as robots from "./robots.ts";
import type * as RootRoute from "../+types/root";
import * as root from "../root.tsx";
import * as sitemap from "./sitemap.ts";
import * as sitemapIndex from "./sitemap-index.ts";

let database: Database;
let hidden: { type: string; slug: string };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 30);
  [hidden] = (await database.rows<{ type: string; slug: string }>(
    sql`UPDATE listings SET noindex = true WHERE slug = (SELECT slug FROM listings WHERE visibility = 'public' ORDER BY slug LIMIT 1) RETURNING type, slug`,
  )) as [{ type: string; slug: string }];
});

afterAll(async () => {
  await database?.close();
});

const args = <T>(path: string, params: Record<string, string> = {}) => loaderArgs<T>(database, path, params);

describe("GET /robots.txt", () => {
  it("is plain text naming the sitemap on http://localhost:PORT when PUBLIC_URL is unset", async () => {
    const response = robots.loader();
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});

/**
 * Issue 29 finding 7: without PUBLIC_URL, robots.txt, the sitemaps and every page's canonical, og:url and JSON-LD were
 * written on the request's Host (X-Forwarded-Host behind a proxy), and robots.txt and the sitemaps are cached publicly
 * for an hour. The server builds request.url from those headers (server/react-router-handler.ts): here it names
 * evil.example, as it would for `curl -H 'Host: evil.example'`.
 */
describe("a request naming another host, PUBLIC_URL unset", () => {
  const EVIL = "evil.example";
  const crafted = <T>(path: string, params: Record<string, string> = {}) =>
    loaderArgs<T>(database, `http://${EVIL}${path}`, params, { init: { headers: { "X-Forwarded-Host": EVIL } } });

  it("gets robots.txt and every sitemap on http://localhost:PORT, which no longer differ by host", async () => {
    const bodies = [
      await robots.loader().text(),
      await (await sitemapIndex.loader(crafted("/sitemap.xml"))).text(),
      await (await sitemap.loader(crafted("/sitemaps/pages.xml", { name: "pages.xml" }))).text(),
      await (await sitemap.loader(crafted("/sitemaps/listings-1.xml", { name: "listings-1.xml" }))).text(),
    ];
    for (const body of bodies) {
      expect(body).not.toContain(EVIL);
      expect(body).toContain("http://localhost:3000/");
    }
  });

  it("gets pages whose origin (canonical, og:url, og:image, JSON-LD) is http://localhost:PORT", async () => {
    const data = await root.loader(crafted<RootRoute.Route.LoaderArgs>("/"));
    expect(data.origin).toBe("http://localhost:3000");
  });
});

describe("GET /sitemap.xml and /sitemaps/:name", () => {
  it("serve XML: the index, then the files it names", async () => {
    const index = await sitemapIndex.loader(args("/sitemap.xml"));
    expect(index.status).toBe(200);
    expect(index.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const locs = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toEqual(["/sitemaps/pages.xml", "/sitemaps/listings-1.xml"]);

    const listings = await sitemap.loader(args("/sitemaps/listings-1.xml", { name: "listings-1.xml" }));
    expect(listings.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const body = await listings.text();
    expect(body.match(/<url>/g)).toHaveLength(29);
    expect(body).not.toContain(`/profile/${hidden.type}/${hidden.slug}<`);

    const pages = await (await sitemap.loader(args("/sitemaps/pages.xml", { name: "pages.xml" }))).text();
    expect(pages).toContain("<loc>http://localhost:3000/privacy-policy</loc>");
  });

  it("answer 404 for a file that does not exist", async () => {
    for (const name of ["listings-2.xml", "other.xml", "listings-0.xml"])
      expect((await answerOf(sitemap.loader(args(`/sitemaps/${name}`, { name })))).status).toBe(404);
  });
});

describe("a profile kept out of search engines", () => {
  const load = (type: string, slug: string) =>
    profile.loader(args<ProfileRoute.Route.LoaderArgs>(`/profile/${type}/${slug}`, { type, slug }));

  it("says noindex in its header and in its robots meta tag", async () => {
    const result = (await load(hidden.type, hidden.slug)) as DataWithResponseInit<{ status: string; noindex: boolean }>;
    expect(result.type).toBe("DataWithResponseInit");
    expect(new Headers(result.init?.headers).get("X-Robots-Tag")).toBe("noindex");
    const meta = profile.meta({
      loaderData: result.data,
      matches: [{ id: "root", loaderData: { origin: "https://introbase.test" } }],
    } as unknown as ProfileRoute.Route.MetaArgs);
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: `https://introbase.test/profile/${hidden.type}/${hidden.slug}`,
    });
  });

  it("while other profiles stay indexable, with their canonical link", async () => {
    const [other] = await database.rows<{ type: string; slug: string }>(sql`SELECT type, slug FROM listings WHERE NOT noindex LIMIT 1`);
    const result = await load(other!.type, other!.slug);
    expect((result as { type?: string }).type).not.toBe("DataWithResponseInit");
    const meta = profile.meta({ loaderData: result, matches: [{ id: "root", loaderData: { origin: "https://introbase.test" } }] } as never);
    expect(meta.some((t) => (t as { name?: string }).name === "robots")).toBe(false);
    expect(meta).toContainEqual({ property: "og:url", content: `https://introbase.test/profile/${other!.type}/${other!.slug}` });
  });
});
