import { describe, expect, it } from "vitest";
import { DELETED_MEMBER, mentionsMember, scrubJson, scrubText } from "./scrub-mentions.ts";

const ana = { email: "ana.silva@example.org", id: "u8Kq2ZxT", names: ["Ana Silva", "Ana", "A"] };
const withNames = { withNames: true };
const noNames = { withNames: false };

describe("scrubText", () => {
  it("replaces the address in any letter case, escaped into HTML or into a link, and the id", () => {
    const text = 'Write to ANA.Silva@Example.org or <a href="mailto:ana.silva%40example.org">her</a>; account u8Kq2ZxT.';
    expect(scrubText(text, ana, noNames)).toBe(
      `Write to ${DELETED_MEMBER} or <a href="mailto:${DELETED_MEMBER}">her</a>; account ${DELETED_MEMBER}.`,
    );
  });

  it("replaces names only when asked, as whole words, longest first, and never a single letter", () => {
    const text = "Hello Ana Silva, Ana Analytics here. A note for ana.";
    expect(scrubText(text, ana, noNames)).toBe(text);
    expect(scrubText(text, ana, withNames)).toBe(
      `Hello ${DELETED_MEMBER}, ${DELETED_MEMBER} Analytics here. A note for ${DELETED_MEMBER}.`,
    );
  });

  it("finds a name across a line break and in its HTML-escaped form", () => {
    const obrien = { email: "x@example.org", id: "id-000", names: ["Seán O'Brien"] };
    expect(scrubText("Dear Seán\nO'Brien, and Seán O&#x27;Brien", obrien, withNames)).toBe(`Dear ${DELETED_MEMBER}, and ${DELETED_MEMBER}`);
  });

  it("takes regular-expression characters in a name or address literally", () => {
    const odd = { email: "a+b.c@example.org", id: "id-1.2", names: ["J. (Jo) Smith*"] };
    expect(scrubText("J. (Jo) Smith* <a+b.c@example.org> id-1.2 / aXb-c@example.org id-1x2", odd, withNames)).toBe(
      `${DELETED_MEMBER} <${DELETED_MEMBER}> ${DELETED_MEMBER} / aXb-c@example.org id-1x2`,
    );
  });
});

describe("scrubJson", () => {
  it("rewrites strings and keys at any depth; a string that is only the address becomes null", () => {
    const value = { contact: "Ana.Silva@example.org", note: ["from Ana Silva", 3, null], u8Kq2ZxT: { after: "u8Kq2ZxT" } };
    expect(scrubJson(value, ana, withNames)).toEqual({
      contact: null,
      note: [`from ${DELETED_MEMBER}`, 3, null],
      [DELETED_MEMBER]: { after: DELETED_MEMBER },
    });
  });
});

describe("mentionsMember", () => {
  it("says whether there is anything to rewrite", () => {
    expect(mentionsMember({ a: ["x", "ANA.SILVA@EXAMPLE.ORG"] }, ana, noNames)).toBe(true);
    expect(mentionsMember("Analytics", ana, withNames)).toBe(false);
    expect(mentionsMember("Ana", ana, noNames)).toBe(false);
  });
});
