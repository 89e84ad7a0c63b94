import { describe, expect, it } from "vitest";
import {
  textProblem,
  decodeComponent,
  decodeUtf8,
  NUL_MESSAGE,
  SURROGATE_MESSAGE,
  parseJsonText,
  parseUrlEncoded,
  PERCENT_MESSAGE,
  requestTargetProblem,
  UTF8_MESSAGE,
} from "./body-decode.ts";

describe("decodeUtf8", () => {
  it("decodes UTF-8 and refuses anything else", () => {
    expect(decodeUtf8(new TextEncoder().encode("Zürich €"))).toEqual({ ok: true, value: "Zürich €" });
    expect(decodeUtf8(Uint8Array.of(0x61, 0xff, 0x62))).toEqual({ ok: false, message: UTF8_MESSAGE });
    expect(decodeUtf8(Uint8Array.of(0xe2, 0x82))).toEqual({ ok: false, message: UTF8_MESSAGE });
  });
});

describe("decodeComponent", () => {
  it("tells malformed escapes, bytes that are not UTF-8 and NUL apart", () => {
    expect(decodeComponent("caf%C3%A9")).toEqual({ ok: true, value: "café" });
    expect(decodeComponent("50%off")).toEqual({ ok: false, message: PERCENT_MESSAGE });
    expect(decodeComponent("%E0%A4%A")).toEqual({ ok: false, message: PERCENT_MESSAGE });
    expect(decodeComponent("%ff")).toEqual({ ok: false, message: UTF8_MESSAGE });
    expect(decodeComponent("%ED%A0%80")).toEqual({ ok: false, message: UTF8_MESSAGE });
    expect(decodeComponent("a%00b")).toEqual({ ok: false, message: NUL_MESSAGE });
  });
});

describe("parseUrlEncoded", () => {
  it("parses pairs in order, + as a space, repeated names kept", () => {
    expect(parseUrlEncoded("a=1&b=two+words&a=3&flag&=empty&&c=%26%3D")).toEqual({
      ok: true,
      value: [
        ["a", "1"],
        ["b", "two words"],
        ["a", "3"],
        ["flag", ""],
        ["", "empty"],
        ["c", "&="],
      ],
    });
    expect(parseUrlEncoded("")).toEqual({ ok: true, value: [] });
  });

  it("lets NUL through in values only when asked, for forms whose fields the form pipeline checks", () => {
    expect(parseUrlEncoded("name=Acme%00Corp&tag=a", { nulInValues: true })).toEqual({
      ok: true,
      value: [
        ["name", "Acme\u0000Corp"],
        ["tag", "a"],
      ],
    });
    expect(parseUrlEncoded("na%00me=Acme", { nulInValues: true })).toEqual({ ok: false, message: NUL_MESSAGE });
    expect(parseUrlEncoded("name=%zz", { nulInValues: true })).toEqual({ ok: false, message: PERCENT_MESSAGE });
  });

  it("refuses NUL, bad escapes and invalid UTF-8 in names and values", () => {
    expect(parseUrlEncoded("name=Acme%00Corp")).toEqual({ ok: false, message: NUL_MESSAGE });
    expect(parseUrlEncoded("na%00me=x")).toEqual({ ok: false, message: NUL_MESSAGE });
    expect(parseUrlEncoded("name=%zz")).toEqual({ ok: false, message: PERCENT_MESSAGE });
    expect(parseUrlEncoded("name=%C3")).toEqual({ ok: false, message: UTF8_MESSAGE });
  });
});

describe("parseJsonText", () => {
  it("parses JSON, empty text as undefined", () => {
    expect(parseJsonText('{"a":[1,"x",null]}')).toEqual({ ok: true, value: { a: [1, "x", null] } });
    expect(parseJsonText("  ")).toEqual({ ok: true, value: undefined });
  });

  it("refuses broken JSON with the parser's reason", () => {
    const result = parseJsonText("{");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/^The body is not valid JSON \(.+\)\.$/);
  });

  it("refuses NUL in any string, keys and deep values included", () => {
    expect(parseJsonText('{"name":"a\\u0000b"}')).toEqual({ ok: false, message: NUL_MESSAGE });
    expect(parseJsonText('{"a\\u0000":1}')).toEqual({ ok: false, message: NUL_MESSAGE });
    expect(parseJsonText('[[[{"x":["ok","\\u0000"]}]]]')).toEqual({ ok: false, message: NUL_MESSAGE });
  });

  it("refuses a lone surrogate escape (PostgreSQL would store U+FFFD instead), and keeps a pair", () => {
    expect(parseJsonText('{"name":"a\\ud800b"}')).toEqual({ ok: false, message: SURROGATE_MESSAGE });
    expect(parseJsonText('{"name":"\\udfff"}')).toEqual({ ok: false, message: SURROGATE_MESSAGE });
    expect(parseJsonText('{"\\udc00":1}')).toEqual({ ok: false, message: SURROGATE_MESSAGE });
    expect(parseJsonText('[["ok",{"x":"\\ud83d"}]]')).toEqual({ ok: false, message: SURROGATE_MESSAGE });
    expect(parseJsonText('{"name":"\\ud83d\\ude00"}')).toEqual({ ok: true, value: { name: "\u{1F600}" } });
  });
});

describe("textProblem", () => {
  it("walks 100,000 levels of nesting without overflowing the stack", () => {
    const depth = 100_000;
    const nested = JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`) as unknown;
    expect(textProblem(nested)).toBe(NUL_MESSAGE);
    expect(textProblem(JSON.parse(`${"[".repeat(depth)}"ok"${"]".repeat(depth)}`))).toBeNull();
  });
});

describe("requestTargetProblem", () => {
  it("accepts well-formed paths and queries, encoded unicode included", () => {
    for (const target of [
      "/",
      "/listings?search=caf%C3%A9&page=2",
      "/profile/startup/acme-corp",
      "/listings?q=a+b&x=%2F",
      "/api/listings/startup/%E6%97%A5%E6%9C%AC",
    ]) {
      expect(requestTargetProblem(target)).toBeNull();
    }
  });

  it("refuses NUL anywhere, raw or encoded, and malformed encodings in the path or the query", () => {
    expect(requestTargetProblem("/profile/startup/a%00b")).toBe(NUL_MESSAGE);
    expect(requestTargetProblem("/listings?search=a%00b")).toBe(NUL_MESSAGE);
    expect(requestTargetProblem("/listings?a%00=1")).toBe(NUL_MESSAGE);
    expect(requestTargetProblem("/x\0y")).toBe(NUL_MESSAGE);
    expect(requestTargetProblem("/%ff")).toBe(UTF8_MESSAGE);
    expect(requestTargetProblem("/listings?search=%ff")).toBe(UTF8_MESSAGE);
    expect(requestTargetProblem("/listings?search=%E0%A4%A")).toBe(PERCENT_MESSAGE);
    expect(requestTargetProblem("/a%zzb")).toBe(PERCENT_MESSAGE);
  });
});
