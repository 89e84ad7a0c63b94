/**
 * Issue 32: brands of one corporate group and same-named companies in other countries stay apart (never merged
 * without a person), and the true pairs the holdout missed are found. Pure scoring; the blocking is in
 * duplicate-scan-typos.db.test.ts.
 */
import { describe, expect, it } from "vitest";
import { prepare, scorePair, type MatchRecord } from "./match-score.ts";

const flat = { weight: () => 1 };
type Side = Partial<MatchRecord> & { name: string };
const score = (a: Side, b: Side) => scorePair(prepare({ id: "a", ...a }), prepare({ id: "b", ...b }), flat);

describe("brands of one group on the parent's domain", () => {
  it.each([
    [
      { name: "Northwind Labs", website: "https://northwind.com" },
      { name: "Northwind Data Studio Group", website: "northwind.com" },
    ],
    [
      { name: "Hooli Pay", website: "https://hooli.com/pay" },
      { name: "Hooli Cloud", website: "https://www.hooli.com/cloud" },
    ],
    [
      { name: "Initech Cloud", website: "https://cloud.initech.com" },
      { name: "Initech Security", website: "https://security.initech.com" },
    ],
    [
      { name: "Drift Learning", website: "driftlearning.com" },
      { name: "Drift Learning Consulting AB", website: "driftlearning.com/consulting" },
    ],
  ])("sends %o / %o to review, never to an automatic merge", (a, b) => {
    const result = score(a, b);
    expect(result.band).toBe("review");
    expect(result.autoMergeAllowed).toBe(false);
  });

  it("sends one name on two paths or subdomains of a domain to review (a brand's page and the parent's)", () => {
    const paths = score({ name: "Hooli", website: "https://hooli.com/pay" }, { name: "Hooli", website: "https://hooli.com/cloud" });
    expect(paths.band).toBe("review");
    expect(paths.reasons).toContain("same domain, different sites on it: review only");
    const subdomains = score({ name: "Initech", website: "pay.initech.com" }, { name: "Initech Inc", website: "cloud.initech.com" });
    expect(subdomains.band).toBe("review");
  });

  it("still merges one company written two ways on its own domain, whatever page or login subdomain is listed", () => {
    expect(
      score(
        { name: "Northwind Labs", website: "https://northwind.com/about" },
        { name: "NORTHWIND LABS GmbH", website: "app.northwind.com/login" },
      ).band,
    ).toBe("auto_merge");
    expect(
      score({ name: "Northwind Labs", website: "northwind.com/en" }, { name: "NorthwindLabs", website: "www.northwind.com" }).band,
    ).toBe("auto_merge");
  });
});

