import { describe, expect, it } from "vitest";
import { detailPairs, toAuditRow } from "./audit-rows.ts";
import { humanize, listingHref, listingsHref } from "./labels.ts";

describe("back-office labels", () => {
  it("humanize stored codes", () => {
    expect(humanize("flagged_for_review")).toBe("Flagged for review");
    expect(humanize("merge_operation")).toBe("Merge operation");
    expect(humanize("")).toBe("");
  });

  it("build the listing addresses the counts and entries link to", () => {
    expect(listingsHref("startup", "published")).toBe("/admin/listings?type=startup&status=published");
    expect(listingsHref("partner", "archived")).toBe("/admin/listings?type=partner&status=archived");
    // The listing list filters by the three main statuses only: another status gets no link rather than a wrong list.
    expect(listingsHref("partner", "draft")).toBeUndefined();
    expect(listingHref("0f1e")).toBe("/admin/listings/0f1e");
  });
});

describe("audit details", () => {
  it("list the spec's keys first, in its order, then the others alphabetically, without empty values", () => {
    const pairs = detailPairs({
      zeta: "last",
      existingRecordId: "abc",
      mergeId: "m1",
      matchReason: "same domain",
      similarity: 0.912345,
      conflictsResolved: [],
      mergedFields: ["website", "logo"],
      reason: null,
    });
    expect(pairs).toEqual([
      { key: "matchReason", value: "same domain" },
      { key: "similarity", value: "0.912" },
      { key: "mergedFields", value: "website, logo" },
      { key: "existingRecordId", value: "abc" },
      { key: "mergeId", value: "m1" },
      { key: "zeta", value: "last" },
    ]);
  });

  it("write booleans, whole numbers and nested values compactly", () => {
    expect(detailPairs({ dryRun: true, duplicatesFound: 3, batch: { start: 0, end: 50 }, list: [{ a: 1 }] })).toEqual([
      { key: "batch", value: '{"start":0,"end":50}' },
      { key: "dryRun", value: "yes" },
      { key: "duplicatesFound", value: "3" },
      { key: "list", value: '{"a":1}' },
    ]);
  });
});

describe("an audit row for the page", () => {
  it("carries its time as ISO text and empty details as an empty object", () => {
    const row = toAuditRow({
      id: "e1",
      timestamp: new Date("2025-03-10T14:05:00Z"),
      operation: "merge_operation",
      source: "admin",
      action: "merged",
      companyName: "Acme",
      recordId: "r1",
      recordIsListing: true,
      existingRecordIsListing: false,
      actorName: "Ada Admin",
      details: null,
    });
    expect(row).toMatchObject({ at: "2025-03-10T14:05:00.000Z", details: {}, actorName: "Ada Admin", recordIsListing: true });
    expect(JSON.parse(JSON.stringify(row))).toEqual(row);
  });
});
