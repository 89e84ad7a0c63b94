/**
 * Searches read as people mean them (issue 31, decision 0083), on the demo data: the directory page goes to the
 * address with the filters the words named and shows them as removable chips; the JSON API applies the same reading
 * and says what it was.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs, testUser } from "#test-support/test-route.ts";
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
  interpretation: {
    original: string;
    terms: Array<{ words: string; filter: string; values: string[] }>;
    remainingText: string;
    unmatched?: string[];
  } | null;
  sort: string;
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

  it("reads 'AI for construction' as the AI industry searching for construction, and lets 'construction' go when no AI listing has it", async () => {
    const answer = await api("/api/listings?searchQuery=AI%20for%20construction");
    expect(answer.interpretation?.terms).toEqual([{ words: "ai", filter: "industries", values: ["AI"] }]);
    // No AI listing of this directory says construction: the AI listings, ranked by the words, and the word let go said.
    expect(answer.interpretation?.unmatched).toEqual(["construction"]);
    expect(answer.interpretation?.remainingText).toBe("");
    expect(answer.sort).toBe("relevance");
    const ai = await api("/api/listings?industries=AI");
    expect(answer.pagination.totalRecords).toBe(ai.pagination.totalRecords);
    expect(answer.pagination.totalRecords).toBeGreaterThan(0);
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

  it("lets the last filter's words go when nothing matches them all, and says which", async () => {
    const words = "seed-stage climate startups in the Nordics";
    const all = await api(
      `/api/listings?type=startup&fundingStages=Seed&industries=Environmental%20Services&countries=Sweden,Denmark,Finland`,
    );
    expect(all.pagination.totalRecords).toBe(0);
    const answer = await api(`/api/listings?searchQuery=${encodeURIComponent(words)}`);
    expect(answer.interpretation?.unmatched).toEqual(["nordics"]);
    expect(answer.interpretation?.terms.map((t) => t.filter)).toEqual(["fundingStages", "industries", "type"]);
    const without = await api("/api/listings?type=startup&fundingStages=Seed&industries=Environmental%20Services");
    expect(answer.pagination.totalRecords).toBe(without.pagination.totalRecords);
    expect(answer.pagination.totalRecords).toBeGreaterThan(0);
  });

  it("reads 'construction tech' as the industry, and keeps 'speech analytics' a phrase to search", async () => {
    const contech = await api("/api/listings?searchQuery=investors%20in%20construction%20tech");
    expect(contech.interpretation?.terms.map((t) => [t.words, t.values])).toEqual([
      ["investors", ["investor"]],
      ["construction tech", ["Construction"]],
    ]);
    expect(contech.interpretation?.unmatched).toBeUndefined();
    expect(contech.pagination.totalRecords).toBeGreaterThan(0);
    const speech = await api("/api/listings?searchQuery=speech%20analytics%20for%20call%20centers");
    expect(speech.interpretation).toBeNull();
  });

  it("ranks by the words when every word became a filter: 'angel investors' puts the angels first", async () => {
    const answer = await api("/api/listings?searchQuery=angel%20investors&pageSize=100");
    expect(answer.sort).toBe("relevance");
    const namesAngels = (card: Card) => /angel/i.test(`${card.name} ${card.tagline}`);
    // The same investors as the type filter alone, whose default order (featured first) does not start with angels.
    const plain = await api("/api/listings?type=investor&pageSize=100");
    expect(answer.pagination.totalRecords).toBe(plain.pagination.totalRecords);
    // The investors naming angels come first (those saying it only in their description mixed in); in the default order
    // they are spread out.
    const angels = plain.data.filter(namesAngels).length;
    const amongFirst = (cards: Card[]) => cards.slice(0, angels).filter(namesAngels).length;
    expect(angels).toBeGreaterThan(1);
    expect(namesAngels(answer.data[0]!)).toBe(true);
    expect(amongFirst(answer.data)).toBeGreaterThan(amongFirst(plain.data));
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

  it("says which words it let go, on the page, until a filter is changed", async () => {
    const first = await page("/directory?searchQuery=AI+for+construction");
    const location = new URL(first.location!, "http://localhost");
    expect(location.searchParams.getAll("unmatched")).toEqual(["construction"]);
    const shown = await page(`${location.pathname}${location.search}`);
    expect(shown.data!.notices).toContain("Nothing matched all of “AI for construction”: “construction” left out.");
    expect(shown.data!.result.pagination.totalRecords).toBeGreaterThan(0);
    const chip = shown.data!.interpretation!.chips[0]!;
    expect(new URLSearchParams(chip.removeParams).has("unmatched")).toBe(false);
  });

  it("stays on a search that names no filter, or a listing", async () => {
    expect((await page("/directory?searchQuery=Nimbus+Health")).data!.interpretation).toBeNull();
    expect((await page("/directory?searchQuery=milestone")).location).toBeNull();
  });
});
