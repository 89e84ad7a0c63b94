import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import {
  evaluateChecklist,
  headProblems,
  jsonLdProblems,
  sitemapLocs,
  type ChecklistInput,
  type FetchedPage,
  type ProfileProbe,
} from "./crawler-checks.ts";
import { serializeJsonLd, type JsonLdNode } from "./json-ld.ts";
import { pageMeta } from "./meta-tags.ts";
import { profileStructuredData } from "./profile-seo.ts";
import { robotsTxt } from "./robots-txt.ts";
import { sitemapIndexXml, urlsetXml } from "./sitemap-xml.ts";
import { directoryJsonLd, websiteJsonLd } from "./structured-data.ts";
import { visible } from "#test-support/viewer-listings.ts";

const ORIGIN = "https://introbase.com";

function attrs(tag: MetaDescriptor): string {
  return Object.entries(tag)
    .filter(([k]) => k !== "tagName")
    .map(([k, v]) => `${k}="${String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`)
    .join(" ");
}

/** A page as React would write it: head tags, then the body and its JSON-LD. */
function html(meta: MetaDescriptor[], jsonLd: JsonLdNode[], body = ""): string {
  const head = meta.map((t) =>
    "title" in t ? `<title>${String(t.title)}</title>` : "tagName" in t ? `<link ${attrs(t)}/>` : `<meta ${attrs(t)}/>`,
  );
  const scripts = jsonLd.map((n) => `<script type="application/ld+json">${serializeJsonLd(n)}</script>`);
  return `<!DOCTYPE html><html><head>${head.join("")}</head><body>${body}${scripts.join("")}</body></html>`;
}

function page(path: string, body: string, extra: Partial<FetchedPage> = {}): FetchedPage {
  return { path, status: 200, contentType: "text/html; charset=utf-8", location: null, robotsHeader: null, body, ...extra };
}

const listing = visible();
const profileHtml = (paywalledClass = true) =>
  html(
    pageMeta({ origin: ORIGIN, path: "/profile/startup/alder-pay", title: "Alder Pay – Startup", description: "Payments." }),
    profileStructuredData(ORIGIN, {
      status: "ok",
      listing: {
        ...listing,
        lockedFields: { team: { requiredTier: "subscriber", placeholder: "Team profiles available", message: "m" } },
        team: [],
      },
    }),
    `<h1>Alder Pay</h1>${paywalledClass ? '<div class="paywalled-section">Team profiles available</div>' : ""}`,
  );

function probe(overrides: Partial<ProfileProbe> = {}): ProfileProbe {
  return {
    name: "Alder Pay",
    canonical: `${ORIGIN}/profile/startup/alder-pay`,
    indexable: true,
    linkedFromDirectory: true,
    paywalled: true,
    hiddenValues: ["Jane Moreau"],
    page: page("/profile/startup/alder-pay", profileHtml()),
    ...overrides,
  };
}

function input(overrides: Partial<ChecklistInput> = {}): ChecklistInput {
  const profileUrl = `${ORIGIN}/profile/startup/alder-pay`;
  return {
    origin: ORIGIN,
    robots: page("/robots.txt", robotsTxt(ORIGIN), { contentType: "text/plain; charset=utf-8" }),
    sitemapIndex: page("/sitemap.xml", sitemapIndexXml([{ loc: `${ORIGIN}/sitemaps/listings-1.xml` }]), { contentType: "application/xml" }),
    sitemapFiles: [page("/sitemaps/listings-1.xml", urlsetXml([{ loc: profileUrl }]), { contentType: "application/xml" })],
    sitemapFileCount: 1,
    home: page("/", html(pageMeta({ origin: ORIGIN, path: "/", title: "Home", description: "d" }), [websiteJsonLd(ORIGIN)])),
    directory: page(
      "/listings",
      html(
        pageMeta({ origin: ORIGIN, path: "/listings", title: "Directory", description: "d" }),
        directoryJsonLd(ORIGIN, { items: [listing], firstPosition: 1 }),
        '<a href="/profile/startup/alder-pay">View Profile</a>',
      ),
    ),
    profiles: [probe()],
    excluded: [
      {
        reason: "noindex",
        url: `${ORIGIN}/profile/startup/hidden`,
        page: page("/profile/startup/hidden", "<html></html>", { robotsHeader: "noindex" }),
      },
      { reason: "merged", url: `${ORIGIN}/profile/startup/old`, page: page("/profile/startup/old", "", { status: 301 }) },
      { reason: "archived", url: `${ORIGIN}/profile/startup/gone`, page: page("/profile/startup/gone", "", { status: 404 }) },
    ],
    noindexListings: 1,
    ...overrides,
  };
}

const failing = (checks: ReturnType<typeof evaluateChecklist>) => checks.filter((c) => !c.pass).map((c) => c.id);

