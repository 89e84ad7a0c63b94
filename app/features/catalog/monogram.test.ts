import { describe, expect, it } from "vitest";
import { contrastWithWhite, hashKey, MONOGRAM_HUES, monogramColour, monogramFor, monogramInitials } from "./monogram.ts";

function rgbOf(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

describe("monogramInitials", () => {
  it("takes the first letters of the first two words", () => {
    expect(monogramInitials("Nimbus Labs")).toBe("NL");
    expect(monogramInitials("nimbus labs analytics")).toBe("NL");
    expect(monogramInitials("Nimbus-Labs")).toBe("NL");
  });

  it("takes one letter from a one-word name", () => {
    expect(monogramInitials("Stripe")).toBe("S");
  });

  it("skips legal forms after the first word, and punctuation", () => {
    expect(monogramInitials("Nimbus Inc.")).toBe("N");
    expect(monogramInitials("Nimbus Labs GmbH")).toBe("NL");
    expect(monogramInitials("Co Ventures")).toBe("CV");
    expect(monogramInitials("  & Partners ")).toBe("P");
  });

  it("keeps digits and letters outside ASCII, capitalised", () => {
    expect(monogramInitials("42 Capital")).toBe("4C");
    expect(monogramInitials("élan vital")).toBe("ÉV");
    expect(monogramInitials("Øresund Ventures")).toBe("ØV");
  });

  it("is a question mark for a name without letters", () => {
    expect(monogramInitials("")).toBe("?");
    expect(monogramInitials(" -- ")).toBe("?");
  });
});

describe("monogramColour", () => {
  it("keeps white text at 4.5:1 or better on every hue and saturation", () => {
    for (let hue = 0; hue < 360; hue++)
      for (const saturation of [42, 64, 100])
        expect(contrastWithWhite(rgbOf(monogramColour(hue, saturation))), `hue ${hue}`).toBeGreaterThanOrEqual(4.5);
  });

  it("is as light as that allows, not simply dark", () => {
    // A blue can be lighter than a yellow and still pass: the lightness follows the hue.
    expect(contrastWithWhite(rgbOf(monogramColour(220)))).toBeLessThan(5.5);
    expect(contrastWithWhite(rgbOf(monogramColour(60)))).toBeLessThan(5.5);
  });
});

describe("monogramFor", () => {
  it("is deterministic", () => {
    expect(monogramFor("Nimbus Labs", "nimbus-labs")).toEqual(monogramFor("Nimbus Labs", "nimbus-labs"));
    expect(hashKey("nimbus-labs")).toBe(hashKey("nimbus-labs"));
  });

  it("gives listings with the same initials different looks", () => {
    const a = monogramFor("Nimbus Labs", "nimbus-labs");
    const b = monogramFor("Nimbus Labs", "nimbus-labs-2");
    expect(a.initials).toBe(b.initials);
    expect([a.background, a.corner]).not.toEqual([b.background, b.corner]);
  });

  it("spreads a directory's slugs over every colour and corner, none much more often than the others", () => {
    const slugs = Array.from({ length: 2000 }, (_, i) => `company-${i}`);
    const count = <T>(values: T[]) => values.reduce((m, v) => m.set(v, (m.get(v) ?? 0) + 1), new Map<T, number>());
    const colours = count(slugs.map((slug) => monogramFor("Same Name", slug).background));
    const corners = count(slugs.map((slug) => monogramFor("Same Name", slug).corner));
    expect(colours.size).toBe(MONOGRAM_HUES.length * 2);
    expect(Math.max(...colours.values())).toBeLessThan((2000 / colours.size) * 1.6);
    expect(corners.size).toBe(4);
    const looks = new Set(slugs.slice(0, 100).map((slug) => JSON.stringify(monogramFor("Same Name", slug))));
    expect(looks.size).toBeGreaterThan(70);
  });

  it("uses the name when there is no slug", () => {
    expect(monogramFor("Nimbus Labs", "")).toEqual(monogramFor("Nimbus Labs", "Nimbus Labs"));
  });
});
