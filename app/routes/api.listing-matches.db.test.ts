import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccessLevel } from "~/features/access/tiers.ts";
import { MATCHES_API } from "~/features/matches/matches-api-schema.ts";
import { seedMatchScenario } from "~/features/matches/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { DATA_SOURCE_ERROR_MESSAGE } from "~/lib/errors.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs, testUser, unreachableDatabase } from "#test-support/test-route.ts";
import type { Route } from "./+types/api.listing-matches";
import { loader } from "./api.listing-matches.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedMatchScenario(database);
});

afterAll(async () => {
  await database?.close();
});

async function get(path: string, tier: AccessLevel | null, db: Database = database) {
  const [, type = "", slug = ""] = /^\/api\/listings\/([^/]*)\/([^/?]*)\/matches/.exec(path) ?? [];
  const user = tier ? testUser(tier) : null;
  const response = await answerOf(loader(loaderArgs<Route.LoaderArgs>(db, path, { type, slug: decodeURIComponent(slug) }, { user })));
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

describe("GET /api/listings/:type/:slug/matches", () => {
  it("200 with the suggestions a subscriber may see, in the documented shape", async () => {
    const { status, body, headers } = await get("/api/listings/startup/paylane/matches", "subscriber");
    expect(status).toBe(200);
    expect(MATCHES_API.response.parse(body)).toEqual(body);
    expect(body).toMatchObject({ listing: { type: "startup", slug: "paylane", name: "Paylane" }, side: "investors", locked: false });
    expect((body.data as Array<{ slug: string }>).map((x) => x.slug)).toEqual(["northgate-seed", "lattice-lending"]);
    expect(headers.get("Cache-Control")).toBe("no-store");
  });

  it("reads the spec's other spellings of the type", async () => {
    const { status, body } = await get("/api/listings/Investors/northgate-seed/matches", "premium");
    expect(status).toBe(200);
    expect(body.side).toBe("startups");
  });

  it("200 with locked: true, the way in and no suggestion for a visitor", async () => {
    const { status, body } = await get("/api/listings/startup/paylane/matches", null);
    expect(status).toBe(200);
    expect(body).toEqual({
      listing: { type: "startup", slug: "paylane", name: "Paylane" },
      side: "investors",
      locked: true,
      requiredTier: "subscriber",
      message: "Subscribe to see investors that fit Paylane",
      data: [],
    });
  });

  it("200 locked at Premium for a listing only Premium members may open", async () => {
    const { body } = await get("/api/listings/investor/vault-ventures/matches", "subscriber");
    expect(body).toMatchObject({ locked: true, requiredTier: "premium", data: [] });
    expect(body.message).toBe("Upgrade to see startups that fit Vault Ventures");
  });

  it("honours limit", async () => {
    const { body } = await get("/api/listings/startup/paylane/matches?limit=1", "premium");
    expect((body.data as unknown[]).length).toBe(1);
  });

  it("400 with a message for a bad type, a partner, a bad limit", async () => {
    for (const [path, message] of [
      ["/api/listings/company/x/matches", /startup or investor/],
      ["/api/listings/partner/pay-partner/matches", /startup or investor/],
      ["/api/listings/startup/paylane/matches?limit=0", /at least 1/],
      ["/api/listings/startup/paylane/matches?limit=21", /at most 20/],
      ["/api/listings/startup/paylane/matches?limit=two", /whole number/],
      ["/api/listings/startup/paylane/matches?limit=1.5", /whole number/],
      [`/api/listings/startup/${"x".repeat(201)}/matches`, /at most 200/],
    ] as const) {
      const { status, body } = await get(path, "premium");
      expect(status, path).toBe(400);
      expect(body.error, path).toMatch(message);
    }
  });

  it("404 for a listing that is not there or not published", async () => {
    for (const path of [
      "/api/listings/startup/no-such/matches",
      "/api/listings/investor/drafty-fund/matches",
      "/api/listings/investor/paylane/matches",
    ]) {
      const { status, body } = await get(path, "premium");
      expect(status, path).toBe(404);
      expect(body.error).toBe("Listing not found");
    }
  });

  it("503 with the data-source message when the database is out of reach", async () => {
    const { status, body } = await get("/api/listings/startup/paylane/matches", "premium", unreachableDatabase());
    expect(status).toBe(503);
    expect(body.error).toBe(DATA_SOURCE_ERROR_MESSAGE);
  });
});
