import { sql } from "drizzle-orm";
import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { DATA_SOURCE_ERROR_MESSAGE } from "~/lib/errors.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { pageError } from "~/lib/error-answer.server.ts";
import { loaderArgs, unreachableDatabase } from "#test-support/test-route.ts";
import type { Route } from "./+types/profile";
import { loader } from "./profile.tsx";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 60);
});

afterAll(async () => {
  await database?.close();
});

/** Calls the loader the way the server does: a real Request and a context holding the app context. */
function callLoader(type: string, slug: string, db: Database = database) {
  return loader(loaderArgs<Route.LoaderArgs>(db, `/profile/${type}/${slug}`, { type, slug }));
}

/** What `data(value, init)` returns: React Router exports only its type. */
function isDataWithInit(value: unknown): value is DataWithResponseInit<unknown> {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

function statusOf(result: unknown): number {
  if (isDataWithInit(result)) return result.init?.status ?? 200;
  if (result instanceof Response) return result.status;
  return 200;
}

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the loader to throw");
}

describe("profile route loader", () => {
  it("sends a phone the viewer may see grouped for reading (the JSON API keeps E.164)", async () => {
    const [row] = await database.rows<{ slug: string }>(sql`
      UPDATE listings SET phone = '+442079460752', field_visibility = field_visibility || '{"phone": "public"}'::jsonb
      WHERE id = (SELECT id FROM listings WHERE type = 'startup' AND visibility = 'public' ORDER BY name LIMIT 1) RETURNING slug`);
    const result = await callLoader("startup", row!.slug);
    if (isDataWithInit(result) || result.status !== "ok") throw new Error("expected a profile");
    expect(result.listing.phone).toBe("+44 20 7946 0752");
  });

  it("returns a visitor's gated profile: no team names, similar listings beside it", async () => {
    const [row] = await database.rows<{ slug: string; team: string[] }>(sql`
      SELECT l.slug, array_agg(t.name) AS team FROM listings l JOIN team_members t ON t.listing_id = l.id
      WHERE l.type = 'startup' AND l.visibility = 'public' AND NOT (l.field_visibility ? 'team')
      GROUP BY l.id ORDER BY l.name LIMIT 1`);
    const result = await callLoader("startup", row!.slug);
    expect(statusOf(result)).toBe(200);
    if (isDataWithInit(result) || result.status !== "ok") throw new Error("expected a profile");
    expect(result.listing.slug).toBe(row!.slug);
    expect(result.listing.lockedFields.team?.placeholder).toBe("Team profiles available");
    expect(result.similar.length).toBeLessThanOrEqual(3);
    const json = JSON.stringify(result);
    for (const name of row!.team) expect(json).not.toContain(name);
  });

  it("returns only the teaser for a listing above the visitor's tier", async () => {
    const [row] = await database.rows<{ slug: string; type: string; description: string }>(sql`
      SELECT slug, type, description FROM listings WHERE visibility = 'premium' AND description IS NOT NULL ORDER BY name LIMIT 1`);
    const result = await callLoader(row!.type, row!.slug);
    if (isDataWithInit(result) || result.status !== "locked") throw new Error("expected a teaser");
    expect(result.teaser.locked).toBe(true);
    expect(JSON.stringify(result)).not.toContain(row!.description);
  });

  it("answers 404 for an unknown type or slug", async () => {
    expect(statusOf(await callLoader("company", "anything"))).toBe(404);
    expect(statusOf(await callLoader("startup", "no-such-listing"))).toBe(404);
  });

  it("redirects other spellings of the type to the one address", async () => {
    const response = await thrownBy(callLoader("Startups", "some-slug"));
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(301);
    expect((response as Response).headers.get("Location")).toBe("/profile/startup/some-slug");
  });

  it("answers the database out of reach with a 503 and the data-source message, for the error boundary", async () => {
    const error = pageError(await thrownBy(callLoader("startup", "any", unreachableDatabase())));
    expect(isDataWithInit(error)).toBe(true);
    expect(statusOf(error)).toBe(503);
    expect((error as DataWithResponseInit<{ message: string }>).data).toMatchObject({ message: DATA_SOURCE_ERROR_MESSAGE });
    expect(JSON.stringify(error)).not.toContain("ECONNREFUSED");
  });
});
