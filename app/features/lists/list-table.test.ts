import { describe, expect, it } from "vitest";
import type { DirectoryItem } from "~/features/catalog/listing-types.ts";
import type { ListColumn, ListEntry } from "./list-entries.server.ts";
import { describeHistoryLine } from "./list-history.ts";
import { normalizeTag, TagForm } from "./list-rules.ts";
import { applyTableQuery, parseTableQuery, tableHref } from "./list-table.ts";

const columns: ListColumn[] = [
  { id: "c1", name: "Sourced", position: 0 },
  { id: "c2", name: "Meeting", position: 1 },
];

function entry(id: string, name: string | null, over: Partial<ListEntry> = {}): ListEntry {
  return {
    id,
    columnId: "c1",
    position: 0,
    listingId: `l-${id}`,
    card: name === null ? null : ({ locked: false, id: `l-${id}`, name } as DirectoryItem),
    addedBy: { id: "priya", name: "Priya" },
    addedAt: new Date("2026-11-01T10:00:00Z"),
    movedAt: new Date("2026-11-01T10:00:00Z"),
    tags: [],
    notes: 0,
    ...over,
  };
}

const entries = [
  entry("a", "beta", { columnId: "c2", addedAt: new Date("2026-11-03T00:00:00Z"), tags: ["fintech"] }),
  entry("b", "Alpha", { addedBy: { id: "sam", name: "Sam" }, movedAt: new Date("2026-11-05T00:00:00Z") }),
  entry("c", null, { addedAt: new Date("2026-11-02T00:00:00Z") }),
  entry("d", "alpha 10", { columnId: "c2", tags: ["fintech", "seed"] }),
];
const ids = (list: ListEntry[]) => list.map((e) => e.id);
const query = (search: string) => parseTableQuery(new URLSearchParams(search));

describe("the table's query", () => {
  it("reads known sorts and filters, and falls back to the newest added first for anything else", () => {
    expect(query("")).toEqual({ sort: "added", dir: "desc", column: null, tag: null, q: null, addedBy: null });
    expect(query("sort=name")).toMatchObject({ sort: "name", dir: "asc" });
    expect(query("sort=evil&dir=sideways")).toMatchObject({ sort: "added", dir: "desc" });
    expect(query("tag=%20FinTech%20&q=a%00b")).toMatchObject({ tag: "fintech", q: null });
    expect(query(`q=${"x".repeat(201)}`).q).toBeNull();
  });

  it("sorts by name, status, dates and who added, an entry no longer listed last by name", () => {
    expect(ids(applyTableQuery(entries, columns, query("sort=name&dir=asc")))).toEqual(["b", "d", "a", "c"]);
    expect(ids(applyTableQuery(entries, columns, query("sort=name&dir=desc")))).toEqual(["c", "a", "d", "b"]);
    expect(ids(applyTableQuery(entries, columns, query("sort=column&dir=asc")))).toEqual(["b", "c", "a", "d"]);
    expect(ids(applyTableQuery(entries, columns, query("sort=added&dir=desc")))).toEqual(["a", "c", "b", "d"]);
    expect(ids(applyTableQuery(entries, columns, query("sort=moved&dir=desc")))[0]).toBe("b");
    expect(ids(applyTableQuery(entries, columns, query("sort=addedBy&dir=desc")))[0]).toBe("b");
  });

  it("filters by status, tag, words in the name and who added, together", () => {
    expect(ids(applyTableQuery(entries, columns, query("column=c2&sort=name")))).toEqual(["d", "a"]);
    expect(ids(applyTableQuery(entries, columns, query("tag=fintech&sort=name")))).toEqual(["d", "a"]);
    expect(ids(applyTableQuery(entries, columns, query("q=ALPHA&sort=name")))).toEqual(["b", "d"]);
    expect(ids(applyTableQuery(entries, columns, query("addedBy=sam")))).toEqual(["b"]);
    expect(ids(applyTableQuery(entries, columns, query("tag=seed&column=c1")))).toEqual([]);
  });

  it("links to the same view with one part changed", () => {
    expect(tableHref("L", query("tag=seed"), { sort: "name", dir: "asc" })).toBe("/lists/L?view=table&sort=name&dir=asc&tag=seed");
  });
});

describe("tags", () => {
  it("are lowercased with single spaces, short, and start with a letter or digit", () => {
    expect(normalizeTag("  Deep   Tech ")).toBe("deep tech");
    expect(TagForm.safeParse({ tag: " Series-A " })).toMatchObject({ success: true, data: { tag: "series-a" } });
    expect(TagForm.safeParse({ tag: "#hot" }).success).toBe(false);
    expect(TagForm.safeParse({ tag: "x".repeat(31) }).success).toBe(false);
    expect(TagForm.safeParse({ tag: "   " }).success).toBe(false);
  });
});

describe("history lines", () => {
  it("say who did what to which listing in words", () => {
    expect(describeHistoryLine({ action: "moved", detail: { from: "Sourced", to: "Meeting" } }, "Acme")).toBe(
      "moved Acme from Sourced to Meeting",
    );
    expect(describeHistoryLine({ action: "columns_changed", detail: { change: "renamed", from: "A", to: "B" } }, "")).toBe(
      "renamed the column A to B",
    );
    expect(describeHistoryLine({ action: "untagged", detail: { tag: "seed" } }, "Acme")).toBe('removed the tag "seed" from Acme');
    expect(describeHistoryLine({ action: "commented", detail: null }, "Acme")).toBe("commented on Acme");
  });
});
