import { describe, expect, it } from "vitest";
import { auditHref, filterOptions, parseAuditFilter } from "./audit-filter.ts";

const parse = (query: string) => parseAuditFilter(new URLSearchParams(query));

describe("the audit view's filters", () => {
  it("read operation, action and the limit from the URL", () => {
    expect(parse("operation=merge_operation&action=merged&limit=1000")).toEqual({
      operation: "merge_operation",
      action: "merged",
      limit: 1000,
    });
  });

  it("default to everything, 100 entries", () => {
    expect(parse("")).toEqual({ operation: null, action: null, limit: 100 });
    expect(parse("operation=&action=")).toEqual({ operation: null, action: null, limit: 100 });
  });

  it("ignore values that cannot be codes and limits other than 100 and 1000", () => {
    expect(parse("operation=DROP%20TABLE&action=merged'--&limit=5000")).toEqual({ operation: null, action: null, limit: 100 });
    expect(parse(`operation=${"a".repeat(51)}&limit=-1`).operation).toBeNull();
    expect(parse("limit=abc").limit).toBe(100);
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
    const current = { operation: "merge_operation", action: null, limit: 100 as const };
    expect(auditHref(current, {})).toBe("/admin/audit-log?operation=merge_operation");
    expect(auditHref(current, { action: "merged", limit: 1000 })).toBe(
      "/admin/audit-log?operation=merge_operation&action=merged&limit=1000",
    );
    expect(auditHref(current, { operation: null })).toBe("/admin/audit-log");
  });
});
