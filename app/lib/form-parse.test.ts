import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors, FIX_FIELDS, keptValues, MAX_KEPT, NUL_FIELD_MESSAGE, parseForm, refused } from "./form-parse.ts";

const Schema = z.object({
  name: z.string().trim().min(1, "Enter your name.").max(50, "At most 50 characters."),
  note: z.string().max(100_000),
  age: z.coerce.number().int("Whole years.").min(0).optional(),
});

describe("parseForm", () => {
  it("passes valid input through the schema", () => {
    expect(parseForm(Schema, { name: "  Ada ", note: "", age: "36" })).toEqual({ ok: true, data: { name: "Ada", note: "", age: 36 } });
  });

  it("gives the first message per field and keeps every value as typed", () => {
    const parsed = parseForm(Schema, { name: "   ", note: "kept", age: "1.5" });
    expect(parsed).toEqual({
      ok: false,
      errors: { name: "Enter your name.", age: "Whole years." },
      values: { name: "   ", note: "kept", age: "1.5" },
    });
  });

  it("keeps unicode exactly, including characters outside the basic plane", () => {
    const name = "Zürich Robotik 🤖 — 東京 ".repeat(3);
    const parsed = parseForm(Schema, { name, note: "x" });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.errors.name).toBe("At most 50 characters.");
      expect(parsed.values.name).toBe(name);
    }
  });

  it("refuses NUL beside its field and sends the value back without it", () => {
    const parsed = parseForm(Schema, { name: "Ada\0Lovelace", note: "ok" });
    expect(parsed).toEqual({ ok: false, errors: { name: NUL_FIELD_MESSAGE }, values: { name: "AdaLovelace", note: "ok", age: "" } });
  });

  it("treats values that are not text (JSON numbers, arrays, objects, files) as empty, never as strings", () => {
    const parsed = parseForm(Schema, { name: ["Ada"], note: { toString: () => "sneaky" }, age: 3 });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.errors.name).toBe("Enter your name.");
      expect(parsed.values).toEqual({ name: "", note: "", age: "" });
    }
    const file = parseForm(Schema, { name: new File(["x"], "a.txt"), note: "" });
    expect(file.ok).toBe(false);
  });

  it("reads only the schema's fields", () => {
    const parsed = parseForm(Schema, { name: "", note: "", __proto__: "x", role: "admin" } as Record<string, unknown>);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(Object.keys(parsed.values).sort()).toEqual(["age", "name", "note"]);
  });

  it("checks a huge value whole (refused, not cut to fit) and sends back at most MAX_KEPT characters", () => {
    const huge = "a".repeat(MAX_KEPT * 5 + 1);
    const parsed = parseForm(Schema, { name: "Ada", note: huge });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.errors.note).toMatch(/100000/);
      expect(parsed.values.note).toHaveLength(MAX_KEPT);
    }
  });
});

describe("keptValues", () => {
  it("never cuts a character in half at the limit", () => {
    const text = "a".repeat(MAX_KEPT - 1) + "🤖🤖";
    const kept = keptValues(["t"], { t: text }).t;
    expect(kept).toBe("a".repeat(MAX_KEPT - 1));
    expect(() => encodeURIComponent(kept)).not.toThrow();
  });
});

describe("fieldErrors", () => {
  it("puts an issue about the whole form under the fallback field", () => {
    const Both = z.object({ a: z.string() }).refine(() => false, "Not together.");
    const error = Both.safeParse({ a: "x" }).error!;
    expect(fieldErrors(error, "form")).toEqual({ form: "Not together." });
  });
});

describe("refused", () => {
  it("is the one result shape, with the form's message", () => {
    expect(refused({ errors: { name: "Enter your name." }, values: { name: "" } }, { intent: "create" })).toEqual({
      ok: false,
      message: FIX_FIELDS,
      intent: "create",
      errors: { name: "Enter your name." },
      values: { name: "" },
    });
  });
});
