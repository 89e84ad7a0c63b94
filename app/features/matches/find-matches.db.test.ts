import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import type { AccessLevel } from "../access/tiers.ts";
import { findMatches } from "./find-matches.server.ts";
import type { MatchesView } from "./matches-view.ts";
import { seedMatchScenario } from "./test-support.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedMatchScenario(database);
});

afterAll(async () => {
  await database?.close();
});

async function viewOf(type: "startup" | "investor" | "partner", slug: string, tier: AccessLevel, limit?: number): Promise<MatchesView> {
  const found = await findMatches(database, type, slug, { tier }, { limit });
  if (!found) throw new Error(`no listing ${type}/${slug}`);
  return found.view;
}

function items(view: MatchesView) {
  if (view.status !== "ok") throw new Error(`expected suggestions, got ${view.status}`);
  return view.items.map((x) => [x.slug, x.score, x.summary]);
}

describe("findMatches", () => {
  it("suggests the investors that fit a startup, best first, with the reasons in words", async () => {
    expect(items(await viewOf("startup", "paylane", "subscriber"))).toEqual([
      ["northgate-seed", 85, "Invests in Seed, FinTech: Payments, Europe"],
      ["lattice-lending", 60, "Invests in Seed, FinTech sector, Europe"],
    ]);
  });

  it("adds the listings only Premium members may open for a Premium member, in score order", async () => {
    expect(items(await viewOf("startup", "paylane", "premium")).map(([slug]) => slug)).toEqual([
      "northgate-seed",
      "vault-ventures",
      "lattice-lending",
    ]);
  });

  it("suggests the startups that fit an investor's focus, unknown stages after known ones", async () => {
    expect(items(await viewOf("investor", "northgate-seed", "subscriber"))).toEqual([
      ["paylane", 85, "Fits its focus: Seed, FinTech: Payments, Europe"],
      ["nostage-pay", 60, "Fits its focus: FinTech: Payments, Europe"],
    ]);
    expect(items(await viewOf("investor", "northgate-seed", "premium")).map(([slug]) => slug)).toEqual([
      "paylane",
      "premium-pay",
      "nostage-pay",
    ]);
  });

  it("keeps to the limit", async () => {
    expect(items(await viewOf("startup", "paylane", "premium", 1)).map(([slug]) => slug)).toEqual(["northgate-seed"]);
  });

  it("shows a visitor the locked section and reads no candidate", async () => {
    expect(await viewOf("startup", "paylane", "public")).toEqual({ status: "locked", side: "investors", requiredTier: "subscriber" });
  });

  it("locks the matches of a listing above the viewer's tier at that listing's tier", async () => {
    expect(await viewOf("investor", "vault-ventures", "subscriber")).toEqual({
      status: "locked",
      side: "startups",
      requiredTier: "premium",
    });
    expect((await viewOf("investor", "vault-ventures", "premium")).status).toBe("ok");
  });

  it("has no matches for a partner, and no answer for a listing that is not published or not there", async () => {
    expect(await viewOf("partner", "pay-partner", "premium")).toEqual({ status: "none" });
    expect(await findMatches(database, "investor", "drafty-fund", { tier: "premium" })).toBeNull();
    expect(await findMatches(database, "startup", "no-such-listing", { tier: "premium" })).toBeNull();
    // The right slug with the wrong type is another listing, which does not exist.
    expect(await findMatches(database, "investor", "paylane", { tier: "premium" })).toBeNull();
  });

  it("suggests nothing for a listing without industries", async () => {
    await seedMatchScenario(database, [{ slug: "bare", type: "startup", industries: [], geographies: ["Europe"], stage: "Seed" }]);
    expect(await findMatches(database, "startup", "bare", { tier: "premium" })).toMatchObject({ view: { status: "ok", items: [] } });
  });
});
