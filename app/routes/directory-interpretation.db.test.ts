/**
 * Searches read as people mean them (issue 31, decision 0083), on the demo data: the directory page goes to the
 * address with the filters the words named and shows them as removable chips; the JSON API applies the same reading
 * and says what it was.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#db/seed/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "~/lib/test-database.ts";
import { answerOf, loaderArgs, testUser } from "~/lib/test-route.ts";
import type { Route as ApiRoute } from "./+types/api.listings";
import type { Route as PageRoute } from "./+types/directory";
import { loader as listingsLoader } from "./api.listings.ts";
import { loader as pageLoader } from "./directory.tsx";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 300);
});

afterAll(async () => {
  await database?.close();
});

interface Card {
  name: string;
  type: string;
  tagline: string | null;
  industry: string[];
}
interface Answer {
  data: Card[];
  pagination: { totalRecords: number };
  interpretation: { original: string; terms: Array<{ words: string; filter: string; values: string[] }>; remainingText: string } | null;
}

async function api(path: string, user = testUser("premium")) {
  const response = await answerOf(listingsLoader(loaderArgs<ApiRoute.LoaderArgs>(database, path, {}, { user })));
  expect(response.status).toBe(200);
  return (await response.json()) as Answer;
}

/** The page's answer: the address it goes to instead, or what it shows. */
async function page(path: string) {
  try {
    const data = await pageLoader(loaderArgs<PageRoute.LoaderArgs>(database, path, {}, { user: testUser("premium") }));
    return { data, location: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    expect(thrown.status).toBe(302);
    return { data: null, location: thrown.headers.get("Location") };
  }
}

describe("GET /api/listings reads the search's words as filters", () => {
  it("answers 'Fintech startups' with startups in FinTech, and says so", async () => {
    const answer = await api("/api/listings?searchQuery=Fintech%20startups&pageSize=100");
    expect(answer.interpretation).toEqual({
      original: "Fintech startups",
      terms: [
        { words: "fintech", filter: "industries", values: ["FinTech"] },
        { words: "startups", filter: "type", values: ["startup"] },
      ],
      remainingText: "",
    });
    const filtered = await api("/api/listings?type=startup&industries=FinTech&pageSize=100");
    expect(answer.pagination.totalRecords).toBe(filtered.pagination.totalRecords);
    expect(answer.pagination.totalRecords).toBeGreaterThan(1);
    expect(answer.data.every((card) => card.type === "startup" && card.industry.includes("FinTech"))).toBe(true);
  });

  it("ranks a FinTech listing first for 'fintech', not a real-estate investor", async () => {
    const answer = await api("/api/listings?searchQuery=fintech");
    expect(answer.data[0]!.industry).toContain("FinTech");
    expect(answer.data.every((card) => card.industry.includes("FinTech"))).toBe(true);
    // The first one says so in its own words: no real-estate investor tagged FinTech without a word of finance.
    const silent = answer.data
      .slice(0, 1)
      .filter(
        (card) =>
          !/financ|fintech|pay|bank|ledger|treasur|money|lend|credit|insur|invoice|wealth|cash/i.test(`${card.name} ${card.tagline}`),
      );
    expect(silent.map((card) => `${card.name}: ${card.tagline} (${card.industry.join(", ")})`)).toEqual([]);
  });

  it("reads 'AI for construction' as the AI industry searching for construction", async () => {
    const answer = await api("/api/listings?searchQuery=AI%20for%20construction");
    expect(answer.interpretation?.terms).toEqual([{ words: "ai", filter: "industries", values: ["AI"] }]);
    expect(answer.interpretation?.remainingText).toBe("construction");
  });

  it("leaves a listing's name alone, though its words name an industry: the listing comes first", async () => {
    const answer = await api("/api/listings?searchQuery=Nimbus%20Health");
    expect(answer.interpretation).toBeNull();
    expect(answer.data[0]!.name).toBe("Nimbus Health");
  });

  it("searches the words as typed with interpret=false", async () => {
    const answer = await api("/api/listings?searchQuery=Fintech%20startups&interpret=false");
    expect(answer.interpretation).toBeNull();
    const read = await api("/api/listings?searchQuery=Fintech%20startups");
    expect(answer.pagination.totalRecords).not.toBe(read.pagination.totalRecords);
  });

  it("narrows a visitor exactly as the same filters chosen by hand would (decision 0030)", async () => {
    const read = await api("/api/listings?searchQuery=fintech%20startups%20in%20Germany", null as never);
    const chosen = await api("/api/listings?type=startup&industries=FinTech&countries=Germany", null as never);
    expect(read.interpretation?.terms.map((t) => t.filter)).toEqual(["industries", "type", "countries"]);
    expect(read.pagination.totalRecords).toBe(chosen.pagination.totalRecords);
    expect(read.data.map((card) => card.name)).toEqual(chosen.data.map((card) => card.name));
  });
});

describe("the directory page", () => {
  it("goes to the address with the filters, shows them as chips, and takes one away", async () => {
    const first = await page("/directory?searchQuery=Fintech+startups");
    const location = new URL(first.location!, "http://localhost");
    expect(location.pathname).toBe("/directory");
    expect(location.searchParams.get("type")).toBe("startup");
    expect(location.searchParams.getAll("industries")).toEqual(["FinTech"]);
    expect(location.searchParams.get("searchQuery")).toBeNull();
    expect(location.searchParams.get("interpreted")).toBe("Fintech startups");

    const shown = await page(`${location.pathname}${location.search}`);
    expect(shown.data!.query).toMatchObject({ entityType: "startup", industries: ["FinTech"] });
    const view = shown.data!.interpretation!;
    expect(view.chips.map((chip) => chip.label)).toEqual(["FinTech", "Startups"]);
    expect(new URLSearchParams(view.literalParams).get("searchQuery")).toBe("Fintech startups");
    expect(new URLSearchParams(view.literalParams).get("interpret")).toBe("false");

    const withoutType = await page(`/directory?${view.chips[1]!.removeParams}`);
    expect(withoutType.data!.query.entityType).toBeUndefined();
    expect(withoutType.data!.interpretation!.chips.map((chip) => chip.label)).toEqual(["FinTech"]);

    const literal = await page(`/directory?${view.literalParams}`);
    expect(literal.data!.query).toMatchObject({ searchQuery: "Fintech startups", industries: [] });
    expect(literal.data!.interpretation).toBeNull();
  });

  it("stays on a search that names no filter, or a listing", async () => {
    expect((await page("/directory?searchQuery=Nimbus+Health")).data!.interpretation).toBeNull();
    expect((await page("/directory?searchQuery=milestone")).location).toBeNull();
  });
});
