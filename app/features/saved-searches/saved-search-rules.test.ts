import { describe, expect, it } from "vitest";
import { canonicalQuery, savedSearchName, suggestedName } from "./saved-search-rules.ts";

const canonical = (q: string) => {
  const out = canonicalQuery(q);
  if (!out.ok) throw new Error(out.error);
  return out.canonical;
};

describe("canonicalQuery", () => {
  it("spells one state one way: paging, default sort, order, case and spacing of the search do not matter", () => {
    const one = canonical("type=startup&industries=FinTech&industries=AI&page=4&pageSize=100&sort=featured");
    expect(one).toBe("industries=AI&industries=FinTech&type=startup");
    expect(canonical("?entityType=startup&industries=AI,FinTech,AI")).toBe(one);
    expect(canonical("searchQuery=  Green   Energy &sort=relevance")).toBe(canonical("q=green energy"));
    expect(canonical("featured=false")).toBe("");
  });

  it("keeps a sort that is not the default", () => {
    expect(canonical("sort=newest")).toBe("sort=newest");
    expect(canonical("q=x&sort=featured")).toBe("searchQuery=x&sort=featured");
  });

  it("refuses what the directory refuses, and a state too long to key", () => {
    expect(canonicalQuery("sort=sideways")).toMatchObject({ ok: false, error: expect.stringContaining("sort must be one of") });
    expect(canonicalQuery("type=rocket").ok).toBe(false);
    const long = Array.from({ length: 40 }, (_, i) => `industries=${"x".repeat(90)}${i}`).join("&");
    expect(canonicalQuery(long)).toMatchObject({ ok: false, error: expect.stringContaining("too long to save") });
  });
});

describe("savedSearchName", () => {
  it("trims, and refuses empty, long and control characters", () => {
    expect(savedSearchName.parse("  Seed FinTech ")).toBe("Seed FinTech");
    expect(savedSearchName.safeParse("   ").success).toBe(false);
    expect(savedSearchName.safeParse("x".repeat(81)).success).toBe(false);
    expect(savedSearchName.safeParse("a\nb").success).toBe(false);
    expect(savedSearchName.safeParse("a\u0000b").success).toBe(false);
  });
});

describe("suggestedName", () => {
  it("names a state by its search and first filters", () => {
    const q = canonicalQuery("q=robots&type=startup&industries=AI");
    if (!q.ok) throw new Error(q.error);
    expect(suggestedName(q.query)).toBe('"robots", Startups, AI');
  });
});
