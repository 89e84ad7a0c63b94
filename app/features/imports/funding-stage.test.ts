import { describe, expect, it } from "vitest";
import { FUNDING_STAGES } from "#demo/reference-data.ts";
import { ROUND_TYPES } from "#db/schema/listing-details.ts";
import { STAGE_OF_ROUND, stageOfRound, stageOfRounds } from "./funding-stage.ts";

describe("stageOfRound", () => {
  it("names a stage of the reference list for every round that is one, and none for a grant or other", () => {
    expect(Object.keys(STAGE_OF_ROUND).sort()).toEqual([...ROUND_TYPES].sort());
    for (const stage of Object.values(STAGE_OF_ROUND)) if (stage) expect(FUNDING_STAGES).toContain(stage);
    expect(stageOfRound("pre-seed")).toBe("Pre-Seed");
    expect(stageOfRound("series-d")).toBe("Series D+");
    expect([stageOfRound("grant"), stageOfRound("other"), stageOfRound(null), stageOfRound("toString")]).toEqual([null, null, null, null]);
  });
});

describe("stageOfRounds", () => {
  it("takes the latest round that names a stage", () => {
    const rounds = [
      { roundType: "seed", fundingDate: "2023-05-01", id: 1 },
      { roundType: "series-a", fundingDate: "2024-05-01", id: 2 },
      { roundType: "other", fundingDate: "2025-01-01", id: 3 },
      { roundType: "pre-seed", fundingDate: null, id: 4 },
    ];
    expect(stageOfRounds(rounds)).toBe("Series A");
    expect(stageOfRounds([{ roundType: "grant", fundingDate: "2025-01-01", id: 1 }])).toBeNull();
    expect(stageOfRounds([])).toBeNull();
  });

  it("prefers the round added later when two share a date", () => {
    expect(
      stageOfRounds([
        { roundType: "seed", fundingDate: "2025-01-01", id: 7 },
        { roundType: "series-a", fundingDate: "2025-01-01", id: 9 },
      ]),
    ).toBe("Series A");
  });
});
