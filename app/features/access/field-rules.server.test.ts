import { describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { clearFieldRulesCache, getFieldRules, toFieldRules } from "./field-rules.server.ts";

describe("toFieldRules", () => {
  it("keys rules by the normalised gated field", () => {
    expect(
      toFieldRules([
        { fieldName: "Revenue Range", accessLevel: "subscriber" },
        { fieldName: "How It Works", accessLevel: "premium" },
        { fieldName: "keyusecases", accessLevel: "premium" },
        { fieldName: "Team", accessLevel: "subscriber" },
      ]),
    ).toEqual({ revenueRange: "subscriber", howItWorks: "premium", keyUseCases: "premium", team: "subscriber" });
  });

  it("reads unknown or missing levels as public and drops fields no profile gates", () => {
    expect(
      toFieldRules([
        { fieldName: "problem", accessLevel: "gold" },
        { fieldName: "faqs", accessLevel: null },
        { fieldName: "Primary Contact", accessLevel: "premium" },
      ]),
    ).toEqual({ problem: "public", faqs: "public" });
  });

  it("keeps the stricter level when two rows name the same field", () => {
    const rows = [
      { fieldName: "Revenue Range", accessLevel: "premium" },
      { fieldName: "revenuerange", accessLevel: "subscriber" },
    ];
    expect(toFieldRules(rows)).toEqual({ revenueRange: "premium" });
    expect(toFieldRules([...rows].reverse())).toEqual({ revenueRange: "premium" });
  });
});

describe("getFieldRules", () => {
  it("treats every field as public when the rules cannot be read, and tries again next time", async () => {
    clearFieldRulesCache();
    let calls = 0;
    const broken = {
      kind: "postgres",
      db: new Proxy(
        {},
        {
          get: () => {
            calls++;
            throw new Error("relation does not exist");
          },
        },
      ),
    } as unknown as Database;
    expect(await getFieldRules(broken)).toEqual({});
    expect(await getFieldRules(broken)).toEqual({});
    expect(calls).toBe(2);
  });

  it("reads the table once per five minutes", async () => {
    clearFieldRulesCache();
    let reads = 0;
    const database = {
      kind: "pglite",
      db: {
        select: () => ({
          from: async () => {
            reads++;
            return [{ fieldName: "Team", accessLevel: "premium" }];
          },
        }),
      },
    } as unknown as Database;
    expect(await getFieldRules(database)).toEqual({ team: "premium" });
    expect(await getFieldRules(database)).toEqual({ team: "premium" });
    expect(reads).toBe(1);
    clearFieldRulesCache();
  });
});
