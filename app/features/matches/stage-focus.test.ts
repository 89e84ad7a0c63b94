import { describe, expect, it } from "vitest";
import { parseStageFocus } from "./stage-focus.ts";

const STAGES = ["Pre-Seed", "Seed", "Series A", "Series B", "Series C", "Series D+", "Growth"];
const parse = (text: string | null) => parseStageFocus(text, STAGES);

describe("parseStageFocus", () => {
  it("reads one stage, in any case and spelling of its hyphen", () => {
    expect(parse("Seed")).toEqual([1]);
    expect(parse("pre-seed")).toEqual([0]);
    expect(parse("Pre Seed")).toEqual([0]);
    expect(parse("PRESEED")).toEqual([0]);
    expect(parse("  series a ")).toEqual([2]);
  });

  it("reads the seed's and the editor's ranges, every stage between both ends", () => {
    expect(parse("Seed to Series B")).toEqual([1, 2, 3]);
    expect(parse("Pre-Seed to Seed")).toEqual([0, 1]);
    expect(parse("Series A through Series C")).toEqual([2, 3, 4]);
    expect(parse("Series A - Growth")).toEqual([2, 3, 4, 5, 6]);
    expect(parse("Series A – Series B")).toEqual([2, 3]);
  });

  it("reads a range written backwards as the same range", () => {
    expect(parse("Series B to Seed")).toEqual([1, 2, 3]);
  });

  it("reads the imports' lists, and lists of ranges", () => {
    expect(parse("Seed, Series A")).toEqual([1, 2]);
    expect(parse("Seed; Series B")).toEqual([1, 3]);
    expect(parse("Pre-Seed / Seed")).toEqual([0, 1]);
    expect(parse("Seed and Series A")).toEqual([1, 2]);
    expect(parse("Pre-Seed to Seed, Series C to Growth")).toEqual([0, 1, 4, 5, 6]);
  });

  it("keeps a hyphen inside a name apart from a dash between names", () => {
    // "Pre-Seed" is not a range from "Pre" to "Seed".
    expect(parse("Pre-Seed")).toEqual([0]);
  });

  it("takes a stage by the one name it begins ('Series D' is 'Series D+'), never an ambiguous one", () => {
    expect(parse("Series D")).toEqual([5]);
    expect(parse("Series")).toEqual([]); // Series A, B, C and D+ all begin so
  });

  it("ignores words that name no stage, and is empty for nothing readable", () => {
    expect(parse("Seed, opportunistic")).toEqual([1]);
    expect(parse("Stage agnostic")).toEqual([]);
    expect(parse("")).toEqual([]);
    expect(parse(null)).toEqual([]);
  });

  it("takes only the readable end of a half-readable range, not a guess at the rest", () => {
    expect(parse("Seed to whenever")).toEqual([1]);
  });

  it("follows the reference list it is given, not a list of its own", () => {
    expect(parseStageFocus("Angel to Seed", ["Angel", "Seed", "Series A"])).toEqual([0, 1]);
    expect(parseStageFocus("Seed", [])).toEqual([]);
  });
});
