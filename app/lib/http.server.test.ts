import { describe, expect, it } from "vitest";
import { BODY_LIMITS } from "./body-limits.ts";
import { AppError } from "./errors.ts";
import { NOT_A_FORM, readBody, readForm, readJsonBody, readRequestBody } from "./http.server.ts";

const URL_ = "http://localhost/x";

/** A request whose body is `chunks` chunks of `size` bytes, and how many of them the reader pulled. */
function streamed(contentType: string, size: number, chunks: number, headers: Record<string, string> = {}) {
  const pulled = { count: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled.count === chunks) return controller.close();
        pulled.count++;
        controller.enqueue(new Uint8Array(size).fill(0x61));
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(URL_, {
    method: "POST",
    body,
    duplex: "half",
    headers: { "content-type": contentType, ...headers },
  } as RequestInit);
  return { request, pulled };
}

const post = (contentType: string, body: BodyInit) => new Request(URL_, { method: "POST", headers: { "content-type": contentType }, body });

async function thrown(promise: Promise<unknown>): Promise<{ status: number; error: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, error: ((await error.json()) as { error: string }).error };
    throw error;
  }
  throw new Error("expected a thrown answer");
}

describe("readRequestBody: limits", () => {
  it("refuses a declared length over the limit without reading a byte", async () => {
    const { request, pulled } = streamed("application/json", 1024, 10, { "content-length": String(BODY_LIMITS.json + 1) });
    expect(await readRequestBody(request)).toMatchObject({ ok: false, code: "payload_too_large" });
    expect(pulled.count).toBe(0);
  });

  it("stops reading a chunked body as soon as it passes the limit", async () => {
    const chunk = 16 * 1024;
    const { request, pulled } = streamed("application/json", chunk, 1000);
    const result = await readRequestBody(request);
    expect(result).toEqual({
      ok: false,
      code: "payload_too_large",
      message: "The request is too large: a JSON body may be at most 256 KB.",
    });
    expect(pulled.count).toBe(BODY_LIMITS.json / chunk + 1);
  });

  it("reads a body of exactly the limit", async () => {
    const { request } = streamed("application/x-www-form-urlencoded", 1024, BODY_LIMITS.form / 1024);
    const result = await readRequestBody(request);
    expect(result).toMatchObject({ ok: true, kind: "form" });
  });

  it("answers 413 when the server's counter fails the stream (server/request-guard.ts)", async () => {
    const body = new ReadableStream({ pull: (c) => c.error(new AppError("payload_too_large", "too large")) });
    const request = new Request(URL_, {
      method: "POST",
      body,
      duplex: "half",
      headers: { "content-type": "application/json" },
    } as RequestInit);
    expect(await readRequestBody(request)).toMatchObject({ ok: false, code: "payload_too_large" });
  });

  it("answers 400 when the body breaks off", async () => {
    const body = new ReadableStream({ pull: (c) => c.error(new Error("aborted")) });
    const request = new Request(URL_, {
      method: "POST",
      body,
      duplex: "half",
      headers: { "content-type": "application/json" },
    } as RequestInit);
    expect(await readRequestBody(request)).toEqual({ ok: false, code: "bad_request", message: "The request body could not be read." });
  });
});

