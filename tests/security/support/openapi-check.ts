/**
 * Reads an answer the way a typed client generated from /api/openapi.json would (issue 29 finding 10): the status
 * must be one the operation documents, the Content-Type one of that status's media types, the body valid against
 * that media type's schema under JSON Schema 2020-12 (Ajv, additionalProperties honoured, formats checked), and
 * every header either declared for that status (and then valid against its schema) or one of the generic HTTP
 * headers every answer may carry. Also: whether the document accepts a parameter value, for the comparison with
 * what the server accepts.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is read as plain JSON, as clients read it
export type Json = any;

/**
 * Headers any answer may carry without the document naming them: HTTP's own framing and caching fields and the
 * server's request id. Anything else a client is meant to read (rate limits, Retry-After, WWW-Authenticate, Location,
 * Content-Disposition…) must be declared for the status it comes with.
 */
const GENERIC_HEADERS = new Set([
  "content-type",
  "content-length",
  "cache-control",
  "vary",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "x-content-type-options",
  "x-request-id",
]);

/** A document's schemas as Ajv compiles them: "#/components/schemas/X" becomes "#/$defs/X" of each compiled schema. */
function withDefs(schema: Json, components: Json): Json {
  const rewrite = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node && typeof node === "object")
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) => [
          k,
          k === "$ref" && typeof v === "string" ? v.replace("#/components/schemas/", "#/$defs/") : rewrite(v),
        ]),
      );
    return node;
  };
  return { ...rewrite(schema), $defs: rewrite(components?.schemas ?? {}) };
}

function newAjv(coerceTypes: boolean): Ajv2020 {
  // strict: the document's schemas are zod's output plus OpenAPI's own keywords (example); unknown ones are an error
  // only for keywords Ajv does not know at all, which OpenAPI 3.1 allows.
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

const words = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`).join("; ");

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

export class OpenApiCheck {
  private readonly bodies = newAjv(false);
  private readonly values = newAjv(true);
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: Json) {}

  private validator(ajv: Ajv2020, schema: Json): ValidateFunction {
    const key = `${ajv === this.values ? "v" : "b"}${JSON.stringify(schema)}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = ajv.compile(withDefs(schema, this.document.components));
      this.compiled.set(key, validate);
    }
    return validate;
  }

  operation(method: string, path: string): Json {
    const op = this.document.paths?.[path]?.[method];
    if (!op) throw new Error(`the document has no ${method.toUpperCase()} ${path}`);
    return op;
  }

  private header(declared: Json): Json {
    const ref: unknown = declared?.$ref;
    return typeof ref === "string" ? this.document.components.headers[ref.replace("#/components/headers/", "")] : declared;
  }

  /** Every way the answer differs from what the document says of this operation; empty when it conforms. */
  problems(method: string, path: string, answer: Answer): string[] {
    const op = this.operation(method, path);
    const status = String(answer.status);
    const documented = op.responses[status] ?? op.responses[`${status[0]}XX`] ?? op.responses.default;
    if (!documented) return [`status ${status} is not documented (documented: ${Object.keys(op.responses).join(", ")})`];
    const problems: string[] = [];

    const declared = new Map<string, Json>(
      Object.entries<Json>(documented.headers ?? {}).map(([name, h]) => [name.toLowerCase(), this.header(h)]),
    );
    for (const [name, header] of declared) {
      const value = answer.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`header ${name} is documented as always sent but is missing`);
        continue;
      }
      if (!this.valueFits(header.schema, value))
        problems.push(`header ${name}: ${JSON.stringify(value)} does not fit its documented schema`);
    }
    for (const [name] of answer.headers) {
      if (!GENERIC_HEADERS.has(name) && !declared.has(name)) problems.push(`header ${name} is sent but not documented for ${status}`);
    }

    const mediaType = (answer.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const content: Record<string, Json> = documented.content ?? {};
    if (Object.keys(content).length === 0) {
      if (answer.body !== "") problems.push(`${status} is documented without a body, but one came (${mediaType})`);
      return problems;
    }
    const media = content[mediaType];
    if (!media)
      return [...problems, `Content-Type ${mediaType || "(none)"} is not documented for ${status} (${Object.keys(content).join(", ")})`];
    let body: unknown = answer.body;
    if (mediaType === "application/json" || mediaType.endsWith("+json")) {
      try {
        body = JSON.parse(answer.body);
      } catch {
        return [...problems, `the body is not JSON: ${answer.body.slice(0, 80)}`];
      }
    }
    const validate = this.validator(this.bodies, media.schema ?? {});
    if (!validate(body)) problems.push(`body: ${words(validate.errors)}`);
    return problems;
  }

  /** Whether a header or parameter value, as text on the wire, fits a schema (numbers read from the text). */
  valueFits(schema: Json, value: string | string[]): boolean {
    const validate = this.validator(this.values, { type: "object", properties: { value: schema ?? {} } });
    return validate({ value: Array.isArray(value) ? [...value] : value });
  }

  /** Whether the document lets a client send `values` (one per occurrence in the query) as this parameter. */
  parameterAccepts(method: string, path: string, where: "path" | "query", name: string, values: string[]): boolean {
    const parameter = this.operation(method, path).parameters.find((p: Json) => p.in === where && p.name === name);
    if (!parameter) throw new Error(`${method.toUpperCase()} ${path} has no ${where} parameter ${name}`);
    const isList = parameter.schema?.type === "array";
    if (!isList && values.length !== 1) return false;
    return this.valueFits(parameter.schema, isList ? values : values[0]!);
  }
}
