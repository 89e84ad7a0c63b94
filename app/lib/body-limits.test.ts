import { describe, expect, it } from "vitest";
import { BODY_LIMITS, bodyKindOf, connectionAfterAnswer, declaredLength, formatBytes, tooLargeMessage } from "./body-limits.ts";

describe("bodyKindOf", () => {
  it("reads the media type without its parameters, in any case", () => {
    expect(bodyKindOf("application/json")).toBe("json");
    expect(bodyKindOf("Application/JSON; charset=utf-8")).toBe("json");
    expect(bodyKindOf("application/merge-patch+json")).toBe("json");
    expect(bodyKindOf("application/x-www-form-urlencoded;charset=UTF-8")).toBe("form");
    expect(bodyKindOf("multipart/form-data; boundary=----x")).toBe("multipart");
  });

  it("puts everything else, and no header at all, under the smallest limit", () => {
    for (const type of [undefined, null, "", "text/plain", "application/octet-stream", "application/jsonx", "multipart/mixed"]) {
      expect(bodyKindOf(type)).toBe("other");
    }
    expect(bodyKindOf("text/plain")).toBe("other");
    expect(Math.min(...Object.values(BODY_LIMITS))).toBe(BODY_LIMITS.other);
  });
});

describe("limits", () => {
  it("fit the largest legitimate bodies: the listing form at every maximum, a 1 MB logo with its form", () => {
    // spec limits of the listing editor (form-fields.ts), as plain text: about 0.9 MB
    expect(BODY_LIMITS.form).toBeGreaterThan(1_000_000);
    expect(BODY_LIMITS.multipart).toBeGreaterThan(1024 * 1024 + 256 * 1024);
    expect(BODY_LIMITS.json).toBeGreaterThan(50_000);
  });

  it("say what was too large and the limit", () => {
    expect(tooLargeMessage("json")).toBe("The request is too large: a JSON body may be at most 256 KB.");
    expect(tooLargeMessage("multipart")).toMatch(
      /^The request is too large: a form with files may be at most 2 MB\. Choose a smaller file/,
    );
    expect(formatBytes(2 * 1024 * 1024)).toBe("2 MB");
    expect(formatBytes(1536 * 1024)).toBe("1.5 MB");
    expect(formatBytes(64 * 1024)).toBe("64 KB");
  });
});

describe("declaredLength", () => {
  it("is null without a header, the number for digits, NaN for anything else", () => {
    expect(declaredLength(undefined)).toBeNull();
    expect(declaredLength("")).toBeNull();
    expect(declaredLength("0")).toBe(0);
    expect(declaredLength("1048576")).toBe(1048576);
    expect(declaredLength("-1")).toBeNaN();
    expect(declaredLength("1e6")).toBeNaN();
    expect(declaredLength("99999999999999999999")).toBeNaN();
  });
});

describe("connectionAfterAnswer", () => {
  const limit = 1000;
  it("keeps a connection whose body arrived whole", () => {
    expect(connectionAfterAnswer({ complete: true, declaredLength: 10, limit, overflowed: false })).toBe("keep");
    expect(connectionAfterAnswer({ complete: true, declaredLength: null, limit, overflowed: false })).toBe("keep");
  });

  it("drains an unread body of declared length within the limit: bounded, and the next request is served", () => {
    expect(connectionAfterAnswer({ complete: false, declaredLength: 1000, limit, overflowed: false })).toBe("drain");
  });

  it("closes after a body over the limit, declared or counted, even one that arrived whole", () => {
    expect(connectionAfterAnswer({ complete: false, declaredLength: 1001, limit, overflowed: true })).toBe("close");
    expect(connectionAfterAnswer({ complete: true, declaredLength: null, limit, overflowed: true })).toBe("close");
  });

  it("closes after an unread chunked body: nobody knows how much would follow", () => {
    expect(connectionAfterAnswer({ complete: false, declaredLength: null, limit, overflowed: false })).toBe("close");
  });

  it("closes when the declared length is not a number", () => {
    expect(connectionAfterAnswer({ complete: false, declaredLength: Number.NaN, limit, overflowed: false })).toBe("close");
  });
});
