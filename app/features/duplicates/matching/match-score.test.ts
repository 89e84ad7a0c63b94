import { describe, expect, it } from "vitest";
import { prepare, scorePair, type MatchRecord } from "./match-score.ts";
import { jaroWinkler, nameSimilarity } from "./name-similarity.ts";
import { linkedinPage, registrableDomain } from "./url-keys.ts";
import { nameKey } from "./name-key.ts";

const flat = { weight: () => 1 };
const score = (a: Partial<MatchRecord> & { name: string }, b: Partial<MatchRecord> & { name: string }, context = flat) =>
  scorePair(prepare({ id: "a", ...a }), prepare({ id: "b", ...b }), context);

describe("signals", () => {
  it("reads the registrable domain whatever the scheme, www, subdomain or path, and ignores shared hosts", () => {
    expect(registrableDomain("https://www.Acme.com/about?x=1")).toBe("acme.com");
    expect(registrableDomain("app.acme.io")).toBe("acme.io");
    expect(registrableDomain("http://shop.acme.co.uk")).toBe("acme.co.uk");
    expect(registrableDomain("https://sites.google.com/view/acme")).toBeNull();
    expect(registrableDomain("https://acme.wixsite.com/home")).toBeNull();
    expect(registrableDomain("not a url at all")).toBeNull();
    expect(registrableDomain("")).toBeNull();
  });

  it("reads the LinkedIn page whatever the subdomain, case, trailing path or query", () => {
    expect(linkedinPage("https://uk.linkedin.com/company/Acme-HQ/about/?trk=x")).toBe("company/acme-hq");
    expect(linkedinPage("linkedin.com/company/acme")).toBe("company/acme");
    expect(linkedinPage("https://www.linkedin.com/in/ada")).toBe("in/ada");
    expect(linkedinPage("https://linkedin.com/feed")).toBeNull();
  });

  it("weighs rare words above common ones, and finds a short name inside a long one", () => {
    const weight = (w: string) => ({ chicago: 0.2, center: 0.2, commons: 1, guadalupano: 3, association: 0.5, family: 0.5 })[w] ?? 1;
    const short = nameKey("Chicago Commons Guadalupano");
    const long = nameKey("Chicago Commons Association - Guadalupano Family Center");
    expect(nameSimilarity(short, long, weight)).toBeGreaterThan(0.85);
    expect(nameSimilarity(nameKey("Chicago Commons Guadalupano"), nameKey("Chicago Commons Paulo Freire"), weight)).toBeLessThan(0.5);
    expect(nameSimilarity(nameKey("Data Robot"), nameKey("DataRobot"), flat.weight)).toBe(0.99);
    expect(nameSimilarity(nameKey("International Business Machines"), nameKey("IBM Corp."), flat.weight)).toBe(0.9);
    expect(jaroWinkler("newberry", "newbery")).toBeGreaterThan(0.93);
  });
});

describe("scoring and bands", () => {
  it("auto-merges the same name with the same LinkedIn page or domain", () => {
    const result = score(
      { name: "Acme Robotics GmbH", linkedin: "https://www.linkedin.com/company/acme-robotics" },
      { name: "ACME Robotics", linkedin: "linkedin.com/company/ACME-ROBOTICS/" },
    );
    expect(result.band).toBe("auto_merge");
    expect(result.reasons).toContain("same LinkedIn page");
    expect(
      score({ name: "Acme Robotics", website: "acme.io" }, { name: "Acme Robotics Inc", website: "https://www.acme.io/x" }).reasons,
    ).toContain("same domain");
  });

  it("never auto-merges on a name alone, however exact: it goes to review", () => {
    const result = score({ name: "Acme Robotics" }, { name: "Acme Robotics, Inc." });
    expect(result.band).toBe("review");
    expect(result.score).toBeLessThan(0.95);
  });

  it("does not flag the same name on two different websites in two countries", () => {
    const result = score(
      { name: "Aurora Health", website: "aurora.com", country: "US" },
      { name: "Aurora Health", website: "aurorahealth.de", country: "DE" },
    );
    expect(result.band).toBe("none");
    expect(result.reasons).toEqual(expect.arrayContaining(["different domains", "different countries"]));
  });

  it("keeps names that differ in a number or a branch apart, even on one website", () => {
    const numbered = score({ name: "Teddy Bear 1", website: "teddy.org" }, { name: "Teddy Bear 2", website: "teddy.org" });
    expect(numbered.band).not.toBe("auto_merge");
    expect(numbered.reasons).toContain("names differ in a number");
    expect(score({ name: "Mary Crane North" }, { name: "Mary Crane East" }).band).toBe("none");
    expect(score({ name: "Mary Crane North", website: "marycrane.org" }, { name: "Mary Crane", website: "marycrane.org" }).band).toBe(
      "review",
    );
  });

  it("never auto-merges an empty or very short name, whatever else matches", () => {
    const result = score({ name: "AI Inc", linkedin: "linkedin.com/company/ai" }, { name: "AI", linkedin: "linkedin.com/company/ai" });
    expect(result.autoMergeAllowed).toBe(false);
    expect(result.band).toBe("review");
    expect(score({ name: "" }, { name: "" }).band).toBe("none");
  });

  it("says a shared name is borne by several listings", () => {
    const result = score({ name: "Mason" }, { name: "Mason" }, { weight: () => 1, listingsWithKey: () => 5 } as never);
    expect(result.reasons).toContain("name shared by 5 listings");
  });
});
