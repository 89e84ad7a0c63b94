import { describe, expect, it } from "vitest";
import * as seed from "#demo/reference-data.ts";
import type { ReferenceData } from "../catalog/reference-data.server.ts";
import { effectiveSort, parseDirectoryQuery, type DirectoryQuery } from "./directory-filters.ts";
import { interpretQuery, meaningsOf, withCities } from "./query-interpretation.ts";

/** The reference lists the demo database starts with (the flat industries, before the taxonomy migration). */
const flat: ReferenceData = {
  industries: seed.PRIMARY_CATEGORIES.map((name, i) => ({
    id: i + 1,
    name,
    primaryCategory: null,
    secondaryCategory: null,
    industryKey: null,
    preMigrationName: null,
  })),
  geographies: seed.GEOGRAPHIES.map((name, i) => ({ id: i + 1, name })),
  countries: seed.COUNTRIES.map(([name, isoCode], i) => ({ id: i + 1, name, isoCode, emoji: null })),
  fundingStages: seed.FUNDING_STAGES.map((name, i) => ({ id: i + 1, name })),
  targetPersonas: [],
  businessModels: [],
  revenueRanges: [],
  visibilityLevels: [],
};

/** After the migration: records under primary categories, labelled by secondary ones. */
const migrated: ReferenceData = {
  ...flat,
  industries: [
    {
      id: 1,
      name: "AI: Applied AI",
      primaryCategory: "AI",
      secondaryCategory: "Applied AI",
      industryKey: "AI::Applied AI",
      preMigrationName: "AI",
    },
    {
      id: 2,
      name: "AI: Machine Learning",
      primaryCategory: "AI",
      secondaryCategory: "Machine Learning",
      industryKey: "AI::Machine Learning",
      preMigrationName: null,
    },
    {
      id: 3,
      name: "FinTech: Payments",
      primaryCategory: "FinTech",
      secondaryCategory: "Payments",
      industryKey: "FinTech::Payments",
      preMigrationName: "FinTech",
    },
  ],
};

const NAMES = new Set(["berlin robotics", "fintech hub"]);
const isName = (phrase: string) => NAMES.has(phrase.trim().toLowerCase());

function read(search: string, ref = flat, cities?: string[]) {
  const parsed = parseDirectoryQuery(new URLSearchParams(search));
  if (!parsed.ok) throw new Error(parsed.error);
  return interpretQuery(parsed.query, ref, isName, cities ? withCities(meaningsOf(ref), cities) : undefined);
}

const filtersOf = (q: DirectoryQuery) => ({
  type: q.entityType,
  industries: q.industries,
  fundingStages: q.fundingStages,
  countries: q.countries,
  geographies: q.geographies,
  text: q.searchQuery,
});

describe("interpretQuery with the headquarters cities a viewer may see", () => {
  const CITIES = ["Berlin", "São Paulo", "New York", "Singapore", "Reading", "Nice"];

  it("reads 'Berlin startups' and 'startups based in New York' as startups headquartered there", () => {
    expect(read("searchQuery=Berlin startups", flat, CITIES).query).toMatchObject({ entityType: "startup", cities: ["Berlin"] });
    const { query, interpretation } = read("searchQuery=fintech startups based in new york", flat, CITIES);
    expect(query).toMatchObject({ entityType: "startup", industries: ["FinTech"], cities: ["New York"], searchQuery: undefined });
    expect(interpretation?.terms.map((t) => [t.words, t.filter])).toContainEqual(["new york", "cities"]);
    expect(read("searchQuery=sao paulo investors", flat, CITIES).query.cities).toEqual(["São Paulo"]);
  });

  it("leaves a city that is also a country, an ordinary word, or unknown to this viewer to the rest of the rules", () => {
    expect(read("searchQuery=Singapore funds", flat, CITIES).query).toMatchObject({ countries: ["Singapore"], cities: [] });
    expect(read("searchQuery=reading app startups", flat, CITIES).query).toMatchObject({ cities: [], searchQuery: "reading app" });
    expect(read("searchQuery=nice startups", flat, CITIES).query.cities).toEqual([]);
    expect(read("searchQuery=Berlin startups", flat).query).toMatchObject({ cities: [], searchQuery: "berlin" });
  });
});

