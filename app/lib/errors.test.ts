import { describe, expect, it } from "vitest";
import { AppError, isDataSourceFailure, STATUS_BY_CODE, type ErrorCode } from "./errors.ts";

describe("STATUS_BY_CODE", () => {
  it("is the one closed table from code to status", () => {
    expect(STATUS_BY_CODE).toEqual({
      bad_request: 400,
      unauthorized: 401,
      forbidden: 403,
      not_found: 404,
      method_not_allowed: 405,
      conflict: 409,
      gone: 410,
      payload_too_large: 413,
      rate_limited: 429,
      internal: 500,
      bad_gateway: 502,
      data_source: 503,
    });
  });

  it.each(Object.entries(STATUS_BY_CODE))("an AppError %s has status %i", (code, status) => {
    expect(new AppError(code as ErrorCode, "x").status).toBe(status);
  });
});

describe("isDataSourceFailure: an outage, not a bug", () => {
  const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
  const wrapped = (cause: unknown) => new Error('Failed query: select "email" from "users" where "email" = $1\nparams: a@b.c', { cause });

  it.each([
    ["a refused connection", refused()],
    ["a refused connection inside the query builder's error", wrapped(refused())],
    ["a refusal on every address of the host", wrapped(new AggregateError([refused(), refused()], "connect failed"))],
    ["postgres.js losing its connection", wrapped(Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" }))],
    ["a server shutting down (57P01)", wrapped(Object.assign(new Error("terminating connection"), { code: "57P01" }))],
    ["a connection exception (class 08)", Object.assign(new Error("connection failure"), { code: "08006" })],
    ["the embedded database closed", wrapped(new Error("PGlite is closed"))],
    ["node-postgres's dropped connection", new Error("Connection terminated unexpectedly")],
    ["an AppError data_source", new AppError("data_source", "down")],
  ])("%s is one", (_label, error) => {
    expect(isDataSourceFailure(error)).toBe(true);
  });

  it.each([
    ["a syntax error", wrapped(Object.assign(new Error('syntax error at or near "SELEC"'), { code: "42601" }))],
    ["a missing column", wrapped(Object.assign(new Error('column "x" does not exist'), { code: "42703" }))],
    ["a numeric overflow", Object.assign(new Error("numeric field overflow"), { code: "22003" })],
    ["a TypeError in our code", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["a thrown string", "ECONNREFUSED"],
    ["null", null],
    ["an AppError internal wrapping a refusal (its code decides)", new AppError("internal", "x", { cause: refused() })],
  ])("%s is not", (_label, error) => {
    expect(isDataSourceFailure(error)).toBe(false);
  });

  it("survives a cycle of causes", () => {
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(isDataSourceFailure(a)).toBe(false);
  });
});
