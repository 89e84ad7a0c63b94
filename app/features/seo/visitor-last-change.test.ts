import { describe, expect, it } from "vitest";
import type { FieldSources } from "../catalog/field-provenance.ts";
import { visitorLastChange } from "./visitor-last-change.ts";

const at = (day: number) => ({
  source: "operator_edit" as const,
  setAt: `2026-11-${String(day).padStart(2, "0")}T10:00:00.000Z`,
  confirmedAt: "2026-11-20T10:00:00.000Z",
});
const open = { visibility: "public", fieldVisibility: {} };

describe("a profile's lastmod in the sitemap", () => {
  it("is the newest change of a field a visitor sees", () => {
    const sources: FieldSources = { name: at(2), tagline: at(5), description: at(3) };
    expect(visitorLastChange(sources, open, {})?.toISOString()).toBe("2026-11-05T10:00:00.000Z");
  });

  it("does not move when a field above the public tier is set, changed or emptied", () => {
    const before: FieldSources = { name: at(2), tagline: at(5) };
    const base = visitorLastChange(before, open, {});
    // The phone and e-mail are premium unless a rule says otherwise; the team is premium by this rule; the
    // problem statement is subscriber-only on this listing.
    const listing = { visibility: "public", fieldVisibility: { problem: "subscriber" } };
    const rules = { team: "premium" as const };
    const after: FieldSources = { ...before, phone: at(20), contactEmail: at(21), team: at(22), problem: at(23) };
    expect(visitorLastChange(after, listing, rules)).toEqual(base);
    // Opened to visitors by a rule, the same change counts.
    expect(visitorLastChange(after, listing, { ...rules, phone: "public" })?.toISOString()).toBe("2026-11-20T10:00:00.000Z");
  });

  it("counts only the teaser's fields of a listing a visitor may not open", () => {
    const sources: FieldSources = { name: at(2), description: at(9), industryIds: at(10), fundingStageId: at(4) };
    expect(visitorLastChange(sources, { visibility: "subscriber", fieldVisibility: {} }, {})?.toISOString()).toBe(
      "2026-11-04T10:00:00.000Z",
    );
  });

  it("is absent without any change a visitor sees", () => {
    expect(visitorLastChange({}, open, {})).toBeNull();
    expect(visitorLastChange({ phone: at(3), name: { ...at(1), setAt: null } }, open, {})).toBeNull();
  });
});
