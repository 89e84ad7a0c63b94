import { describe, expect, it } from "vitest";
import type { Route } from "./+types/developers";
import { meta } from "./developers.tsx";
import { SITE_CARD_PATH } from "~/features/seo/social-card.ts";

/** Issue 29 finding 12: /developers had a title and a description, and no canonical or Open Graph tag. */
describe("/developers meta", () => {
  const tags = meta({ matches: [{ id: "root", loaderData: { origin: "https://introbase.example" } }] } as unknown as Route.MetaArgs);
  const tag = (key: string, value: string) => tags.find((t) => (t as Record<string, string>)[key] === value) as Record<string, string>;

  it("has its absolute canonical address and the same og:url", () => {
    expect(tag("rel", "canonical")?.href).toBe("https://introbase.example/developers");
    expect(tag("property", "og:url")?.content).toBe("https://introbase.example/developers");
  });

  it("has Open Graph and Twitter tags, with the site's card as its picture", () => {
    expect(tag("property", "og:title")?.content).toBe("API for developers");
    expect(tag("property", "og:description")?.content).toMatch(/JSON API/);
    expect(tag("property", "og:image")?.content).toBe(`https://introbase.example${SITE_CARD_PATH}`);
    expect(tag("name", "twitter:card")?.content).toBe("summary_large_image");
    expect(tags).toContainEqual({ title: "API for developers | Introbase" });
  });
});
