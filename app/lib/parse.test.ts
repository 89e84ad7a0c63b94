import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeError } from "./error-answer.server.ts";
import { AppError } from "./errors.ts";
import { parse } from "./parse.ts";

const schema = z.object({ page: z.coerce.number().int().min(1, "Page must be 1 or more."), filter: z.object({ city: z.string() }) });

describe("parse", () => {
  it("returns the schema's output for valid input", () => {
    expect(parse(schema, { page: "2", filter: { city: "Berlin" } })).toEqual({ page: 2, filter: { city: "Berlin" } });
  });

  it("throws a 400 with the schema's message and the field's path, which the API answer carries", () => {
    let thrown: unknown;
    try {
      parse(schema, { page: "0", filter: { city: "Berlin" } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(describeError(thrown)).toMatchObject({ status: 400, message: "Page must be 1 or more.", details: { field: "page" } });
  });

  it("names a nested field by its dotted path", () => {
    expect(() => parse(schema, { page: 1, filter: {} })).toThrow(expect.objectContaining({ details: { field: "filter.city" } }));
  });

  it("gives no field for a problem with the whole value", () => {
    expect(() => parse(schema, "not an object")).toThrow(expect.objectContaining({ code: "bad_request", details: undefined }));
  });
});
