import { describe, expect, it } from "vitest";
import type { AccessLevel } from "../access/tiers.ts";
import { buildPortfolio, type PortfolioLink } from "./investor-portfolio.ts";

function link(company: string, overrides: Partial<PortfolioLink> = {}): PortfolioLink {
  return {
    companyId: `id-${company}`,
    slug: company,
    type: "startup",
    name: company.replace(/(^|-)(\w)/g, (_, dash: string, c: string) => `${dash ? " " : ""}${c.toUpperCase()}`),
    logo: null,
    visibility: "public",
    roundType: "seed",
    fundingDate: "2023-04-01",
    ...overrides,
  };
}

const as = (tier: AccessLevel) => ({ tier });

describe("buildPortfolio", () => {
  it("groups the rounds of one company, latest first, and drops a round named twice", () => {
    const portfolio = buildPortfolio(
      [
        link("alder-pay", { roundType: "seed", fundingDate: "2021-02-01" }),
        link("alder-pay", { roundType: "series-a", fundingDate: "2023-06-01" }),
        link("alder-pay", { roundType: "series-a", fundingDate: "2023-06-01" }),
      ],
      as("public"),
    );
    expect(portfolio).toEqual({
      total: 1,
      companies: [
        {
          slug: "alder-pay",
          type: "startup",
          name: "Alder Pay",
          logo: null,
          rounds: [
            { roundType: "series-a", fundingDate: "2023-06-01" },
            { roundType: "seed", fundingDate: "2021-02-01" },
          ],
        },
      ],
    });
  });

  it("orders companies by their latest round with this investor, undated last, then by name", () => {
    const portfolio = buildPortfolio(
      [
        link("old-co", { fundingDate: "2018-01-01" }),
        link("no-date", { fundingDate: null }),
        link("beta-new", { fundingDate: "2025-01-01" }),
        link("alpha-new", { fundingDate: "2025-01-01" }),
        link("old-co", { roundType: "series-b", fundingDate: "2024-01-01" }),
      ],
      as("public"),
    );
    expect(portfolio.companies.map((c) => c.slug)).toEqual(["alpha-new", "beta-new", "old-co", "no-date"]);
  });

  it("keeps a company linked without a round, with no rounds to show", () => {
    const portfolio = buildPortfolio([link("quiet-co", { roundType: null, fundingDate: null })], as("public"));
    expect(portfolio.companies).toEqual([{ slug: "quiet-co", type: "startup", name: "Quiet Co", logo: null, rounds: [] }]);
  });

  it("leaves out every company above the viewer's tier, with no count and no trace", () => {
    const links = [
      link("open-co"),
      link("subscriber-co", { visibility: "subscriber", fundingDate: "2026-01-01" }),
      link("premium-co", { visibility: "premium", logo: "/media/premium-logo" }),
    ];
    const visitor = buildPortfolio(links, as("public"));
    expect(visitor.companies.map((c) => c.slug)).toEqual(["open-co"]);
    expect(visitor.total).toBe(1);
    const sent = JSON.stringify(visitor);
    for (const trace of ["subscriber-co", "Subscriber Co", "premium-co", "Premium Co", "premium-logo", "2026"])
      expect(sent).not.toContain(trace);

    expect(buildPortfolio(links, as("subscriber")).companies.map((c) => c.slug)).toEqual(["subscriber-co", "open-co"]);
    expect(buildPortfolio(links, as("premium")).total).toBe(3);
  });

  it("treats an unknown visibility as public", () => {
    expect(buildPortfolio([link("odd-co", { visibility: "" })], as("public")).total).toBe(1);
  });

  it("cuts the list at the limit and counts the rest", () => {
    const links = Array.from({ length: 30 }, (_, i) =>
      link(`co-${String(i).padStart(2, "0")}`, { fundingDate: `20${10 + (i % 10)}-01-01` }),
    );
    const portfolio = buildPortfolio(links, as("public"), 24);
    expect(portfolio.companies).toHaveLength(24);
    expect(portfolio.total).toBe(30);
  });
});
