import { describe, expect, it } from "vitest";
import { MAX_URLS_PER_SITEMAP, parseSitemapFileName, sitemapFileName, sitemapIndexXml, urlsetXml, xmlEscape } from "./sitemap-xml.ts";

describe("urlsetXml", () => {
  it("writes a sitemaps.org urlset with escaped locations and ISO lastmod dates", () => {
    const xml = urlsetXml([
      { loc: "https://i.example/listings?type=startup&page=2", lastmod: new Date("2025-01-24T10:00:00Z") },
      { loc: "https://i.example/" },
    ]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "<url><loc>https://i.example/listings?type=startup&amp;page=2</loc><lastmod>2025-01-24T10:00:00.000Z</lastmod></url>\n" +
        "<url><loc>https://i.example/</loc></url>\n</urlset>\n",
    );
  });

  it("leaves out an invalid date rather than write one", () => {
    expect(urlsetXml([{ loc: "https://i.example/", lastmod: new Date("nope") }])).not.toContain("lastmod");
  });

  it("refuses more than 50,000 URLs in one file", () => {
    const entries = Array.from({ length: MAX_URLS_PER_SITEMAP + 1 }, () => ({ loc: "https://i.example/" }));
    expect(() => urlsetXml(entries)).toThrow(RangeError);
    expect(() => urlsetXml(entries.slice(1))).not.toThrow();
  });
});

describe("sitemapIndexXml", () => {
  it("names each sitemap file", () => {
    const xml = sitemapIndexXml([{ loc: "https://i.example/sitemaps/pages.xml" }, { loc: "https://i.example/sitemaps/listings-1.xml" }]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.match(/<sitemap><loc>/g)).toHaveLength(2);
  });
});

describe("xmlEscape", () => {
  it("escapes the five XML special characters", () => {
    expect(xmlEscape(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
  });
});

describe("sitemap files", () => {
  it("names and reads back the files; anything else is not a sitemap", () => {
    expect(sitemapFileName({ kind: "pages" })).toBe("pages.xml");
    expect(sitemapFileName({ kind: "listings", index: 2 })).toBe("listings-2.xml");
    expect(parseSitemapFileName("pages.xml")).toEqual({ kind: "pages" });
    expect(parseSitemapFileName("listings-12.xml")).toEqual({ kind: "listings", index: 12 });
    for (const bad of ["listings-0.xml", "listings-01.xml", "listings-x.xml", "listings-1.xml.gz", "../pages.xml", "listings-9999999.xml"])
      expect(parseSitemapFileName(bad)).toBeNull();
  });
});
