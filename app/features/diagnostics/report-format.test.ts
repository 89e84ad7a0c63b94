import { describe, expect, it } from "vitest";
import { columnsPresent, formatRecords, MORE_RECORDS_NOTE, tablesSummary } from "./report-format.ts";
import type { TableCheck } from "./report.ts";

const table = (name: string, exists: boolean, states: Array<["exists" | "missing" | "type differs", boolean]>): TableCheck => ({
  name,
  exists,
  method: "information_schema",
  records: null,
  columns: states.map(([state, expected], i) => ({
    name: `c${i}`,
    expectedType: expected ? "text" : null,
    detectedType: state === "missing" ? null : "text",
    state,
  })),
});

describe("formatRecords", () => {
  it.each([
    [null, "—"],
    [{ n: 0 }, "0"],
    [{ n: 600 }, "600"],
    [{ n: 100_000, estimated: true }, "about 100,000 (estimate)"],
    [{ n: 500, more: true }, "500+"],
  ])("%j -> %s", (count, text) => expect(formatRecords(count)).toBe(text));

  it("explains the + with the spec's scan limits", () => {
    expect(MORE_RECORDS_NOTE).toBe("the scan reads at most 5 pages of 100 records");
  });
});

describe("columnsPresent and tablesSummary", () => {
  it("counts expected columns only, and every field of a source without expectations", () => {
    expect(
      columnsPresent(
        table("t", true, [
          ["exists", true],
          ["missing", true],
          ["exists", false],
        ]),
      ),
    ).toEqual({ present: 1, expected: 2 });
    expect(columnsPresent(table("sheet", true, [["exists", false]]))).toEqual({ present: 1, expected: 1 });
  });

  it("sums up tables, missing columns and type differences", () => {
    expect(tablesSummary([table("a", true, [["exists", true]])])).toBe("1 of 1 table exists");
    expect(
      tablesSummary([
        table("a", true, [
          ["missing", true],
          ["type differs", true],
        ]),
        table("b", false, []),
      ]),
    ).toBe("1 of 2 tables exists, 1 column missing, 1 with another type");
  });
});