describe("readRequestBody: decoding", () => {
  it("parses JSON, urlencoded and multipart bodies", async () => {
    expect(await readRequestBody(post("application/json", '{"a":"é"}'))).toEqual({ ok: true, kind: "json", value: { a: "é" } });
    const form = await readRequestBody(post("application/x-www-form-urlencoded", "a=1&b=caf%C3%A9"));
    expect(form.ok && form.kind === "form" && [...form.form]).toEqual([
      ["a", "1"],
      ["b", "café"],
    ]);
    const multipart = new FormData();
    multipart.append("name", "Acme");
    multipart.append("logo", new Blob([Uint8Array.of(1, 2, 3)]), "logo.png");
    const parsed = await readRequestBody(new Request(URL_, { method: "POST", body: multipart }));
    expect(parsed.ok && parsed.kind === "multipart" && parsed.form.get("name")).toBe("Acme");
    expect(parsed.ok && parsed.kind === "multipart" && (parsed.form.get("logo") as File).size).toBe(3);
  });

  it("refuses broken JSON, invalid UTF-8 and NUL with a 400 and a message", async () => {
    expect(await readRequestBody(post("application/json", "{"))).toMatchObject({
      ok: false,
      code: "bad_request",
      message: expect.stringMatching(/not valid JSON/),
    });
    expect(await readRequestBody(post("application/json", Uint8Array.of(0x22, 0xff, 0x22)))).toMatchObject({
      ok: false,
      code: "bad_request",
      message: expect.stringMatching(/UTF-8/),
    });
    expect(await readRequestBody(post("application/json", '{"x":["\\u0000"]}'))).toMatchObject({
      ok: false,
      code: "bad_request",
      message: expect.stringMatching(/NUL/),
    });
    expect(await readRequestBody(post("application/x-www-form-urlencoded", "x=a%00"))).toMatchObject({
      ok: false,
      code: "bad_request",
      message: expect.stringMatching(/NUL/),
    });
    expect(await readRequestBody(post("application/x-www-form-urlencoded", "x=%ff"))).toMatchObject({
      ok: false,
      code: "bad_request",
      message: expect.stringMatching(/UTF-8/),
    });
    const multipart = new FormData();
    multipart.append("name", "a\0b");
    expect(await readRequestBody(new Request(URL_, { method: "POST", body: multipart }))).toMatchObject({
      ok: false,
      code: "bad_request",
      message: expect.stringMatching(/NUL/),
    });
    expect(await readRequestBody(post("multipart/form-data; boundary=x", "not multipart"))).toMatchObject({
      ok: false,
      code: "bad_request",
    });
  });
});

describe("readBody", () => {
  it("gives an object from JSON or a form, and null for anything that is not one", async () => {
    expect(await readBody(post("application/json", '{"plan":"pro"}'))).toEqual({ plan: "pro" });
    expect(await readBody(post("application/x-www-form-urlencoded", "plan=pro"))).toEqual({ plan: "pro" });
    expect(await readBody(post("application/json", "[1,2]"))).toBeNull();
    expect(await readBody(post("application/json", "null"))).toBeNull();
    expect(await readBody(post("application/json", ""))).toBeNull();
    expect(await readBody(post("text/plain", "plan=pro"))).toBeNull();
  });

  it("throws the 400 or 413 answer for a body it cannot accept", async () => {
    expect(await thrown(readBody(post("application/json", "{")))).toMatchObject({ status: 400 });
    expect(await thrown(readBody(streamed("application/json", 64 * 1024, 100).request))).toMatchObject({ status: 413 });
  });
});

describe("readForm", () => {
  it("refuses JSON sent to a form with a 400 that says what to send", async () => {
    expect(await thrown(readForm(post("application/json", "{")))).toEqual({ status: 400, error: NOT_A_FORM });
    expect(await thrown(readForm(post("text/plain", "a=1")))).toEqual({ status: 400, error: NOT_A_FORM });
  });

  it("gives the fields of a form and throws 413 past the limit", async () => {
    expect((await readForm(post("application/x-www-form-urlencoded", "a=1&a=2"))).getAll("a")).toEqual(["1", "2"]);
    expect(await thrown(readForm(streamed("multipart/form-data; boundary=x", 256 * 1024, 100).request))).toMatchObject({ status: 413 });
  });
});

describe("readJsonBody", () => {
  it("reads JSON whatever the content type says, within that type's limit", async () => {
    expect(await readJsonBody(post("text/plain", '{"a":1}'))).toEqual({ ok: true, value: { a: 1 } });
    expect(await readJsonBody(post("text/plain", ""))).toEqual({ ok: true, value: undefined });
    expect(await readJsonBody(post("text/plain", "{"))).toMatchObject({ ok: false, code: "bad_request" });
    expect(await readJsonBody(streamed("text/plain", 16 * 1024, 10).request)).toMatchObject({ ok: false, code: "payload_too_large" });
  });
});
