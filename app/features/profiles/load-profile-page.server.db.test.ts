/**
 * loadProfilePage (decision 0109): the profile with its lists beside it, the lists that are a nicety left out when
 * they fail (the profile still shows), and a merged listing's address leading to the survivor.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type * as matchFinder from "~/features/matches/find-matches.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loadProfilePage } from "./load-profile-page.server.ts";
import type * as similarListings from "./similar-listings.server.ts";

/** Similar listings and match suggestions that fail on demand, as a slow or broken query would; real otherwise. */
const failing = vi.hoisted(() => ({ similar: false, matches: false }));
vi.mock("./similar-listings.server.ts", async (original) => {
  const real = await original<typeof similarListings>();
  return {
    ...real,
    getSimilarListings: (...args: Parameters<typeof real.getSimilarListings>) =>
      failing.similar ? Promise.reject(new Error("statement timeout")) : real.getSimilarListings(...args),
  };
});
vi.mock("~/features/matches/find-matches.server.ts", async (original) => {
  const real = await original<typeof matchFinder>();
  return {
    ...real,
    findMatches: (...args: Parameters<typeof real.findMatches>) =>
      failing.matches ? Promise.reject(new Error("statement timeout")) : real.findMatches(...args),
  };
});

let database: Database;
let startup: { id: string; slug: string };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
  startup = (
    await database.rows<{ id: string; slug: string }>(
      sql`SELECT id, slug FROM listings WHERE type = 'startup' AND visibility = 'public' AND processing_status = 'published' ORDER BY slug LIMIT 1`,
    )
  )[0]!;
});

afterAll(async () => {
  await database?.close();
});

const load = (type: "startup" | "investor" | "partner", slug: string) =>
  loadProfilePage(database, {
    type,
    slug,
    user: null,
    request: new Request(`http://localhost/profile/${type}/${slug}`),
    socialImageOf: (shown) => `card of ${shown.name}`,
  });

describe("loadProfilePage", () => {
  it("shows a visitor the profile with similar listings beside it and the card of what everyone is sent", async () => {
    const page = await load("startup", startup.slug);
    expect(page.status).toBe("ok");
    if (page.status !== "ok") return;
    expect(page.listing.slug).toBe(startup.slug);
    expect(page.similar.length).toBeGreaterThan(0);
    expect(page.socialImage).toBe(`card of ${page.listing.name}`);
    expect(page.follow).toBeNull();
  });

  it("still shows the profile when similar listings and match suggestions fail, without them", async () => {
    failing.similar = true;
    failing.matches = true;
    try {
      const page = await load("startup", startup.slug);
      expect(page).toMatchObject({ status: "ok", similar: [], matches: { status: "none" } });
    } finally {
      failing.similar = false;
      failing.matches = false;
    }
  });

  it("leads a merged listing's address to its survivor, and says not found for a slug no listing had", async () => {
    const [merged] = await database.rows<{ id: string; slug: string }>(
      sql`SELECT id, slug FROM listings WHERE type = 'startup' AND id <> ${startup.id} AND processing_status = 'published' ORDER BY slug LIMIT 1`,
    );
    await database.rows(sql`UPDATE listings SET processing_status = 'merged', merged_into = ${startup.id} WHERE id = ${merged!.id}`);
    expect(await load("startup", merged!.slug)).toEqual({ status: "moved", to: `/profile/startup/${encodeURIComponent(startup.slug)}` });
    expect(await load("startup", "no-such-listing")).toEqual({ status: "not_found" });
  });
});
