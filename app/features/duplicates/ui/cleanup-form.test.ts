import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, readSettings } from "./cleanup-controls.tsx";

describe("the cleanup controls' form (CleanupForm)", () => {
  it("turns the typed settings into the request the API takes", () => {
    expect(readSettings({ ...DEFAULT_SETTINGS, similarity: " 0.85 ", batchSize: "25", batchOffset: "50", batches: "all" })).toEqual({
      request: { dryRun: true, usePythonService: false, similarity: 0.85, batchSize: 25, batchOffset: 50, batches: null },
      errors: {},
    });
  });

  it("says what is wrong beside each field: out of range, off the 0.05 steps, not whole, empty, not a number", () => {
    expect(readSettings({ ...DEFAULT_SETTINGS, similarity: "0.93", batchSize: "2.5", batchOffset: "" })).toEqual({
      request: null,
      errors: {
        similarity: "Use steps of 0.05.",
        batchSize: "Enter a whole number from 1 to 100.",
        batchOffset: "Enter a whole number from 0 to 1000.",
      },
    });
    expect(readSettings({ ...DEFAULT_SETTINGS, similarity: "abc", batchSize: "101", batchOffset: "-1" }).errors).toEqual({
      similarity: "Enter a number from 0.5 to 1.0.",
      batchSize: "Enter a whole number from 1 to 100.",
      batchOffset: "Enter a whole number from 0 to 1000.",
    });
    expect(readSettings({ ...DEFAULT_SETTINGS, similarity: "0.4" }).errors).toEqual({ similarity: "Enter a number from 0.5 to 1.0." });
  });
});
