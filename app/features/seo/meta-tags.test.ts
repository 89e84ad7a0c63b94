import { describe, expect, it } from "vitest";
import { serializeJsonLd } from "./json-ld.ts";
import { absoluteUrl, DESCRIPTION_MAX, originOf, pageMeta, truncateDescription } from "./meta-tags.ts";
import { SITE_CARD_ALT, SITE_CARD_PATH } from "./social-card.ts";

describe("truncateDescription", () => {
  it("keeps a short text, with its whitespace collapsed", () => {
    expect(truncateDescription("  Warm   intros\nfor startups. ")).toBe("Warm intros for startups.");
  });

  it("cuts a long text at a word, within the limit, with an ellipsis", () => {
    const text = "word ".repeat(60);
    const cut = truncateDescription(text);
    expect([...cut].length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(cut.endsWith("word…")).toBe(true);
  });

  it("cuts a text without spaces hard, and counts characters, not UTF-16 units", () => {
    const cut = truncateDescription("é".repeat(200), 10);
    expect(cut).toBe(`${"é".repeat(9)}…`);
    expect([...truncateDescription("😀".repeat(200))].length).toBe(DESCRIPTION_MAX);
  });

  it("drops trailing punctuation before the ellipsis", () => {
    expect(truncateDescription("Alpha beta gamma, delta epsilon", 18)).toBe("Alpha beta gamma…");
  });
});

describe("absoluteUrl", () => {
  it("joins the origin and a path, with or without slashes", () => {
    expect(absoluteUrl("https://introbase.com", "/listings")).toBe("https://introbase.com/listings");
    expect(absoluteUrl("https://introbase.com/", "listings")).toBe("https://introbase.com/listings");
  });

  it("keeps an address that is already absolute", () => {
    expect(absoluteUrl("https://introbase.com", "https://cdn.example/logo.png")).toBe("https://cdn.example/logo.png");
  });
});

describe("originOf", () => {
  it("reads the root loader's origin from the matches", () => {
    expect(
      originOf([
        { id: "root", loaderData: { origin: "https://a.example" } },
        { id: "home", loaderData: {} },
      ]),
    ).toBe("https://a.example");
  });

  it("is undefined when the root data is missing (the root loader failed)", () => {
    expect(originOf([undefined, { id: "root", loaderData: undefined }])).toBeUndefined();
    expect(originOf([])).toBeUndefined();
  });
});

describe("pageMeta", () => {
  const card = { path: "/og/startup/alder-pay/0123456789abcdef.png", alt: "Alder Pay, a startup on Introbase" };
  const tags = pageMeta({ origin: "https://introbase.com", path: "/pilot", title: "Pilot", description: "A pilot.", image: card });
  const find = (key: string, value: string) => tags.find((t) => (t as Record<string, string>)[key] === value) as Record<string, string>;

  it("writes the title with the site name, and the description", () => {
    expect(tags[0]).toEqual({ title: "Pilot | Introbase" });
    expect(find("name", "description").content).toBe("A pilot.");
  });

  it("writes an absolute canonical link and the same og:url", () => {
    expect(find("rel", "canonical")).toEqual({ tagName: "link", rel: "canonical", href: "https://introbase.com/pilot" });
    expect(find("property", "og:url").content).toBe("https://introbase.com/pilot");
  });

  it("writes Open Graph and Twitter tags, the image absolute", () => {
    expect(find("property", "og:title").content).toBe("Pilot");
    expect(find("property", "og:site_name").content).toBe("Introbase");
    expect(find("property", "og:type").content).toBe("website");
  });

  it("names a large social picture with its size and alt text (issue 29 finding 12)", () => {
    expect(find("property", "og:image").content).toBe("https://introbase.com/og/startup/alder-pay/0123456789abcdef.png");
    expect(find("property", "og:image:type").content).toBe("image/png");
    expect(find("property", "og:image:width").content).toBe("1200");
    expect(find("property", "og:image:height").content).toBe("630");
    expect(find("property", "og:image:alt").content).toBe("Alder Pay, a startup on Introbase");
    expect(find("name", "twitter:card").content).toBe("summary_large_image");
  });

  it("gives a page without a picture of its own the site's card", () => {
    const plain = pageMeta({ origin: "https://introbase.com", path: "/terms", title: "Terms", description: "Terms." });
    const image = plain.find((t) => (t as { property?: string }).property === "og:image") as { content: string };
    expect(image.content).toBe(`https://introbase.com${SITE_CARD_PATH}`);
    expect(plain).toContainEqual({ property: "og:image:alt", content: SITE_CARD_ALT });
  });

  it("is indexable unless told otherwise", () => {
    expect(find("name", "robots")).toBeUndefined();
    const noindex = pageMeta({ origin: "https://i.example", path: null, title: "x", description: "y", robots: "noindex" });
    expect(noindex).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("writes no canonical or og:url without an origin or a path: a relative canonical would be wrong", () => {
    for (const tags of [
      pageMeta({ origin: undefined, path: "/x", title: "x", description: "y" }),
      pageMeta({ origin: "https://i.example", path: null, title: "x", description: "y" }),
    ]) {
      expect(tags.some((t) => "rel" in t)).toBe(false);
      expect(tags.some((t) => (t as { property?: string }).property === "og:url")).toBe(false);
    }
  });
});

describe("serializeJsonLd", () => {
  it("escapes what could end the script element, and parses back to the same value", () => {
    const value = { name: "</script><script>alert(1)</script> & \u2028" };
    const text = serializeJsonLd(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
