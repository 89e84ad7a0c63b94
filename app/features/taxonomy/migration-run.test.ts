import { describe, expect, it } from "vitest";
import {
  addLog,
  finishRun,
  MAX_LOG_LINES,
  MIGRATION_ISSUES,
  MIGRATION_STEPS,
  MIGRATION_SUCCESS,
  newRun,
  runBanner,
  summariseIssues,
  validateIndustries,
  type IndustryRow,
} from "./migration-run.ts";
import { taxonomyRecords } from "./taxonomy.ts";

const complete = (): IndustryRow[] =>
  taxonomyRecords().map((r, i) => ({
    id: i + 1,
    name: r.name,
    primaryCategory: r.primary,
    secondaryCategory: r.secondary,
    industryKey: r.key,
    leadsOnTreesSource: true,
  }));

describe("a migration run", () => {
  it("has the three steps of spec 02 §2 in order, all pending at first", () => {
    expect(MIGRATION_STEPS.map((s) => s.title)).toEqual([
      "Backup Existing Records",
      "Populate LeadsOnTrees Categories",
      "Validate Migration",
    ]);
    expect(newRun().steps).toEqual({ backup: "pending", populate: "pending", validate: "pending" });
    expect(runBanner(newRun())).toBeNull();
  });

  it("succeeds only if all three steps completed", () => {
    const run = newRun();
    run.steps = { backup: "completed", populate: "completed", validate: "completed" };
    finishRun(run);
    expect(run.results).toMatchObject({ success: true, error: null });
    expect(runBanner(run)).toBe(MIGRATION_SUCCESS);
    expect(MIGRATION_SUCCESS).toBe("Migration completed successfully!");

    const withErrors = newRun();
    withErrors.steps = { backup: "completed", populate: "error", validate: "completed" };
    withErrors.results.errors = ["Batch Healthcare: boom"];
    finishRun(withErrors);
    expect(withErrors.results).toMatchObject({ success: false, error: "1 populate error" });
    expect(runBanner(withErrors)).toBe(MIGRATION_ISSUES);
    expect(MIGRATION_ISSUES).toBe("Migration completed with some issues");
  });

  it("keeps an error it was given, and says why otherwise", () => {
    const stopped = newRun();
    stopped.steps.backup = "error";
    stopped.results.error = "Backup failed: disk full";
    finishRun(stopped);
    expect(stopped.results.error).toBe("Backup failed: disk full");
    expect(summariseIssues(newRun().results)).toBe("The migration did not finish.");
    const r = { ...newRun().results, missingCategories: ["Healthcare"], duplicates: ["a", "b"], danglingListings: 1 };
    expect(summariseIssues(r)).toBe("missing categories: Healthcare; 2 duplicates; 1 listing pointing at missing industries");
  });

  it("timestamps log lines and keeps the newest", () => {
    const run = newRun();
    addLog(run, "Starting", "info", new Date("2025-01-24T10:00:00Z"));
    expect(run.log).toEqual([{ at: "2025-01-24T10:00:00.000Z", level: "info", message: "Starting" }]);
    for (let i = 0; i < MAX_LOG_LINES + 5; i++) addLog(run, `line ${i}`);
    expect(run.log).toHaveLength(MAX_LOG_LINES);
    expect(run.log.at(-1)!.message).toBe(`line ${MAX_LOG_LINES + 4}`);
  });
});

describe("validateIndustries", () => {
  it("passes a complete taxonomy", () => {
    const rows = complete();
    expect(validateIndustries(rows, 0)).toEqual({
      totalRecords: rows.length,
      leadsOnTreesRecords: rows.length,
      primaryCategories: 32,
      missingCategories: [],
      missingRecords: [],
      duplicates: [],
      unmigratedRecords: 0,
      ok: true,
    });
  });

  it("reports a missing primary category and its records", () => {
    const rows = complete().filter((r) => r.primaryCategory !== "Healthcare");
    const found = validateIndustries(rows, 0);
    expect(found.missingCategories).toEqual(["Healthcare"]);
    expect(found.primaryCategories).toBe(31);
    expect(found.missingRecords).toContain("Healthcare::Digital Health");
    expect(found.ok).toBe(false);
  });

  it("reports a missing record even when its category has others", () => {
    const rows = complete().filter((r) => r.industryKey !== "Energy::Solar");
    expect(validateIndustries(rows, 0)).toMatchObject({ missingCategories: [], missingRecords: ["Energy::Solar"], ok: false });
  });

  it("reports names, keys and category pairs held twice, without case", () => {
    const rows = complete();
    rows.push({ ...rows[0]!, id: 999, name: rows[0]!.name.toUpperCase(), industryKey: "X::Y" });
    const found = validateIndustries(rows, 0);
    expect(found.duplicates).toEqual(["AI: Applied AI (name, 2 records)", "AI / Applied AI (categories, 2 records)"]);
    expect(found.ok).toBe(false);
  });

  it("reports records without a key, records not from the provider, and dangling listings", () => {
    const rows = complete();
    rows.push({
      id: 1000,
      name: "FinTech",
      primaryCategory: "FinTech",
      secondaryCategory: null,
      industryKey: null,
      leadsOnTreesSource: false,
    });
    const found = validateIndustries(rows, 0);
    expect(found).toMatchObject({ unmigratedRecords: 1, leadsOnTreesRecords: rows.length - 1, ok: false });
    expect(validateIndustries(complete(), 3).ok).toBe(false);
  });
});
