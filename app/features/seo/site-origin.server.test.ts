import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server.ts";
import { siteOrigin } from "./site-origin.server.ts";

/**
 * Issue 29 finding 7: without PUBLIC_URL, absolute URLs (robots.txt, the sitemap, canonical, og:url, JSON-LD) were made
 * from the Host header, so anyone could have a publicly cached robots.txt or sitemap name their own host.
 */
describe("siteOrigin", () => {
  it("is PUBLIC_URL, whatever host the request names", () => {
    expect(siteOrigin(parseEnv({ PUBLIC_URL: "https://introbase.example/" }))).toBe("https://introbase.example");
  });

  it("without PUBLIC_URL is this machine on PORT, never the request's host", async () => {
    const env = parseEnv({ PORT: "4100" });
    expect(siteOrigin(env)).toBe("http://localhost:4100");
    // The function no longer takes a request at all: a route has nothing to hand it a crafted host with.
    expect(siteOrigin.length).toBe(0);
  });
});
