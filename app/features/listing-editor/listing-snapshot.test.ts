import { describe, expect, it } from "vitest";
import { readListingForm } from "./form-values.ts";
import { parseListingForm } from "./listing-form.ts";
import { changedFields, listChanges, storedFieldVisibility, type ListingContent } from "./listing-snapshot.ts";
import { describeTrail, parseNotice } from "./notices.ts";
import { adminListingSearch, containsPattern, parseAdminListingQuery } from "./listing-query.ts";

function content(fields: Record<string, string | string[]>): ListingContent {
  const data = new FormData();
  for (const [key, value] of Object.entries({ type: "startup", name: "Lumen", visibility: "public", ...fields }))
    for (const v of [value].flat()) data.append(key, v);
  const parsed = parseListingForm(readListingForm(data));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return { ...parsed.data, columns: { ...parsed.data.columns, slug: parsed.data.slug ?? "lumen" } };
}

const asBefore = (c: ListingContent) => ({ ...c, columns: c.columns as unknown as Record<string, unknown> });

describe("what changed", () => {
  it("names every filled column and list of a new listing, nothing empty", () => {
    expect(changedFields(null, content({ tagline: "Hi", "team[0][name]": "Ada" }))).toEqual([
      "type",
      "name",
      "slug",
      "tagline",
      "visibility",
      "team",
    ]);
  });

  it("ignores blanks against nulls, id lists in another order and a round's database id", () => {
    const before = content({ industryIds: ["1", "2"], "fundingRounds[0][roundType]": "seed", "fundingRounds[0][id]": "7" });
    const after = content({ industryIds: ["2", "1"], "fundingRounds[0][roundType]": "seed", "fundingRounds[0][id]": "" });
    expect(changedFields(asBefore(before), after)).toEqual([]);
  });

  it("names changed columns and reordered lists", () => {
    const before = content({ "howItWorks[0][text]": "a", "howItWorks[1][text]": "b", featured: "on" });
    const after = content({ "howItWorks[0][text]": "b", "howItWorks[1][text]": "a", "fieldVisibility[team]": "premium" });
    expect(changedFields(asBefore(before), after)).toEqual(["featured", "fieldVisibility", "howItWorks"]);
  });

  it("reads stored field levels by their normalised names and drops unknown ones", () => {
    expect(storedFieldVisibility({ "Key Use Cases": "Premium", team: "everyone", salary: "public" })).toEqual({ keyUseCases: "premium" });
    expect(storedFieldVisibility(null)).toEqual({});
  });
});

describe("the history and notices", () => {
  it("says what each edit changed", () => {
    const at = new Date("2026-01-02T03:04:05Z");
    expect(
      describeTrail([
        { action: "updated", source: "admin", timestamp: at, details: { changedFields: ["tagline", "team"] } },
        { action: "archived", source: "admin", timestamp: at, details: { changedFields: ["processingStatus"] } },
      ]).map((e) => e.action),
    ).toEqual(["updated (tagline, team)", "archived"]);
  });

  it("knows only its own notices", () => {
    expect(parseNotice("saved")).toBe("saved");
    expect(parseNotice("toString")).toBeNull();
    expect(parseNotice(null)).toBeNull();
  });
});

describe("the list's address", () => {
  it("falls back to defaults on unknown values and round-trips", () => {
    const query = parseAdminListingQuery(new URLSearchParams("q=  Acme &type=Investors&status=deleted&page=-3"));
    expect(query).toEqual({ q: "Acme", type: "investor", status: "published", page: 1 });
    expect(adminListingSearch({ ...query, status: "archived" }, 3)).toBe("?q=Acme&type=investor&status=archived&page=3");
    expect(adminListingSearch({ q: "", type: null, status: "published", page: 1 })).toBe("");
  });

  it("escapes LIKE wildcards", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("who joined the team and which rounds are new (for followers' digests)", () => {
  const round = (roundType: string, amount: number | null, fundingDate: string | null = null) => ({
    roundType,
    amount,
    currency: "USD",
    fundingDate,
  });

  it("counts people by name, as multisets, and finds the rounds that are new", () => {
    const before = { team: [{ name: "Ada" }, { name: "Lin" }, { name: "Lin" }], fundingRounds: [round("seed", 1_000_000, "2024-01-01")] };
    const after = {
      team: [{ name: " ada " }, { name: "Lin" }, { name: "Kofi" }, { name: "Mara" }],
      fundingRounds: [round("seed", 1_000_000, "2024-01-01"), round("series-a", 12_000_000, "2026-11-01")],
    };
    expect(listChanges(before, after)).toEqual({ teamAdded: 2, teamRemoved: 1, newRounds: [round("series-a", 12_000_000, "2026-11-01")] });
  });

  it("sees a corrected amount as a new round, and a reorder as nothing", () => {
    const before = { team: [{ name: "Ada" }, { name: "Lin" }], fundingRounds: [round("seed", 1_000_000)] };
    expect(listChanges(before, { team: [{ name: "Lin" }, { name: "Ada" }], fundingRounds: [round("seed", 1_500_000)] })).toEqual({
      teamAdded: 0,
      teamRemoved: 0,
      newRounds: [round("seed", 1_500_000)],
    });
  });
});
