import { describe, expect, it } from "vitest";
import { auditHref, filterOptions, parseAuditFilter } from "./audit-filter.ts";

const parse = (query: string) => parseAuditFilter(new URLSearchParams(query));

describe("the audit view's filters", () => {
  it("read operation, action and the limit from the URL", () => {
    expect(parse("operation=merge_operation&action=merged&limit=1000")).toEqual({
      operation: "merge_operation",
      action: "merged",
      limit: 1000,
      kind: "all",
      before: null,
      run: null,
    });
  });

  it("default to everything, 100 entries", () => {
    const everything = { operation: null, action: null, limit: 100, kind: "all", before: null, run: null };
    expect(parse("")).toEqual(everything);
    expect(parse("operation=&action=")).toEqual(everything);
  });

  it("ignore values that cannot be codes and limits other than 100 and 1000", () => {
    expect(parse("operation=DROP%20TABLE&action=merged'--&limit=5000")).toMatchObject({ operation: null, action: null, limit: 100 });
    expect(parse(`operation=${"a".repeat(51)}&limit=-1`).operation).toBeNull();
    expect(parse("limit=abc").limit).toBe(100);
  });

  it("read who acted, the page's cursor and a run, so a grouped view can be linked", () => {
    const cursor = "2026-11-29T01:30:00.123456Z_0a000000-0000-4000-8000-000000000001";
    expect(parse(`kind=machine&before=${cursor}&run=0A000000-0000-4000-8000-000000000002`)).toMatchObject({
      kind: "machine",
      before: cursor,
      run: "0a000000-0000-4000-8000-000000000002",
    });
    expect(parse("kind=people").kind).toBe("people");
  });

  it("ignore an unknown kind, a cursor or run that cannot be one", () => {
    expect(parse("kind=robots&before=yesterday&run=42")).toMatchObject({ kind: "all", before: null, run: null });
    expect(parse(`before=${"9".repeat(500)}`).before).toBeNull();
  });

  it("start again at the newest when a filter changes, and keep the cursor only when paging", () => {
    const paged = { operation: null, action: null, limit: 100 as const, kind: "all" as const, before: "c", run: null };
    expect(auditHref(paged, { kind: "people" })).toBe("/admin/audit-log?kind=people");
    expect(auditHref(paged, { before: "d" })).toBe("/admin/audit-log?before=d");
    expect(auditHref({ ...paged, run: "r" }, { before: "d" })).toBe("/admin/audit-log?run=r&before=d");
  });

  it("offer the known codes first, then others seen, once each", () => {
    expect(filterOptions(["created", "merged"], ["undone", "merged"], [null, "zapped", "created"])).toEqual([
      "created",
      "merged",
      "undone",
      "zapped",
    ]);
  });

  it("link to the view with short addresses", () => {
    const current = { operation: "merge_operation", action: null, limit: 100 as const, kind: "all" as const, before: null, run: null };
    expect(auditHref(current, {})).toBe("/admin/audit-log?operation=merge_operation");
    expect(auditHref(current, { action: "merged", limit: 1000 })).toBe(
      "/admin/audit-log?operation=merge_operation&action=merged&limit=1000",
    );
    expect(auditHref(current, { operation: null })).toBe("/admin/audit-log");
  });
});
