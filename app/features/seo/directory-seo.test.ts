import { describe, expect, it } from "vitest";
import { parseDirectoryQuery, type DirectoryQuery } from "../directory/directory-filters.ts";
import { directoryMeta, directoryStructuredData } from "./directory-seo.ts";
import { checkJsonLd } from "./schema-check.ts";
import { teaser, visible } from "#test-support/viewer-listings.ts";

const ORIGIN = "https://introbase.com";
const query = (search: string): DirectoryQuery => {
  const parsed = parseDirectoryQuery(new URLSearchParams(search));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.query;
};
const tag = (tags: ReturnType<typeof directoryMeta>, key: string, value: string) =>
  tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

describe("directoryMeta", () => {
  it("titles and describes the directory and its type pages, with the count", () => {
    const all = directoryMeta(ORIGIN, { query: query(""), totalRecords: 600 });
    expect(all[0]).toEqual({ title: "Partner Directory | Introbase" });
    expect(tag(all, "name", "description")!.content).toBe("Discover and connect with partners, startups, and investors: 600 listings.");
    expect(tag(all, "rel", "canonical")!.href).toBe(`${ORIGIN}/listings`);

    const partners = directoryMeta(ORIGIN, { query: query("type=partners&page=2"), totalRecords: 80 });
    expect(partners[0]).toEqual({ title: "Local Partners – Partner Directory – Page 2 | Introbase" });
    expect(tag(partners, "name", "description")!.content).toMatch(/: 80 local partners\.$/);
    expect(tag(partners, "rel", "canonical")!.href).toBe(`${ORIGIN}/listings?type=partner&page=2`);
    expect(tag(partners, "name", "robots")).toBeUndefined();
  });

  it("keeps searches, filters and pages past the end out of the index", () => {
    expect(tag(directoryMeta(ORIGIN, { query: query("searchQuery=ai"), totalRecords: 3 }), "name", "robots")!.content).toBe(
      "noindex, follow",
    );
    const past = directoryMeta(ORIGIN, { query: query("page=5"), totalRecords: 100 });
    expect(tag(past, "name", "robots")!.content).toBe("noindex, follow");
    expect(tag(directoryMeta(ORIGIN, { query: query("page=4"), totalRecords: 100 }), "name", "robots")).toBeUndefined();
  });

  it("keeps a refused query out too", () => {
    expect(tag(directoryMeta(ORIGIN, null), "name", "robots")!.content).toBe("noindex, follow");
  });
});

describe("directoryStructuredData", () => {
  it("numbers the page's listings from the page's first position", () => {
    const [list] = directoryStructuredData(ORIGIN, query("page=3&pageSize=50"), [visible(), teaser()]);
    expect(checkJsonLd(list)).toEqual([]);
    expect((list!.itemListElement as Array<{ position: number }>).map((i) => i.position)).toEqual([101, 102]);
  });
});
