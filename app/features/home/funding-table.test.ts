import { describe, expect, it } from "vitest";
import { buildFundingRows, type FeaturedStartup } from "./funding-table.ts";

function startup(overrides: Partial<FeaturedStartup> = {}): FeaturedStartup {
  return {
    slug: "nimbus-labs",
    name: "Nimbus Labs",
    logoUrl: null,
    visibility: "public",
    latestRoundType: "series-a",
    latestRoundDate: "2024-03-15",
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
        date: "Mar 2024",
        dateTime: "2024-03-15",
        amount: "$4.3M",
        category: "Fintech",
        teamSize: "11-50",
        founded: "2019",
      },
    ]);
  });

  it("shows --- for every missing value", () => {
    const [row] = buildFundingRows(
      [startup({ latestRoundType: null, latestRoundDate: null, amountRaised: null, industries: [], teamSize: "  ", foundedYear: null })],
      PUBLIC,
    );
    expect(row).toMatchObject({
      round: "---",
      date: "---",
      dateTime: null,
      amount: "---",
      category: "---",
      teamSize: "---",
      founded: "---",
    });
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

  it("shows at most the 8 startups the table loads", () => {
    const many = Array.from({ length: 12 }, (_, i) => startup({ slug: `s-${i}`, name: `S ${String(i).padStart(2, "0")}` }));
    const rows = buildFundingRows(many, PUBLIC);
    expect(rows).toHaveLength(8);
    expect(rows[0]).toMatchObject({ slug: "s-0" });
    expect(rows[7]).toMatchObject({ slug: "s-7" });
  });

  it("keeps two locked rows when open ones could fill the table, and fills it with locked ones when they cannot", () => {
    const open = (n: number) => Array.from({ length: n }, (_, i) => startup({ slug: `open-${i}`, name: `Open ${i}` }));
    const locked = (n: number) => Array.from({ length: n }, (_, i) => startup({ slug: `locked-${i}`, visibility: "premium" }));
    const shape = (rows: ReturnType<typeof buildFundingRows>) => rows.map((r) => (r.locked ? "L" : "O")).join("");
    expect(shape(buildFundingRows([...open(8), ...locked(8)], PUBLIC))).toBe("OOOOOOLL");
    expect(shape(buildFundingRows([...open(3), ...locked(8)], PUBLIC))).toBe("OOOLLLLL");
    expect(shape(buildFundingRows([...open(8), ...locked(1)], PUBLIC))).toBe("OOOOOOOL");
    expect(shape(buildFundingRows(open(8), PUBLIC))).toBe("OOOOOOOO");
    expect(shape(buildFundingRows(locked(3), PUBLIC))).toBe("LLL");
  });

  it("orders rows by their latest round, most recent first, undated last, then by name", () => {
    const rows = buildFundingRows(
      [
        startup({ slug: "old", name: "Old", latestRoundDate: "2019-05-01" }),
        startup({ slug: "undated", name: "Undated", latestRoundDate: null }),
        startup({ slug: "new-b", name: "New B", latestRoundDate: "2025-02-10" }),
        startup({ slug: "mid", name: "Mid", latestRoundDate: "2023-11-30" }),
        startup({ slug: "new-a", name: "New A", latestRoundDate: "2025-02-10" }),
      ],
      PUBLIC,
    );
    expect(rows.map((r) => (r.locked ? "locked" : r.slug))).toEqual(["new-a", "new-b", "mid", "old", "undated"]);
  });

  it("puts locked rows after every row the viewer may open, whatever their dates (DESIGN D14)", () => {
    const input = [
      startup({ slug: "secret-new", name: "Secret New", visibility: "premium", latestRoundDate: "2026-01-01" }),
      startup({ slug: "open-old", name: "Open Old", latestRoundDate: "2018-01-01" }),
      startup({ slug: "secret-old", name: "Secret Old", visibility: "subscriber", latestRoundDate: "2010-01-01" }),
      startup({ slug: "open-new", name: "Open New", latestRoundDate: "2024-01-01" }),
    ];
    const rows = buildFundingRows(input, PUBLIC);
    expect(rows.map((r) => (r.locked ? "locked" : r.slug))).toEqual(["open-new", "open-old", "locked", "locked"]);
    // Swapping the hidden dates changes nothing the visitor receives.
    const swapped = input.map((s) =>
      s.slug === "secret-new"
        ? { ...s, latestRoundDate: "2010-01-01" }
        : s.slug === "secret-old"
          ? { ...s, latestRoundDate: "2026-01-01" }
          : s,
    );
    expect(buildFundingRows(swapped, PUBLIC)).toEqual(rows);
  });

  it("drops a blank logo so the monogram shows instead", () => {
    expect(buildFundingRows([startup({ logoUrl: " " })], PUBLIC)[0]).toMatchObject({ logo: null });
  });
});
