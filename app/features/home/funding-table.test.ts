import { describe, expect, it } from "vitest";
import { buildFundingRows, type FeaturedStartup } from "./funding-table.ts";

function startup(overrides: Partial<FeaturedStartup> = {}): FeaturedStartup {
  return {
    slug: "nimbus-labs",
    name: "Nimbus Labs",
    logoUrl: null,
    visibility: "public",
    latestRoundType: "series-a",
    amountRaised: 4_250_000,
    industries: ["Fintech", "AI"],
    teamSize: "11-50",
    foundedYear: 2019,
    ...overrides,
  };
}

const PUBLIC = { tier: "public" } as const;

describe("buildFundingRows", () => {
  it("shows a public listing's values, formatted for the table", () => {
    expect(buildFundingRows([startup()], PUBLIC)).toEqual([
      {
        locked: false,
        key: "nimbus-labs",
        slug: "nimbus-labs",
        name: "Nimbus Labs",
        logo: null,
        round: "Series A",
        amount: "$4.3M",
        category: "Fintech",
        teamSize: "11-50",
        founded: "2019",
      },
    ]);
  });

  it("shows --- for every missing value", () => {
    const [row] = buildFundingRows(
      [startup({ latestRoundType: null, amountRaised: null, industries: [], teamSize: "  ", foundedYear: null })],
      PUBLIC,
    );
    expect(row).toMatchObject({ round: "---", amount: "---", category: "---", teamSize: "---", founded: "---" });
  });

  it("keeps nothing of a subscriber or premium listing for a public viewer", () => {
    const rows = buildFundingRows(
      [startup({ visibility: "subscriber" }), startup({ slug: "secret", name: "Secret Co", visibility: "premium" })],
      PUBLIC,
    );
    expect(rows).toEqual([
      { locked: true, key: "locked-0" },
      { locked: true, key: "locked-1" },
    ]);
    const serialized = JSON.stringify(rows);
    for (const leak of ["Nimbus", "nimbus-labs", "Secret", "secret", "4.3", "Fintech", "11-50", "2019", "Series"])
      expect(serialized).not.toContain(leak);
  });

  it("opens a listing the viewer's tier reaches", () => {
    const rows = buildFundingRows([startup({ visibility: "subscriber" }), startup({ visibility: "premium" })], { tier: "subscriber" });
    expect(rows.map((r) => r.locked)).toEqual([false, true]);
  });

  it("treats an unknown visibility as public", () => {
    expect(buildFundingRows([startup({ visibility: "" })], PUBLIC)[0]?.locked).toBe(false);
  });

  it("shows at most the first 10 rows, in order", () => {
    const many = Array.from({ length: 12 }, (_, i) => startup({ slug: `s-${i}`, name: `S ${i}` }));
    const rows = buildFundingRows(many, PUBLIC);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ slug: "s-0" });
    expect(rows[9]).toMatchObject({ slug: "s-9" });
  });

  it("drops a blank logo so the first letter shows instead", () => {
    expect(buildFundingRows([startup({ logoUrl: " " })], PUBLIC)[0]).toMatchObject({ logo: null });
  });
});
