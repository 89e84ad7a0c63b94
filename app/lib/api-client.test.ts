import { afterEach, describe, expect, it, vi } from "vitest";
import { getJson, postJson } from "./api-client.ts";

/** The browser's fetch, answering what the test says and keeping what it was asked. */
function serve(answer: () => Response | Promise<Response>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the browser's API client", () => {
  it("gives an endpoint's JSON with its status", async () => {
    serve(() => Response.json({ user: { id: "u1" } }));
    expect(await getJson("/api/auth/me")).toEqual({ ok: true, status: 200, data: { user: { id: "u1" } } });
  });

  it("carries the pipeline's error shape: the message, the field, the request id and the details", async () => {
    serve(() => Response.json({ error: "The note is too long.", field: "note", job: "j1" }, { status: 400 }));
    expect(await postJson("/api/duplicate-reports", { note: "x" })).toEqual({
      ok: false,
      kind: "http",
      status: 400,
      error: "The note is too long.",
      field: "note",
      requestId: null,
      body: { error: "The note is too long.", field: "note", job: "j1" },
    });
    serve(() => Response.json({ error: "Something went wrong", requestId: "req-9" }, { status: 500 }));
    expect(await getJson("/api/x")).toMatchObject({ kind: "http", status: 500, error: "Something went wrong", requestId: "req-9" });
  });

  it("reads a form result's message as the error, and keeps its field errors in the body", async () => {
    serve(() => Response.json({ ok: false, message: "Check the form.", errors: { email: "Enter an e-mail" } }, { status: 400 }));
    const answer = await postJson("/api/intro-requests", {});
    expect(answer).toMatchObject({ ok: false, kind: "http", error: "Check the form.", body: { errors: { email: "Enter an e-mail" } } });
  });

  it("answers an error without a JSON body (a proxy's HTML page) with no message, not a thrown error", async () => {
    serve(() => new Response("<html>Bad gateway</html>", { status: 502, headers: { "Content-Type": "text/html" } }));
    expect(await getJson("/api/x")).toMatchObject({ ok: false, kind: "http", status: 502, error: null, body: null });
  });

  it("answers a success without a body (204) with null data", async () => {
    serve(() => new Response(null, { status: 204 }));
    expect(await postJson("/api/x")).toEqual({ ok: true, status: 204, data: null });
  });

  it("tells no answer at all apart from an error answer, and an abort apart from being offline", async () => {
    serve(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(await getJson("/api/x")).toEqual({ ok: false, kind: "network", error: "Failed to fetch", aborted: false });
    serve(() => Promise.reject(new DOMException("The operation was aborted.", "AbortError")));
    expect(await getJson("/api/x")).toMatchObject({ ok: false, kind: "network", aborted: true });
  });

  it("sends JSON with its content type, asks for JSON, and passes the caller's abort signal on", async () => {
    const calls = serve(() => Response.json({}));
    const controller = new AbortController();
    await postJson("/api/billing/choose-plan", { tier: "premium" }, { signal: controller.signal });
    await postJson("/api/auth/signout");
    await getJson("/api/listings?searchQuery=ab", { signal: controller.signal });
    expect(calls[0]).toEqual({
      url: "/api/billing/choose-plan",
      init: {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: '{"tier":"premium"}',
        signal: controller.signal,
      },
    });
    // No body: no content type claiming one.
    expect(calls[1]!.init).toMatchObject({ method: "POST", headers: { Accept: "application/json" }, body: undefined });
    expect(calls[2]!.init).toEqual({ headers: { Accept: "application/json" }, signal: controller.signal });
  });
});
