import { describe, expect, it } from "vitest";
import { robotsAllows, robotsTxt } from "./robots-txt.ts";

describe("robotsTxt", () => {
  const robots = robotsTxt("https://introbase.com");

  it("names the sitemap with an absolute URL", () => {
    expect(robots).toContain("Sitemap: https://introbase.com/sitemap.xml");
  });

  it("opens the public pages and closes operator, API and account areas", () => {
    for (const path of ["/", "/listings", "/listings?type=startup", "/profile/startup/alder-pay", "/pilot", "/privacy-policy", "/media/1"])
      expect(robotsAllows(robots, path), path).toBe(true);
    for (const path of [
      "/admin",
      "/admin/listings",
      "/debug/crawler-test",
      "/seo-test",
      "/api/listings",
      "/settings",
      "/sign-in",
      "/introductions/respond/x",
    ])
      expect(robotsAllows(robots, path), path).toBe(false);
  });
});

/**
 * The other common reading of robots.txt: the first rule whose path starts the URL's path wins, in file order (Python's
 * urllib.robotparser, older crawlers). Issue 29 finding 12: "Allow: /" first made every path allowed for them.
 */
function firstMatchAllows(robots: string, path: string): boolean {
  let inStar = false;
  for (const raw of robots.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, "").trim();
    const [key = "", ...rest] = line.split(":");
    const value = rest.join(":").trim();
    if (key.toLowerCase() === "user-agent") inStar = value === "*";
    else if (inStar && value && ["allow", "disallow"].includes(key.toLowerCase()) && path.startsWith(value))
      return key.toLowerCase() === "allow";
  }
  return true;
}

describe("robots.txt read by first-match and by longest-match crawlers", () => {
  const robots = robotsTxt("https://introbase.com");
  const paths = {
    "/settings": false,
    "/admin": false,
    "/admin/listings": false,
    "/debug/crawler-test": false,
    "/api/listings": false,
    "/sign-in": false,
    "/": true,
    "/listings": true,
    "/listings?type=startup": true,
    "/developers": true,
    "/profile/startup/alder-pay": true,
    "/og/startup/alder-pay/0123456789abcdef.png": true,
  };

  it("gives the same answer for every path that matters, under both readings", () => {
    for (const [path, allowed] of Object.entries(paths)) {
      expect(robotsAllows(robots, path), `longest match: ${path}`).toBe(allowed);
      expect(firstMatchAllows(robots, path), `first match: ${path}`).toBe(allowed);
    }
  });

  it("has no catch-all Allow that a first-match reader would stop at", () => {
    expect(robots).not.toMatch(/^Allow: \/$/m);
  });
});

describe("robotsAllows", () => {
  it("lets the longest matching rule win, Allow on a tie", () => {
    const robots = "User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /c\nAllow: /c";
    expect(robotsAllows(robots, "/a/x")).toBe(false);
    expect(robotsAllows(robots, "/a/b/c")).toBe(true);
    expect(robotsAllows(robots, "/c")).toBe(true);
  });

  it("reads only the groups for every crawler, including a group naming several agents", () => {
    expect(robotsAllows("User-agent: Googlebot\nDisallow: /", "/x")).toBe(true);
    expect(robotsAllows("User-agent: Googlebot\nUser-agent: *\nDisallow: /", "/x")).toBe(false);
    expect(robotsAllows("User-agent: *\nDisallow: # nothing\n", "/x")).toBe(true);
  });

  it("understands an exact-match rule", () => {
    expect(robotsAllows("User-agent: *\nDisallow: /$", "/")).toBe(false);
    expect(robotsAllows("User-agent: *\nDisallow: /$", "/listings")).toBe(true);
  });
});
