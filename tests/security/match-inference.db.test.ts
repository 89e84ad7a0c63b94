/**
 * Match suggestions (issue 18 §4, decision 0064) gated like the rest of the directory: a visitor learns nothing of any
 * suggestion, and a member learns nothing of a listing above their tier, neither from what is named nor from what is
 * left out, nor from the order or the scores (DESIGN D6, D14).
 */
import { sql } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccessLevel } from "~/features/access/tiers.ts";
import { MATCH_SCENARIO, nameOf, removeListings, seedMatchScenario } from "~/features/matches/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs, testUser } from "#test-support/test-route.ts";
import type { Route as ApiRoute } from "../../app/routes/+types/api.listing-matches";
import type { Route as ProfileRoute } from "../../app/routes/+types/profile";
import { loader as matchesApi } from "../../app/routes/api.listing-matches.ts";
import { loader as profile } from "../../app/routes/profile.tsx";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedMatchScenario(database);
  // Signed-in viewers spend a company view on a profile: they must exist.
  for (const tier of ["subscriber", "premium"] as const) {
    const member = testUser(tier);
    await database.db.insert(users).values({ id: member.id, name: member.name, email: member.email, tier });
  }
});

afterAll(async () => {
  await database?.close();
});

const user = (tier: AccessLevel | null) => ({ user: tier ? testUser(tier) : null });

/** What the API sends, as text. */
async function apiText(type: string, slug: string, tier: AccessLevel | null): Promise<string> {
  const response = await answerOf(
    matchesApi(loaderArgs<ApiRoute.LoaderArgs>(database, `/api/listings/${type}/${slug}/matches`, { type, slug }, user(tier))),
  );
  expect(response.status).toBe(200);
  return response.text();
}

/** What the profile page's loader sends (the route data serialized into the HTML and the .data requests), as text. */
async function profileText(type: string, slug: string, tier: AccessLevel | null): Promise<string> {
  const result = await profile(loaderArgs<ProfileRoute.LoaderArgs>(database, `/profile/${type}/${slug}`, { type, slug }, user(tier)));
  const value =
    (result as DataWithResponseInit<unknown>)?.type === "DataWithResponseInit" ? (result as DataWithResponseInit<unknown>).data : result;
  return JSON.stringify(value);
}

/** Every name and slug of a listing of the scenario other than `except`, or of one type only. */
const othersThan = (except: string, type?: string) =>
  MATCH_SCENARIO.filter((x) => x.slug !== except && (!type || x.type === type)).flatMap((x) => [x.slug, nameOf(x.slug)]);

describe("match suggestions never tell a viewer more than their tier", () => {
  it("send a visitor no suggestion, no reason and no count: on the profile and from the API", async () => {
    for (const word of [...othersThan("paylane"), "Invests in", "score"])
      expect(await apiText("startup", "paylane", null)).not.toContain(word);
    // The profile's similar startups are another section: only the investors are matches.
    for (const word of [...othersThan("paylane", "investor"), "Invests in", "score"]) {
      expect(await profileText("startup", "paylane", null)).not.toContain(word);
    }
    expect(await profileText("startup", "paylane", null)).toContain(
      '"matches":{"status":"locked","side":"investors","requiredTier":"subscriber"}',
    );
  });

  it("name no listing above a subscriber's tier, nor anything of it", async () => {
    for (const text of [await apiText("startup", "paylane", "subscriber"), await profileText("startup", "paylane", "subscriber")]) {
      expect(text).toContain("Northgate Seed");
      for (const word of ["vault-ventures", "Vault Ventures", "premium-pay", "Premium Pay"]) expect(text).not.toContain(word);
    }
    const investorSide = await apiText("investor", "northgate-seed", "subscriber");
    expect(investorSide).toContain("paylane");
    expect(investorSide).not.toContain("premium-pay");
  });

  it("do not change for a subscriber when a premium listing that would fit best comes or goes (order, scores, count)", async () => {
    const before = [await apiText("startup", "paylane", "subscriber"), await apiText("investor", "northgate-seed", "subscriber")];
    const perfect = [
      {
        slug: "aaa-premium-best",
        type: "investor" as const,
        industries: ["FinTech: Payments", "FinTech: Lending"],
        geographies: ["Europe"],
        countries: ["Germany"],
        stageFocus: "Seed",
        visibility: "premium" as const,
        featured: true,
      },
      {
        slug: "aaa-premium-startup",
        type: "startup" as const,
        industries: ["FinTech: Payments"],
        geographies: ["Europe"],
        stage: "Seed",
        visibility: "premium" as const,
        featured: true,
      },
    ];
    await seedMatchScenario(database, perfect);
    try {
      // The premium member sees the newcomers first: they do fit.
      expect(await apiText("startup", "paylane", "premium")).toMatch(/^\{[^[]*"data":\[\{"slug":"aaa-premium-best"/);
      expect([await apiText("startup", "paylane", "subscriber"), await apiText("investor", "northgate-seed", "subscriber")]).toEqual(
        before,
      );
      // Nor when a premium listing's hidden values change.
      await database.rows(sql`UPDATE listings SET stage_focus = 'Series C', geography_ids = '{}' WHERE slug = 'vault-ventures'`);
      expect([await apiText("startup", "paylane", "subscriber"), await apiText("investor", "northgate-seed", "subscriber")]).toEqual(
        before,
      );
    } finally {
      await removeListings(
        database,
        perfect.map((x) => x.slug),
      );
      await database.rows(
        sql`UPDATE listings SET stage_focus = 'Seed', geography_ids = (SELECT array_agg(id) FROM geographies WHERE name = 'Europe') WHERE slug = 'vault-ventures'`,
      );
    }
  });

  it("send no suggestion with the teaser of a listing above the viewer's tier", async () => {
    const page = await profileText("investor", "vault-ventures", "subscriber");
    expect(page).toContain('"status":"locked"');
    expect(page).not.toContain('"matches"');
    const api = await apiText("investor", "vault-ventures", "subscriber");
    for (const word of othersThan("vault-ventures")) expect(api).not.toContain(word);
  });
});
