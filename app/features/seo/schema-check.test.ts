import { describe, expect, it } from "vitest";
import { checkJsonLd, isSubtypeOf } from "./schema-check.ts";

const ctx = { "@context": "https://schema.org" };
const org = { ...ctx, "@type": "Organization", name: "Alder", url: "https://alder.example/" };
const crumbs = (items: unknown[]) => ({ ...ctx, "@type": "BreadcrumbList", itemListElement: items });
const item = (position: unknown, extra: object = {}) => ({
  "@type": "ListItem",
  position,
  name: `n${String(position)}`,
  item: "https://i.example/x",
  ...extra,
});

describe("checkJsonLd", () => {
  it("accepts a valid Organization", () => {
    expect(checkJsonLd({ ...org, logo: "https://alder.example/logo.png", foundingDate: "2019", sameAs: ["https://x.example/"] })).toEqual(
      [],
    );
  });

  it("needs the schema.org context and a known type", () => {
    expect(checkJsonLd({ "@type": "Organization", name: "A" })).toEqual(['$: "@context" must be "https://schema.org"']);
    expect(checkJsonLd({ ...ctx, name: "A" })).toEqual(['$: "@type" is missing']);
    expect(checkJsonLd({ ...ctx, "@type": "Restaurant", name: "A" })).toEqual(['$: unknown type "Restaurant"']);
    expect(checkJsonLd("text")).toEqual(["$: expected an object"]);
  });

  it("reports missing required properties and properties the type does not have", () => {
    expect(checkJsonLd({ ...ctx, "@type": "Organization" })).toContain('$: Organization needs "name"');
    expect(checkJsonLd({ ...org, price: 3 })).toEqual(['$: "price" is not a property of Organization']);
  });

  it("checks value types: URLs absolute, dates ISO, booleans, integers, text not empty", () => {
    expect(checkJsonLd({ ...org, url: "/relative" })[0]).toMatch(/\$\.url: expected URL/);
    expect(checkJsonLd({ ...org, foundingDate: "May 2019" })[0]).toMatch(/foundingDate: expected Date/);
    expect(checkJsonLd({ ...org, name: "  " })[0]).toMatch(/name: expected Text/);
    expect(checkJsonLd({ ...ctx, "@type": "WebPage", url: "https://a.example/", isAccessibleForFree: "false" })[0]).toMatch(
      /expected Boolean/,
    );
    expect(checkJsonLd({ ...org, sameAs: ["https://ok.example/", "nope"] })).toEqual(['$.sameAs[1]: expected URL, got "nope"']);
  });

  it("checks nested things against the expected type, subtypes included", () => {
    expect(checkJsonLd({ ...org, areaServed: [{ "@type": "Country", name: "France" }] })).toEqual([]);
    expect(checkJsonLd({ ...org, areaServed: { "@type": "ListItem", position: 1 } })[0]).toMatch(/expected AdministrativeArea or Place/);
    expect(checkJsonLd({ ...org, areaServed: { "@type": "Country" } })).toEqual(['$.areaServed: Country needs "name"']);
    expect(checkJsonLd({ ...ctx, "@type": "WebPage", url: "https://a.example/", mainEntity: { "@id": "https://a.example/#org" } })).toEqual(
      [],
    );
    expect(checkJsonLd({ ...ctx, "@type": "WebPage", url: "https://a.example/", mainEntity: { "@id": "#org" } })[0]).toMatch(
      /absolute URL/,
    );
  });

  it("requires breadcrumbs to count up from 1, each with a name, and an item but on the last", () => {
    expect(checkJsonLd(crumbs([item(1), item(2, { item: undefined })]))).toEqual([]);
    expect(checkJsonLd(crumbs([item(2)]))).toContain("$: breadcrumbs start at position 1");
    expect(checkJsonLd(crumbs([item(1), item(3)]))[0]).toMatch(/counting up by one/);
    expect(checkJsonLd(crumbs([item(1, { item: undefined }), item(2)]))).toContain('$.itemListElement[0]: a breadcrumb needs "item"');
    expect(checkJsonLd(crumbs([item(1, { name: "" })])).join()).toMatch(/a breadcrumb needs "name"/);
    expect(checkJsonLd(crumbs([]))).toContain("$: BreadcrumbList has no items");
  });

  it("requires list items to have a URL and numberOfItems to match", () => {
    const list = { ...ctx, "@type": "ItemList", itemListElement: [{ "@type": "ListItem", position: 5, url: "https://a.example/p" }] };
    expect(checkJsonLd(list)).toEqual([]);
    expect(checkJsonLd({ ...list, numberOfItems: 2 })).toEqual(["$: numberOfItems is 2 but the list holds 1"]);
    expect(checkJsonLd({ ...list, itemListElement: [{ "@type": "ListItem", position: 1 }] })).toEqual([
      '$.itemListElement[0]: a ListItem needs "url" or "item"',
    ]);
  });

  it("requires paywalled content to name its gated parts by class (Google's paywall markup)", () => {
    const page = { ...ctx, "@type": "WebPage", url: "https://a.example/p", isAccessibleForFree: false };
    expect(checkJsonLd(page)[0]).toMatch(/needs hasPart/);
    const part = { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".paywalled-section" };
    expect(checkJsonLd({ ...page, hasPart: [part] })).toEqual([]);
    expect(checkJsonLd({ ...page, hasPart: { ...part, cssSelector: "#gated > p" } }).join()).toMatch(/must name classes/);
    expect(checkJsonLd({ ...page, hasPart: { ...part, isAccessibleForFree: true } })[0]).toMatch(/needs hasPart/);
  });

  it("checks a site search action", () => {
    const site = { ...ctx, "@type": "WebSite", name: "I", url: "https://i.example/" };
    const action = {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: "https://i.example/?q={q}" },
      "query-input": "required name=q",
    };
    expect(checkJsonLd({ ...site, potentialAction: action })).toEqual([]);
    expect(checkJsonLd({ ...site, potentialAction: { ...action, "query-input": undefined } })).toContain(
      '$.potentialAction: SearchAction needs "query-input"',
    );
  });
});

describe("isSubtypeOf", () => {
  it("follows the schema.org hierarchy", () => {
    expect(isSubtypeOf("Country", "Place")).toBe(true);
    expect(isSubtypeOf("BreadcrumbList", "ItemList")).toBe(true);
    expect(isSubtypeOf("WebSite", "CreativeWork")).toBe(true);
    expect(isSubtypeOf("Organization", "CreativeWork")).toBe(false);
  });
});
