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
