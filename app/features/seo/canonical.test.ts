import { describe, expect, it } from "vitest";
import { parseDirectoryQuery } from "../directory/directory-filters.ts";
import { directoryPath, directorySeo, profilePath } from "./canonical.ts";

const seoOf = (search: string) => {
  const parsed = parseDirectoryQuery(new URLSearchParams(search));
  if (!parsed.ok) throw new Error(parsed.error);
  return directorySeo(parsed.query);
};

describe("directorySeo", () => {
  it("gives the plain directory and its type pages their own canonical", () => {
    expect(seoOf("")).toEqual({ path: "/listings" });
    expect(seoOf("type=startups")).toEqual({ path: "/listings?type=startup" });
    expect(seoOf("entityType=Investor")).toEqual({ path: "/listings?type=investor" });
    expect(seoOf("type=all")).toEqual({ path: "/listings" });
  });

  it("keeps numbered pages indexable, each its own canonical", () => {
    expect(seoOf("page=3")).toEqual({ path: "/listings?page=3" });
    expect(seoOf("type=partner&page=2")).toEqual({ path: "/listings?type=partner&page=2" });
  });

  it("keeps search and filter combinations out, pointing at the type's page", () => {
    for (const search of ["searchQuery=ai", "featured=true", "industries=AI", "type=startup&countries=France&page=2", "pageSize=50"]) {
      const seo = seoOf(search);
      expect(seo.robots).toBe("noindex, follow");
      expect(seo.path).toBe(search.includes("type=startup") ? "/listings?type=startup" : "/listings");
    }
  });
});

describe("paths", () => {
  it("builds profile and directory addresses", () => {
    expect(profilePath("startup", "a b")).toBe("/profile/startup/a%20b");
    expect(directoryPath()).toBe("/listings");
    expect(directoryPath("investor", 1)).toBe("/listings?type=investor");
  });
});
