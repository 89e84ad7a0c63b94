import { describe, expect, it } from "vitest";
import type { GatedField } from "../catalog/listing-types.ts";
import { collectChanges, describeChanges, type ChangeEntry, type FollowerView } from "./change-summary.ts";

const edit = (details: Record<string, unknown>): ChangeEntry => ({ operation: "listing_edit", action: "updated", details });
const merge = (details: Record<string, unknown>): ChangeEntry => ({ operation: "merge_operation", action: "merged", details });
const everything: FollowerView = { canSeeField: () => true, fundingStage: "Series B", revenueRange: "1m_to_5m" };
const only = (...open: GatedField[]): FollowerView => ({ ...everything, canSeeField: (f: GatedField) => open.includes(f) });
const say = (entries: ChangeEntry[], view = everything) => describeChanges(collectChanges(entries), view);

describe("changes in plain words", () => {
  it("tells each kind of change the way a follower reads it", () => {
    expect(
      say([
        edit({
          changedFields: ["fundingStageId", "team", "description", "fundingRounds", "revenueRangeId", "problem"],
          teamAdded: 2,
          teamRemoved: 0,
          newRounds: [{ roundType: "series-a", amount: 12_000_000, currency: "USD", fundingDate: "2026-11-01" }],
        }),
      ]),
    ).toEqual([
      "New funding round: Series A, $12.0M",
      "Stage changed to Series B",
      "Team: 2 people added",
      "Description updated",
      "Revenue range changed to $1M < X < $5M",
      "Problem updated",
    ]);
  });

  it("adds up the entries of a period: an import's merge and two edits", () => {
    expect(
      say([
        merge({
          mergedFields: ["tagline", "latestRoundType"],
          teamAdded: 1,
          newRounds: [{ roundType: "seed", amount: null, currency: "USD", fundingDate: null }],
        }),
        edit({ changedFields: ["team"], teamAdded: 1, teamRemoved: 1 }),
        edit({ changedFields: ["tagline"] }),
      ]),
    ).toEqual(["New funding round: Seed", "Team: 2 people added, 1 left", "Tagline updated"]);
  });

  it("says rounds or funding figures changed without a new round", () => {
    expect(say([edit({ changedFields: ["fundingRounds"], newRounds: [] })])).toEqual(["Funding rounds updated"]);
    expect(say([merge({ mergedFields: ["totalFundingRaised"] })])).toEqual(["Funding details updated"]);
  });

  it("tells nothing of a gated field the follower may not see, not even that it changed", () => {
    const entries = [edit({ changedFields: ["team", "revenueRangeId", "problem", "faqs"], teamAdded: 3 })];
    expect(say(entries, only())).toEqual([]);
    expect(say(entries, only("team"))).toEqual(["Team: 3 people added"]);
    expect(say([merge({ teamAdded: 1 })], only())).toEqual([]);
  });

  it("tells nothing of fields a profile does not show, and nothing of entries that name no fields", () => {
    const hidden = [
      "primaryContactEmail",
      "primaryContact",
      "ceo",
      "lotDataQualityScore",
      "visibility",
      "fieldVisibility",
      "slug",
      "dataSource",
    ];
    expect(say([edit({ changedFields: hidden })])).toEqual([]);
    expect(say([{ operation: "listing_edit", action: "updated", details: { source: "spreadsheet:app1", externalId: "rec1" } }])).toEqual(
      [],
    );
  });

  it("reads only saves and merges, and survives entries of any shape", () => {
    expect(say([{ operation: "listing_edit", action: "created", details: { changedFields: ["description"] } }])).toEqual([]);
    expect(say([{ operation: "merge_operation", action: "undone", details: { mergedFields: ["description"] } }])).toEqual([]);
    expect(say([edit({ changedFields: "description", teamAdded: -4, newRounds: [{ nope: 1 }, "x"] })])).toEqual([]);
    expect(
      say([edit({ changedFields: ["description"], newRounds: "many" }), { operation: "listing_edit", action: "updated", details: null }]),
    ).toEqual(["Description updated"]);
  });

  it("names a stage or a range that was removed", () => {
    expect(
      say([edit({ changedFields: ["fundingStageId", "revenueRangeId"] })], { ...everything, fundingStage: null, revenueRange: null }),
    ).toEqual(["Stage removed", "Revenue range removed"]);
  });
});