describe("interpretQuery", () => {
  it("reads 'Fintech startups' as startups in FinTech, with nothing left to search", () => {
    const { query, interpretation } = read("searchQuery=Fintech startups");
    expect(filtersOf(query)).toMatchObject({ type: "startup", industries: ["FinTech"], text: undefined });
    expect(interpretation?.terms.map((t) => [t.words, t.filter, t.values])).toEqual([
      ["fintech", "industries", ["FinTech"]],
      ["startups", "type", ["startup"]],
    ]);
    expect(interpretation?.remainingText).toBe("");
  });

  it("reads 'AI for construction' as the AI industry searching for construction: an industry after 'for' is the market", () => {
    const { query } = read("searchQuery=AI for construction");
    expect(filtersOf(query)).toMatchObject({ industries: ["AI"], text: "construction" });
  });

  it("reads 'who invests in drone startups' as investors searched for drones: the startups are what they invest in", () => {
    const { query, interpretation } = read("searchQuery=who invests in drone startups");
    expect(filtersOf(query)).toMatchObject({ type: "investor", text: "drone" });
    expect(interpretation?.terms.map((t) => [t.words, t.filter, t.values])).toEqual([["invests in", "type", ["investor"]]]);
    expect(filtersOf(read("searchQuery=funds investing in fintech startups").query)).toMatchObject({
      type: "investor",
      industries: ["FinTech"],
      text: undefined,
    });
  });

  it("knows short forms and synonyms, stages and places, several of each", () => {
    const { query } = read("searchQuery=seed-stage proptech VCs in the UK and Hungary");
    expect(filtersOf(query)).toMatchObject({
      type: "investor",
      industries: ["Real Estate"],
      fundingStages: ["Seed"],
      countries: ["United Kingdom", "Hungary"],
      text: undefined,
    });
    expect(filtersOf(read("searchQuery=series a climate funds in Europe").query)).toMatchObject({
      fundingStages: ["Series A"],
      industries: ["Environmental Services"],
      geographies: ["Europe"],
      type: "investor",
    });
  });

  it("reads a region the reference lists lack as the countries it has", () => {
    expect(read("searchQuery=nordics healthtech").query).toMatchObject({
      countries: ["Sweden", "Denmark", "Finland"],
      industries: ["Healthcare"],
    });
  });

  it("leaves a search that is a listing's name alone, even when its words name filters", () => {
    expect(read("searchQuery=Berlin Robotics")).toEqual({
      query: expect.objectContaining({ searchQuery: "Berlin Robotics", industries: [] }),
      interpretation: null,
    });
    expect(read("searchQuery=fintech hub").interpretation).toBeNull();
  });

  it("leaves unknown words as text and interprets nothing when no word names a filter", () => {
    expect(read("searchQuery=milestone-based payments").interpretation).toBeNull();
    expect(read("searchQuery=navzanics").interpretation).toBeNull();
    const { query } = read("searchQuery=fintech milestone-based payouts");
    expect(filtersOf(query)).toMatchObject({ industries: ["FinTech"], text: "milestone based payouts" });
  });

  it("does not read two-letter words as codes ('in' is not India, 'us' not the United States)", () => {
    expect(read("searchQuery=tools for us in it").interpretation).toBeNull();
  });

  it("keeps the type already chosen, and no type when the words name two", () => {
    expect(read("searchQuery=fintech startups&type=investor").query).toMatchObject({ entityType: "investor", industries: ["FinTech"] });
    const both = read("searchQuery=fintech startups and investors");
    expect(both.query.entityType).toBeUndefined();
    expect(both.interpretation?.terms.map((t) => t.filter)).toEqual(["industries"]);
  });

  it("adds to the filters already chosen without repeating them, and ranks by the words when no text is left", () => {
    const { query } = read("searchQuery=fintech&industries=fintech&industries=AI&sort=relevance&page=3");
    expect(query).toMatchObject({ industries: ["fintech", "AI"], page: 1, searchQuery: undefined, rankBy: "fintech" });
    expect(effectiveSort(query)).toBe("relevance");
    expect(effectiveSort(read("searchQuery=fintech&sort=newest").query)).toBe("newest");
  });

  it("resolves against the migrated taxonomy: ML is the Machine Learning label there, AI the category", () => {
    expect(read("searchQuery=ML startups", migrated).query.industries).toEqual(["Machine Learning"]);
    expect(read("searchQuery=ML startups").query.industries).toEqual(["AI"]);
    // "Payments" is a one-word label: an ordinary word of a phrase, not a filter.
    expect(read("searchQuery=payments", migrated).interpretation).toBeNull();
  });
});
