import { describe, expect, it } from "vitest";
import { fullBitset, hasBit, setBit, emptyBitset } from "./bitset.ts";
import { CityColumn } from "./city-column.ts";

function column(cities: Array<string | null>) {
  const builder = CityColumn.builder();
  for (const city of cities) builder.push(city);
  return builder.finish();
}

describe("CityColumn", () => {
  // More than the builder's first 4,096 positions, so that it grows.
  const cities = Array.from({ length: 5_000 }, (_, i) => [" São  Paulo", "SAO-PAULO", "Berlin", null, "  "][i % 5]!);
  const col = column(cities);

  it("keeps spellings that differ in case, accents, spaces or punctuation as one city, named as first seen", () => {
    expect(col.codeOf("sao paulo")).toBe(col.codeOf("São Paulo"));
    expect(col.nameOf(col.codeOf("sao paulo")!)).toBe("São Paulo");
    expect(col.codeOf("Atlantis")).toBeUndefined();
  });

  it("finds the listings of the chosen cities among those given, and counts cities over a set", () => {
    const code = col.codeOf("Berlin")!;
    const all = col.matching([code], fullBitset(cities.length));
    expect(col.count(all)).toEqual(new Map([[String(code), 1_000]]));
    expect(hasBit(all, 2)).toBe(true);
    expect(hasBit(all, 3)).toBe(false);
    const within = emptyBitset(cities.length);
    setBit(within, 7);
    setBit(within, 4_997);
    expect(col.count(col.matching([code], within))).toEqual(new Map([[String(code), 2]]));
    // Blank and missing cities count for none.
    expect(col.count(fullBitset(cities.length))).toEqual(
      new Map([
        [String(col.codeOf("sao paulo")), 2_000],
        [String(code), 1_000],
      ]),
    );
  });
});
