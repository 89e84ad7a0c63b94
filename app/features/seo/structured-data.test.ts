import { describe, expect, it } from "vitest";
import { directoryJsonLd, profileJsonLd, websiteJsonLd } from "./structured-data.ts";
import { profileStructuredData } from "./profile-seo.ts";
import { checkJsonLd } from "./schema-check.ts";
import { teaser, visible } from "#test-support/viewer-listings.ts";

const ORIGIN = "https://introbase.com";
const PAYWALL = { paywalled: true, paywallSelector: ".paywalled-section" };
const byType = (nodes: Record<string, unknown>[], type: string) => nodes.find((n) => n["@type"] === type)!;

describe("profile JSON-LD", () => {
  const nodes = profileJsonLd(ORIGIN, { status: "ok", listing: visible() }, { ...PAYWALL, paywalled: false });

  it("emits Organization, WebPage and BreadcrumbList, each valid schema.org", () => {
    expect(nodes.map((n) => n["@type"])).toEqual(["Organization", "WebPage", "BreadcrumbList"]);
    for (const node of nodes) expect(checkJsonLd(node)).toEqual([]);
  });

  it("describes the organization with absolute URLs, founding year, areas served and sameAs links", () => {
    expect(byType(nodes, "Organization")).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${ORIGIN}/profile/startup/alder-pay#organization`,
      name: "Alder Pay",
      url: "https://alderpay.example/",
      logo: `${ORIGIN}/media/logo-1`,
      description: "Alder Pay builds payment software for clinics.",
      sameAs: ["https://alderpay.example/", "https://www.linkedin.com/company/alderpay"],
      foundingDate: "2019",
      areaServed: [
        { "@type": "Country", name: "France" },
        { "@type": "Country", name: "Germany" },
      ],
      knowsAbout: ["FinTech", "Healthcare", "AI"],
      mainEntityOfPage: `${ORIGIN}/profile/startup/alder-pay`,
    });
  });

  it("falls back to the profile's address without a website, and drops unusable links", () => {
    const org = byType(
      profileJsonLd(
        ORIGIN,
        { status: "ok", listing: visible({ websiteUrl: "javascript:alert(1)", linkedinUrl: null, foundedYear: null }) },
        PAYWALL,
      ),
      "Organization",
    );
    expect(org.url).toBe(`${ORIGIN}/profile/startup/alder-pay`);
    expect(org).not.toHaveProperty("sameAs");
    expect(org).not.toHaveProperty("foundingDate");
  });

  it("leads Home > Partner Directory > Startups > the listing", () => {
    const crumbs = byType(nodes, "BreadcrumbList").itemListElement as Array<Record<string, unknown>>;
    expect(crumbs.map((c) => [c.position, c.name, c.item])).toEqual([
      [1, "Home", `${ORIGIN}/`],
      [2, "Partner Directory", `${ORIGIN}/listings`],
      [3, "Startups", `${ORIGIN}/listings?type=startup`],
      [4, "Alder Pay", `${ORIGIN}/profile/startup/alder-pay`],
    ]);
  });

  it("says the page is free when nothing is gated", () => {
    const page = byType(nodes, "WebPage");
    expect(page.isAccessibleForFree).toBe(true);
    expect(page).not.toHaveProperty("hasPart");
  });

  it("marks gated sections as paywalled content, with the class selector", () => {
    const page = byType(profileJsonLd(ORIGIN, { status: "ok", listing: visible() }, PAYWALL), "WebPage");
    expect(page.isAccessibleForFree).toBe(false);
    expect(page.hasPart).toEqual([{ "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".paywalled-section" }]);
    expect(checkJsonLd(page)).toEqual([]);
  });

  it("marks a locked teaser as paywalled and says only what the teaser holds", () => {
    const locked = profileJsonLd(ORIGIN, { status: "locked", teaser: teaser() }, { ...PAYWALL, paywalled: false });
    for (const node of locked) expect(checkJsonLd(node)).toEqual([]);
    expect(byType(locked, "WebPage").isAccessibleForFree).toBe(false);
    const org = byType(locked, "Organization");
    expect(org.description).toBe("Security for banks");
    expect(Object.keys(org).sort()).toEqual(["@context", "@id", "@type", "description", "knowsAbout", "mainEntityOfPage", "name", "url"]);
  });

  it("is paywalled exactly when the profile draws a gated section (use cases are hidden, not drawn)", () => {
    const lock = { requiredTier: "subscriber" as const, placeholder: "", message: "m" };
    const paywalled = (listing: ReturnType<typeof visible>) =>
      byType(profileStructuredData(ORIGIN, { status: "ok", listing }), "WebPage").isAccessibleForFree === false;
    expect(paywalled(visible({ lockedFields: { team: lock } }))).toBe(true);
    expect(paywalled(visible({ lockedFields: { keyUseCases: lock } }))).toBe(false);
    expect(paywalled(visible({ type: "partner", lockedFields: { problem: lock } }))).toBe(false);
    // An investor's profile shows no revenue range at all (decision 0038): nothing is drawn, so nothing is paywalled.
    expect(paywalled(visible({ type: "investor", lockedFields: { revenueRange: lock } }))).toBe(false);
    expect(paywalled(visible({ type: "investor", lockedFields: { team: lock } }))).toBe(true);
  });
});

describe("directory JSON-LD", () => {
  const items = [visible(), visible({ slug: "b", name: "B", type: "partner" }), teaser()];

  it("lists the page's profiles in order, numbered across pages, with breadcrumbs", () => {
    const [list, crumbs] = directoryJsonLd(ORIGIN, { entityType: undefined, items, firstPosition: 26 });
    expect(checkJsonLd(list)).toEqual([]);
    expect(checkJsonLd(crumbs)).toEqual([]);
    expect(list!.numberOfItems).toBe(3);
    expect((list!.itemListElement as Array<Record<string, unknown>>).map((i) => [i.position, i.url])).toEqual([
      [26, `${ORIGIN}/profile/startup/alder-pay`],
      [27, `${ORIGIN}/profile/partner/b`],
      [28, `${ORIGIN}/profile/startup/atlas-secure`],
    ]);
  });

  it("names the type page and adds it to the breadcrumbs", () => {
    const [list, crumbs] = directoryJsonLd(ORIGIN, { entityType: "partner", items, firstPosition: 1 });
    expect(list!.name).toBe("Local Partners");
    expect((crumbs!.itemListElement as unknown[]).length).toBe(3);
  });

  it("leaves the list out for an empty page", () => {
    expect(directoryJsonLd(ORIGIN, { items: [], firstPosition: 1 }).map((n) => n["@type"])).toEqual(["BreadcrumbList"]);
  });
});

describe("website JSON-LD", () => {
  it("is a valid WebSite with the directory search as its search action", () => {
    const site = websiteJsonLd(ORIGIN);
    expect(checkJsonLd(site)).toEqual([]);
    expect(site.url).toBe(`${ORIGIN}/`);
    expect(JSON.stringify(site)).toContain(`${ORIGIN}/listings?searchQuery={search_term_string}`);
  });
});
