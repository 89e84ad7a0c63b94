import { describe, expect, it } from "vitest";
import { slugify, uniqueSlug } from "./slug.ts";

describe("slugify", () => {
  it.each([
    ["Nimbus Labs", "nimbus-labs"],
    ["  Nimbus   Labs  ", "nimbus-labs"],
    ["Café Déjà Vu", "cafe-deja-vu"],
    ["Zürich Straße Ventures", "zurich-straße-ventures"],
    ["Ångström Ærø", "angstrom-ærø"],
    ["Smith & Sons", "smith-and-sons"],
    ["C++ / Rust, Inc.", "c-rust-inc"],
    ["AI@Scale 2.0!", "ai-scale-2-0"],
    ["ＦＵＬＬ width", "full-width"],
    ["東京 Robotics", "東京-robotics"],
    ["Москва Capital", "москва-capital"],
    ["🚀 Rocket 🚀", "rocket"],
    ["---Lead-and-trail---", "lead-and-trail"],
  ])("%j → %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("falls back to 'listing' when nothing is left", () => {
    expect(slugify("")).toBe("listing");
    expect(slugify("   ")).toBe("listing");
    expect(slugify("!!! ??? ***")).toBe("listing");
    expect(slugify("🚀🚀")).toBe("listing");
  });

  it("caps at 80 characters without a trailing hyphen", () => {
    const slug = slugify(`${"a".repeat(79)} ${"b".repeat(40)}`);
    expect(slug).toBe("a".repeat(79));
    expect(slugify("word ".repeat(40)).length).toBeLessThanOrEqual(80);
    expect(slugify("word ".repeat(40))).not.toMatch(/-$/);
  });

  it("never cuts a character outside the basic plane in half", () => {
    const slug = slugify(`a${"𠀀".repeat(100)}`);
    expect(Array.from(slug)).toHaveLength(80);
    expect(() => encodeURIComponent(slug)).not.toThrow();
  });

  it("is URL-safe once encoded and stable", () => {
    for (const name of ["Über/Ünter?x=1#frag", "100% Pure", "a.b.c"]) {
      const slug = slugify(name);
      expect(slug).not.toMatch(/[/?#%.\s]/);
      expect(slugify(slug)).toBe(slug);
    }
  });
});

describe("uniqueSlug", () => {
  it("adds -2, -3 ... to names whose slug is taken, and records each slug", () => {
    const taken = new Set<string>();
    expect(uniqueSlug("Nimbus Labs", taken)).toBe("nimbus-labs");
    expect(uniqueSlug("Nimbus  Labs!", taken)).toBe("nimbus-labs-2");
    expect(uniqueSlug("NIMBUS LABS", taken)).toBe("nimbus-labs-3");
    expect([...taken]).toEqual(["nimbus-labs", "nimbus-labs-2", "nimbus-labs-3"]);
  });

  it("steps over a suffix another name already owns", () => {
    const taken = new Set(["nimbus", "nimbus-2"]);
    expect(uniqueSlug("Nimbus", taken)).toBe("nimbus-3");
    expect(uniqueSlug("Nimbus 2", taken)).toBe("nimbus-2-2");
  });

  it("numbers empty names too", () => {
    const taken = new Set<string>();
    expect(uniqueSlug("", taken)).toBe("listing");
    expect(uniqueSlug("???", taken)).toBe("listing-2");
  });
});