describe("evaluateChecklist", () => {
  it("passes every item on pages built the way ours are", () => {
    const checks = evaluateChecklist(input());
    expect(failing(checks)).toEqual([]);
    expect(checks).toHaveLength(14);
  });

  it("fails robots.txt that is missing, blocks profiles or names no sitemap", () => {
    expect(failing(evaluateChecklist(input({ robots: page("/robots.txt", "", { status: 404 }) })))).toEqual(["robots"]);
    const blocking = page("/robots.txt", "User-agent: *\nDisallow: /profile/\n", { contentType: "text/plain" });
    expect(evaluateChecklist(input({ robots: blocking }))[0]!.detail).toMatch(
      /blocks public pages.*leaves \/admin open.*does not name the sitemap/,
    );
  });

  it("fails a sitemap that misses a public profile or lists an excluded one", () => {
    const files = (locs: string[]) => [page("/sitemaps/listings-1.xml", urlsetXml(locs.map((loc) => ({ loc }))))];
    const missing = evaluateChecklist(input({ sitemapFiles: files([]) }));
    expect(failing(missing)).toEqual(["sitemap-listings"]);
    expect(missing.find((c) => c.id === "sitemap-listings")!.detail).toBe("Alder Pay is missing");
    const listed = evaluateChecklist(
      input({ sitemapFiles: files([`${ORIGIN}/profile/startup/alder-pay`, `${ORIGIN}/profile/startup/hidden`]) }),
    );
    expect(listed.find((c) => c.id === "sitemap-listings")!.detail).toBe("a noindex listing is listed");
  });

  it("does not require a noindex profile to be in the sitemap", () => {
    const hidden = probe({ indexable: false, page: page("/profile/startup/alder-pay", profileHtml(), { robotsHeader: "noindex" }) });
    expect(failing(evaluateChecklist(input({ profiles: [hidden], sitemapFiles: [page("/s", urlsetXml([]))] })))).toEqual([]);
  });

  it("fails when an excluded listing's address answers the wrong way", () => {
    const excluded = input().excluded.map((e) => (e.reason === "noindex" ? e : { ...e, page: { ...e.page, status: 200 } }));
    const detail = evaluateChecklist(input({ excluded })).find((c) => c.id === "noindex")!.detail;
    expect(detail).toMatch(/merged listing answers 200.*archived listing answers 200/);
    expect(detail).not.toMatch(/noindex listing/);
    const shown = [{ ...input().excluded[0]!, page: page("/p", "<html></html>") }];
    expect(evaluateChecklist(input({ excluded: shown })).find((c) => c.id === "noindex")!.detail).toMatch(/does not say noindex/);
  });

  it("fails a profile whose gated sections are not marked, or whose selector matches nothing", () => {
    const unmarked = probe({ paywalled: false });
    expect(failing(evaluateChecklist(input({ profiles: [unmarked] })))).toEqual(["profile-paywall"]);
    const noClass = probe({ page: page("/profile/startup/alder-pay", profileHtml(false)) });
    expect(evaluateChecklist(input({ profiles: [noClass] })).find((c) => c.id === "profile-paywall")!.detail).toBe(
      'Alder Pay: no element has the paywall class "paywalled-section"',
    );
  });

  it("fails when a gated value is in the page, even HTML-escaped", () => {
    const leaky = probe({ hiddenValues: ["Jane & Moreau"], page: page("/p", `${profileHtml()}<p>Jane &amp; Moreau</p>`) });
    expect(failing(evaluateChecklist(input({ profiles: [leaky] })))).toEqual(["profile-no-leak"]);
  });

  it("fails profiles that did not load, naming them", () => {
    const broken = probe({ page: page("/profile/startup/alder-pay", "", { status: 0, error: "connect ECONNREFUSED" }) });
    const checks = evaluateChecklist(input({ profiles: [broken] }));
    expect(checks.find((c) => c.id === "profile-meta")!.detail).toBe(
      "Alder Pay: /profile/startup/alder-pay could not be fetched (connect ECONNREFUSED)",
    );
    expect(failing(checks)).toEqual(["profile-meta", "profile-jsonld"]);
  });

  it("fails a directory that does not link a public profile", () => {
    const directory = { ...input().directory, body: input().directory.body.replace(/<a [^>]*>View Profile<\/a>/, "") };
    expect(failing(evaluateChecklist(input({ directory })))).toEqual(["directory-links"]);
    expect(failing(evaluateChecklist(input({ directory, profiles: [probe({ linkedFromDirectory: false })] })))).toEqual([]);
  });
});

describe("headProblems", () => {
  const good = page("/", html(pageMeta({ origin: ORIGIN, path: "/", title: "Home", description: "d" }), []));

  it("lists what is missing or wrong", () => {
    expect(headProblems(good, `${ORIGIN}/`)).toEqual([]);
    expect(headProblems(good, `${ORIGIN}/other`)).toEqual([
      `canonical is ${ORIGIN}/, not ${ORIGIN}/other`,
      "og:url differs from the canonical",
    ]);
    expect(headProblems(page("/", "<html></html>"), `${ORIGIN}/`)).toContain("no canonical link");
    expect(headProblems(page("/", `<meta name="description" content="${"x".repeat(161)}">`), "x")).toContain(
      "description longer than 160 characters",
    );
  });

  it("checks noindex both ways", () => {
    expect(headProblems(good, `${ORIGIN}/`, false)).toEqual(["does not say noindex"]);
    expect(headProblems({ ...good, robotsHeader: "noindex" }, `${ORIGIN}/`)).toEqual(["says noindex"]);
  });
});

describe("jsonLdProblems", () => {
  it("needs the expected types, valid", () => {
    expect(jsonLdProblems(page("/", html([], [websiteJsonLd(ORIGIN)])), ["WebSite"])).toEqual([]);
    expect(jsonLdProblems(page("/", html([], [])), ["WebSite"])).toEqual(["no WebSite"]);
    expect(jsonLdProblems(page("/", html([], [{ "@context": "https://schema.org", "@type": "WebSite" }])), [])).toEqual([
      '$: WebSite needs "name"',
      '$: WebSite needs "url"',
    ]);
  });
});

describe("sitemapLocs", () => {
  it("reads the locations back, unescaped", () => {
    expect(sitemapLocs(urlsetXml([{ loc: "https://a.example/?a=1&b=2" }, { loc: "https://a.example/x" }]))).toEqual([
      "https://a.example/?a=1&b=2",
      "https://a.example/x",
    ]);
  });
});
