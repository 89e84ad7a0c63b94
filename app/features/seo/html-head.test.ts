import { describe, expect, it } from "vitest";
import { decodeEntities, jsonLdNodes, parseAttributes, readPageSeo } from "./html-head.ts";

const HTML = `<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Alder &amp; Co – Startup | Introbase</title>
<meta name="description" content="Payments &quot;for&quot; clinics"/><meta name="robots" content="noindex"/>
<link rel="canonical" href="https://i.example/profile/startup/alder?x=1&amp;y=2"/>
<meta property="og:title" content="Alder"/><meta property="og:title" content="Second"/></head>
<body><div class="paywalled-section flex gap-2"><a href="/profile/startup/b">B</a></div>
<script type="application/ld+json" nonce="abc">{"@context":"https://schema.org","@type":"Organization","name":"A \\u003c B"}</script>
<script type="application/ld+json">{not json</script><script>window.x = 1</script>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebPage"},{"@type":"BreadcrumbList"}]}</script>
</body></html>`;

describe("readPageSeo", () => {
  const seo = readPageSeo(HTML);

  it("reads the title and meta tags, entities decoded, the first of a name winning", () => {
    expect(seo.title).toBe("Alder & Co – Startup | Introbase");
    expect(seo.meta.description).toBe('Payments "for" clinics');
    expect(seo.meta.robots).toBe("noindex");
    expect(seo.meta["og:title"]).toBe("Alder");
  });

  it("reads the canonical link", () => {
    expect(seo.canonical).toBe("https://i.example/profile/startup/alder?x=1&y=2");
  });

  it("parses every JSON-LD block and reports one that is not JSON; other scripts are ignored", () => {
    expect(seo.jsonLd).toHaveLength(3);
    expect(seo.jsonLd[0]).toMatchObject({ "@type": "Organization", name: "A < B" });
    expect(seo.jsonLd[1]).toEqual({ invalid: "{not json" });
  });

  it("collects class names and links", () => {
    expect(seo.classNames.has("paywalled-section")).toBe(true);
    expect(seo.links).toEqual(["/profile/startup/b"]);
  });

  it("finds nothing in a page without them", () => {
    expect(readPageSeo("<p>hi</p>")).toMatchObject({ title: null, canonical: null, jsonLd: [], links: [] });
  });
});

describe("jsonLdNodes", () => {
  it("opens arrays and @graph containers", () => {
    const nodes = jsonLdNodes(readPageSeo(HTML).jsonLd);
    expect(nodes.map((n) => n["@type"] ?? "invalid")).toEqual(["Organization", "invalid", "WebPage", "BreadcrumbList"]);
    expect(jsonLdNodes([[{ "@type": "A" }], null, "x"])).toEqual([{ "@type": "A" }]);
  });

  it("hands the container's context down to its graph", () => {
    expect(jsonLdNodes(readPageSeo(HTML).jsonLd)[2]!["@context"]).toBe("https://schema.org");
  });
});

describe("entities and attributes", () => {
  it("decodes named and numeric entities, leaving unknown ones", () => {
    expect(decodeEntities("&lt;&#39;&#x27;&amp;&nbsp;&bogus;")).toBe("<''&\u00a0&bogus;");
  });

  it("reads quoted, unquoted and bare attributes", () => {
    expect(parseAttributes(`<input type=text value='a "b"' disabled data-x="1&amp;2">`)).toEqual({
      type: "text",
      value: 'a "b"',
      disabled: "",
      "data-x": "1&2",
    });
  });
});