describe("same name in another country", () => {
  it("does not merge a website in one country with a LinkedIn page of the same stem in another", () => {
    const result = score(
      { name: "Atlas Dynamics SAS", website: "https://atlasdynamics.se", country: "SE" },
      { name: "Atlas Dynamics", linkedin: "https://www.linkedin.com/company/atlasdynamics", country: "FI" },
    );
    expect(result.band).not.toBe("auto_merge");
    expect(result.reasons).not.toContain("LinkedIn page named like the other's website");
  });

  it("counts a LinkedIn page as the other's website only with the domain's country ending in it", () => {
    const withoutEnding = score(
      { name: "Atlas Dynamics", website: "atlasdynamics.se" },
      { name: "Atlas Dynamics AB", linkedin: "linkedin.com/company/atlasdynamics" },
    );
    expect(withoutEnding.reasons).not.toContain("LinkedIn page named like the other's website");
    const withEnding = score(
      { name: "Atlas Dynamics", website: "atlasdynamics.se", country: "SE" },
      { name: "Atlas Dynamics AB", linkedin: "linkedin.com/company/atlasdynamics-se", country: "SE" },
    );
    expect(withEnding.reasons).toContain("LinkedIn page named like the other's website");
    expect(withEnding.band).toBe("auto_merge");
    // A domain with no country ending is named by its stem.
    const generic = score(
      { name: "Atlas Dynamics", website: "atlasdynamics.com", country: "SE" },
      { name: "Atlas Dynamics AB", linkedin: "linkedin.com/company/atlas-dynamics", country: "SE" },
    );
    expect(generic.band).toBe("auto_merge");
  });

  it("stops an automatic merge across countries unless the domain, the phone or the LinkedIn page is the same", () => {
    const mail = score(
      { name: "Polar Materials", website: "polarmaterials.com", country: "SE" },
      { name: "Polar Materials Oy", contactEmail: "info@polarmaterials.com", country: "FI" },
    );
    expect(mail.band).toBe("review");
    expect(mail.reasons).toContain("different or unknown countries: review only");
    const domain = score(
      { name: "Polar Materials", website: "polarmaterials.com", country: "SE" },
      { name: "Polar Materials Oy", website: "https://www.polarmaterials.com", country: "FI" },
    );
    expect(domain.band).toBe("auto_merge");
  });

  it("merges on a page named like the other's website only when both records are in one country", () => {
    const page = { name: "South Studio AG", linkedin: "https://www.linkedin.com/company/southstudio", country: "NO" };
    expect(score({ name: "South Studio", website: "http://southstudio.ai" }, page).band).toBe("review");
    expect(score({ name: "South Studio", website: "http://southstudio.ai", country: "NO" }, page).band).toBe("auto_merge");
  });
});

describe("misses recovered", () => {
  it("sends a shared domain with unlike names to review (a name run together and misspelt)", () => {
    const result = score({ name: "PIRSMCLOUD", website: "https://prismcloud.io" }, { name: "Prism Cloud", website: "prismcloud.io/en" });
    expect(result.band).toBe("review");
    expect(result.autoMergeAllowed).toBe(false);
    const page = score(
      { name: "PIRSMCLOUD", linkedin: "linkedin.com/company/prismcloud" },
      { name: "Prism Cloud", linkedin: "linkedin.com/company/prismcloud" },
    );
    expect(page.band).toBe("review");
  });

  it("finds North Security whatever the spacing, and a glued legal form in any letter case", () => {
    expect(score({ name: "NorthS ecurity" }, { name: "North Security Limited" }).band).toBe("review");
    expect(score({ name: "lumen securitygmbh" }, { name: "Lumen Security" }).band).toBe("review");
    expect(
      score({ name: "QUANTUM MEDIAGMBH", website: "quantummedia.de" }, { name: "Quantum Media", website: "quantummedia.de" }).band,
    ).toBe("auto_merge");
  });
});

describe("renames", () => {
  it("sends a renamed company that kept its LinkedIn page but moved its website to review", () => {
    const result = score(
      {
        name: "Globex Software GmbH",
        website: "https://www.globexsoftware.io/",
        linkedin: "https://linkedin.com/company/globexsoftware",
        country: "GB",
      },
      {
        name: "Kindling Inc.",
        website: "https://www.kindling.co.uk/",
        linkedin: "https://www.linkedin.com/company/globexsoftware/about/",
        country: "GB",
      },
    );
    expect(result.band).toBe("review");
    expect(result.reasons).toEqual(expect.arrayContaining(["same LinkedIn page, names differ: review only", "different domains"]));
  });
});

describe("a longer name containing the shorter", () => {
  it("does not flag it when the longer name's own website spells the words the other lacks", () => {
    const result = score(
      { name: "Drift Learning", country: "SE" },
      { name: "Drift Learning Consulting AB", website: "https://driftlearningconsulting.se", country: "SE" },
    );
    expect(result.band).toBe("none");
    // The same name written longer on the shorter one's site is still a person's to look at.
    expect(
      score(
        { name: "Drift Learning", country: "SE" },
        { name: "Drift Learning Consulting AB", website: "https://driftlearning.se", country: "SE" },
      ).band,
    ).toBe("review");
  });
});
