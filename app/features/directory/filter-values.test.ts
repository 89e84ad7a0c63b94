import { describe, expect, it } from "vitest";
import type { ReferenceData } from "../catalog/reference-data.server.ts";
import { parseDirectoryQuery } from "./directory-filters.ts";
import { resolveFilterValues } from "./filter-values.ts";

const industry = (id: number, name: string, primary: string, secondary: string | null, before: string | null = null) => ({
  id,
  name,
  primaryCategory: primary,
  secondaryCategory: secondary,
  industryKey: secondary ? `${primary}::${secondary}` : null,
  preMigrationName: before,
});

/** After the industries migration: the flat "AI" became "AI: Applied AI", and more records joined it. */
const migrated: ReferenceData = {
  industries: [
    industry(1, "AI: Applied AI", "AI", "Applied AI", "AI"),
    industry(2, "AI: Machine Learning", "AI", "Machine Learning"),
    industry(3, "Analytics: Data Analytics", "Analytics", "Data Analytics", "Analytics"),
    industry(4, "Software: Data Analytics", "Software", "Data Analytics"),
    industry(5, "FinTech: Payments", "FinTech", "Payments", "FinTech"),
  ],
  geographies: [{ id: 1, name: "Europe" }],
  countries: [{ id: 7, name: "Germany", isoCode: "DE", emoji: null }],
  fundingStages: [{ id: 1, name: "Seed" }],
  targetPersonas: [{ id: 1, name: "CTO" }],
  businessModels: [{ id: 1, code: "retainer", name: "Retainer" }],
  revenueRanges: [{ id: 1, code: "1m_to_5m", name: "$1M < X < $5M" }],
  visibilityLevels: [],
};

function resolve(search: string) {
  const parsed = parseDirectoryQuery(new URLSearchParams(search));
  if (!parsed.ok) throw new Error(parsed.error);
  return resolveFilterValues(parsed.query, migrated);
}

describe("resolveFilterValues", () => {
  it("keeps a link to a flat industry working after the migration: it means the whole primary category", () => {
    expect(resolve("industries=AI")).toEqual(expect.objectContaining({ unknown: [] }));
    expect(resolve("industries=AI").keys.industries).toEqual(["1", "2"]);
    expect(resolve("industries=fintech").keys.industries).toEqual(["5"]);
  });

  it("takes a record's name, its key, a secondary label under several primaries, or its name before the migration", () => {
    expect(resolve("industries=AI: Machine Learning").keys.industries).toEqual(["2"]);
    expect(resolve("industries=AI::Machine%20Learning").keys.industries).toEqual(["2"]);
    expect(resolve("industries=Data Analytics").keys.industries).toEqual(["3", "4"]);
    expect(resolve("industries=Analytics").keys.industries).toEqual(["3"]);
  });

  it("names every value that stands for nothing", () => {
    expect(resolve("industries=Alchemy&countries=DE&countries=Atlantis").unknown).toEqual([
      { filter: "industries", value: "Alchemy" },
      { filter: "countries", value: "Atlantis" },
    ]);
    expect(resolve("countries=de").keys.countries).toEqual(["7"]);
  });
});
