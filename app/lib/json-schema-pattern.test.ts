import { describe, expect, it } from "vitest";
import { jsonSchemaPattern } from "./json-schema-pattern.ts";

const INPUTS = [
  ...["", " ", "all", "ALL", " All ", "startup", "STARTUP", "Startups", "sTaRtUpS", "startupss", "investor", "Partners", "company"],
  ...["true", "TRUE", "On", "yes", "0", "1", "newest", "NEWEST", " Most-Raised ", "recently-funded", "RECENTLY-FUNDED", "relevance "],
  ...["\u017Ftartup", "\u212Aey", "key", "KEY", "a\tb", "x-y", "X-Y", "dab", "DAB", "abkey", "ABKEY", "aBKey", "7", "F"],
];

describe("jsonSchemaPattern", () => {
  it.each([
    /^\s*(all|startups?|investors?|partners?)?\s*$/i,
    /^(true|on|1|false|0)?$/i,
    /^\s*(relevance|featured|newest|recently-funded|most-raised)?\s*$/i,
    /^(startups?|investors?|partners?)$/i,
    /^[^,\s]x-y$/i,
    /^[abc]+$/i,
    /^\x41\u0062(?<name>key)$/i,
    /^\d\w\s\D$/i,
  ])("%s matches in a JSON Schema validator exactly what it matches in the server", (regex) => {
    const pattern = new RegExp(jsonSchemaPattern(regex), "u");
    for (const input of INPUTS) expect(pattern.test(input), JSON.stringify(input)).toBe(regex.test(input));
    expect(jsonSchemaPattern(regex)).not.toMatch(/\(\?<[A-Za-z]*\[/);
  });

  it("keeps a pattern without flags, or with only u (how validators match), as it is", () => {
    expect(jsonSchemaPattern(/^([1-9]\d{0,8})?$/)).toBe("^([1-9]\\d{0,8})?$");
    expect(jsonSchemaPattern(/^[^,]{0,3}$/u)).toBe("^[^,]{0,3}$");
  });

  it.each([/a/m, /a/s, /a/y, /a/g, /[a-z]/i, /é/i, /(a)\1/i, /(?<n>a)\k<n>/i, /^k$/iu])(
    "refuses %s, which it cannot write out",
    (regex) => {
      expect(() => jsonSchemaPattern(regex)).toThrow(/JSON Schema pattern/);
    },
  );
});
