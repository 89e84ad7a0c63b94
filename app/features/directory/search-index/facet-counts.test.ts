import { describe, expect, it } from "vitest";
import { emptyBitset, fullBitset, hasBit, setBit, type Bitset } from "./bitset.ts";
import { CityColumn } from "./city-column.ts";
import { countFacets, CountsCache, countOptions, type ActiveFilter, type FacetDimension } from "./facet-counts.ts";
import type { Dimension, OptionSets } from "../viewer-options.ts";

const SIZE = 5_000;
let seed = 11;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

function randomSet(density: number): Bitset {
  const out = emptyBitset(SIZE);
  for (let p = 0; p < SIZE; p++) if (random() < density) setBit(out, p);
  return out;
}

function options(densities: Record<string, number>): Map<string, Bitset> {
  return new Map(Object.entries(densities).map(([key, d]) => [key, randomSet(d)]));
}

const sets: OptionSets = {
  entityType: options({ startup: 0.5, investor: 0.3, partner: 0.2 }),
  featured: options({ true: 0.05 }),
  industries: options({ 1: 0.2, 2: 0.1, 3: 0.01, 4: 0.001 }),
  geographies: options({ 1: 0.4, 2: 0.3 }),
  countries: options({ 1: 0.1, 2: 0.05 }),
  personas: options({ 1: 0.3 }),
  fundingStages: options({ 1: 0.2, 2: 0.2 }),
  businessModels: options({ 1: 0.5 }),
  revenueRanges: options({ 1: 0.1, 2: 0.0005 }),
  raised: options({ "under-1m": 0.2, "1m-5m": 0.1 }),
  teamSize: options({ "1-10": 0.3 }),
  ticketSize: options({ "under-500k": 0.05, "500k-2m": 0.05 }),
};

/** Headquarters cities: a column of codes, not option sets (city-column.ts); about a third of listings have none. */
const CITIES = ["Berlin", "Paris", "Lyon", null, null];
const cityOf = Array.from({ length: SIZE }, () => CITIES[Math.floor(random() * CITIES.length)]!);
const cities = (() => {
  const builder = CityColumn.builder();
  for (const city of cityOf) builder.push(city);
  return builder.finish();
})();
const countCities = (base: Bitset) => cities.count(base);

function cityFilter(...names: string[]): ActiveFilter {
  const codes = names.map((name) => cities.codeOf(name)!);
  return { dimension: "cities", key: codes.join(","), admits: cities.matching(codes, fullBitset(SIZE)) };
}

/** The counts by the definition, listing by listing. */
function naive(filters: ActiveFilter[]) {
  const admitted = (p: number, skip?: FacetDimension) => filters.every((f) => f.dimension === skip || hasBit(f.admits, p));
  let total = 0;
  for (let p = 0; p < SIZE; p++) if (admitted(p)) total++;
  const facets: Record<string, Record<string, number>> = {};
  for (const [dimension, byKey] of Object.entries(sets) as Array<[Dimension, Map<string, Bitset>]>) {
    facets[dimension] = {};
    for (const [key, set] of byKey) {
      let n = 0;
      for (let p = 0; p < SIZE; p++) if (hasBit(set, p) && admitted(p, dimension)) n++;
      if (n) facets[dimension]![key] = n;
    }
  }
  facets.cities = {};
  for (let p = 0; p < SIZE; p++) {
    const city = cityOf[p];
    if (city && admitted(p, "cities")) {
      const key = String(cities.codeOf(city));
      facets.cities[key] = (facets.cities[key] ?? 0) + 1;
    }
  }
  return { total, facets };
}

function filter(dimension: Dimension, key: string): ActiveFilter {
  return { dimension, key, admits: sets[dimension].get(key)! };
}

const plain = (counts: ReturnType<typeof countFacets>) => ({
  total: counts.total,
  facets: Object.fromEntries(Object.entries(counts.facets).map(([d, m]) => [d, Object.fromEntries(m)])),
});

describe("countFacets", () => {
  const queries: ActiveFilter[][] = [
    [],
    [filter("entityType", "startup")],
    [filter("entityType", "startup"), filter("industries", "1")],
    [filter("industries", "1"), filter("entityType", "startup")],
    [filter("entityType", "investor"), filter("industries", "4")],
    [filter("industries", "3"), filter("revenueRanges", "2"), filter("featured", "true")],
    [filter("geographies", "1"), { dimension: "search", key: "pay", admits: randomSet(0.02) }],
    [cityFilter("Berlin")],
    [filter("entityType", "startup"), cityFilter("Paris", "Lyon")],
  ];

  it("counts each option with every other filter applied and its own left out, as the definition says", () => {
    for (const filters of queries) {
      expect(plain(countFacets(fullBitset(SIZE), sets, filters, new CountsCache(), countCities))).toEqual(naive(filters));
    }
  });

  it("answers the same from counts kept for the same other filters, in any order of the filters", () => {
    const cache = new CountsCache();
    for (const filters of [...queries, ...queries.reverse()]) {
      expect(plain(countFacets(fullBitset(SIZE), sets, filters, cache, countCities))).toEqual(naive(filters));
    }
  });

  it("does not mix up two searches or two selections of one dimension", () => {
    const cache = new CountsCache();
    const one = [filter("entityType", "startup"), { dimension: "search" as const, key: "pay", admits: randomSet(0.3) }];
    const other = [filter("entityType", "startup"), { dimension: "search" as const, key: "fin", admits: randomSet(0.3) }];
    countFacets(fullBitset(SIZE), sets, one, cache, countCities);
    expect(plain(countFacets(fullBitset(SIZE), sets, other, cache, countCities))).toEqual(naive(other));
  });
});

describe("countOptions", () => {
  it("counts a sparse base over its non-zero words the same as a dense one", () => {
    const sparse = randomSet(0.001);
    const byKey = options({ a: 0.5, b: 0.01, c: 0 });
    const expected = new Map<string, number>();
    for (const [key, set] of byKey) {
      let n = 0;
      for (let p = 0; p < SIZE; p++) if (hasBit(set, p) && hasBit(sparse, p)) n++;
      if (n) expected.set(key, n);
    }
    expect(countOptions(sparse, byKey)).toEqual(expected);
  });
});
