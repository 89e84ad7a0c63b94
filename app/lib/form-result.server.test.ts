import { describe, expect, it } from "vitest";
import { AppError, STATUS_BY_CODE } from "./errors.ts";
import { formDone, formJson, formJsonRefusedBy, formRefused, formRefusedBy } from "./form-result.server.ts";

/** react-router's data(): the body and the response init it carries. */
const unwrap = (value: unknown) => value as { data: Record<string, unknown>; init: { status?: number } | null };

describe("page answers", () => {
  it("a refusal carries its code's status from the one table, and the values as typed", () => {
    const answer = unwrap(formRefused("rate_limited", { message: "Too many.", values: { name: "Ada" } }));
    expect(answer.init?.status).toBe(STATUS_BY_CODE.rate_limited);
    expect(answer.data).toEqual({ ok: false, message: "Too many.", values: { name: "Ada" } });
  });

  it("a passed submission is answered the same way, without a status", () => {
    const answer = unwrap(formDone({ message: "Saved.", target: "7" }));
    expect(answer.data).toEqual({ ok: true, message: "Saved.", target: "7" });
    expect(answer.init?.status).toBeUndefined();
  });

  it("a thrown client AppError becomes the form's message with its status; anything else is thrown on", () => {
    const answer = unwrap(formRefusedBy(new AppError("conflict", "Merged meanwhile."), { values: { name: "Ada" } }));
    expect(answer.init?.status).toBe(STATUS_BY_CODE.conflict);
    expect(answer.data).toEqual({ ok: false, message: "Merged meanwhile.", values: { name: "Ada" } });
    const bug = new TypeError("x is undefined");
    expect(() => formRefusedBy(bug)).toThrow(bug);
    const outage = new AppError("data_source", "database down");
    expect(() => formRefusedBy(outage)).toThrow(outage);
  });
});

describe("JSON answers", () => {
  it("repeat a refusal's message as `error`, the API's convention, with the code's status and no caching", async () => {
    const response = formJson({ ok: false, message: "Fix it.", errors: { email: "Enter an address." } }, { code: "bad_request" });
    expect(response.status).toBe(STATUS_BY_CODE.bad_request);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ ok: false, message: "Fix it.", errors: { email: "Enter an address." }, error: "Fix it." });
  });

  it("answer 201 for a submission that made something, 200 otherwise", async () => {
    expect(formJson({ ok: true, data: { id: "1" } }, { created: true }).status).toBe(201);
    const plain = formJson({ ok: true, message: "Already reported." });
    expect(plain.status).toBe(200);
    expect(await plain.json()).toEqual({ ok: true, message: "Already reported." });
  });

  it("turn a client AppError into its status and rethrow anything else", async () => {
    const response = formJsonRefusedBy(new AppError("not_found", "No such request."), { values: { a: "b" } });
    expect(response.status).toBe(STATUS_BY_CODE.not_found);
    expect(await response.json()).toMatchObject({ ok: false, error: "No such request.", values: { a: "b" } });
    expect(() => formJsonRefusedBy(new Error("boom"))).toThrow("boom");
  });
});
