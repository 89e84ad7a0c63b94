/**
 * The OpenAPI 3.1 document of the JSON API (decision 0061), made from the endpoints' own zod schemas with zod 4's
 * JSON Schema output (draft 2020-12, the dialect OpenAPI 3.1 uses). Request schemas are described as they are read
 * (input), answers as they are written (output). Pure: the route adds the server's address and the limits.
 */
import { z } from "zod";
import { errorBodySchema, type ApiEndpoint, type ApiResponse } from "~/lib/api-schema.ts";
import { BODY_LIMITS, formatBytes } from "~/lib/body-limits.ts";
import { jsonSchemaPattern } from "~/lib/json-schema-pattern.ts";

export interface DocumentSettings {
  /** The site's public address, the API's server. */
  serverUrl: string;
  /** API calls allowed per member per minute (API_CALLS_PER_MINUTE). */
  callsPerMinute: number;
}

const SECURITY_SCHEME = "apiKey";

type JsonSchema = Record<string, unknown>;

type Checked = { _zod: { def: { checks?: Array<{ _zod: { def: { pattern?: unknown } } }> } } };

/**
 * JSON Schema patterns carry no flags: each one is written out from the expression the server tests with, so a
 * case-insensitive one accepts in the document what it accepts on the server (jsonSchemaPattern).
 */
function exactPatterns({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const regexes = ((zodSchema as Checked)._zod.def.checks ?? [])
    .map((check) => check._zod.def.pattern)
    .filter((pattern): pattern is RegExp => pattern instanceof RegExp);
  if (!regexes.length) return;
  const exact = (source: unknown) => {
    const regex = regexes.find((r) => r.source === source);
    return regex ? jsonSchemaPattern(regex) : source;
  };
  if (typeof jsonSchema.pattern === "string") jsonSchema.pattern = exact(jsonSchema.pattern);
  if (Array.isArray(jsonSchema.allOf))
    for (const part of jsonSchema.allOf as JsonSchema[]) if (part.pattern) part.pattern = exact(part.pattern);
}

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    override: exactPatterns,
  }) as JsonSchema;
  return rest;
}

function parameters(endpoint: ApiEndpoint): JsonSchema[] {
  const of = (object: z.ZodObject | undefined, where: "path" | "query") =>
    Object.entries(object?.shape ?? {}).map(([name, field]) => {
      const schema = jsonSchema(field as z.ZodType, "input");
      const { description, ...rest } = schema;
      const optional = (field as z.ZodType).safeParse(undefined).success;
      return {
        name,
        in: where,
        required: where === "path" || !optional,
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
        ...(rest.type === "array" ? { style: "form", explode: true } : {}),
      };
    });
  return [...of(endpoint.pathParams, "path"), ...of(endpoint.query, "query")];
}

const RATE_LIMIT_HEADERS = {
  RateLimit: { $ref: "#/components/headers/RateLimit" },
  "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
};

const ERROR = { $ref: "#/components/schemas/Error" };
const RETRY_AFTER = { "Retry-After": { description: "Seconds to wait before calling again.", schema: { type: "integer" } } };

/** One reason for an answer of a status: an operation may answer a status for several (its own, the key check's). */
interface Reason {
  description: string;
  mediaType?: string;
  schema?: JsonSchema;
  example?: string;
  headers?: Record<string, JsonSchema>;
}

function reasonOf(answer: ApiResponse): Reason {
  const headers = Object.entries(answer.headers ?? {}).map(([name, { description, schema, required }]) => [
    name,
    { description, ...(required ? { required: true } : {}), schema },
  ]);
  return {
    description: answer.description,
    mediaType: answer.mediaType ?? "application/json",
    ...(answer.schema ? { schema: answer.schema === errorBodySchema ? ERROR : jsonSchema(answer.schema, "output") } : {}),
    ...(answer.example ? { example: answer.example } : {}),
    ...(headers.length ? { headers: Object.fromEntries(headers) } : {}),
  };
}

const error = (description: string, headers?: Record<string, JsonSchema>): Reason => ({
  description,
  mediaType: "application/json",
  schema: ERROR,
  ...(headers ? { headers } : {}),
});

/** The answers the key check (server/app.ts, decision 0061) gives before any route runs. */
const KEY_REFUSALS: Record<number, Reason> = {
  401: error("The API key is missing, malformed, unknown or revoked.", {
    "WWW-Authenticate": { description: 'Bearer realm="Introbase API", error="invalid_token"', schema: { type: "string" } },
  }),
  403: error("The key's owner is on a plan without API access."),
  429: error("The key's per-minute limit or its owner's monthly API calls are used up.", {
    "Retry-After": { ...RETRY_AFTER["Retry-After"], required: true },
  }),
};

/** The answers any operation may give: a fault of ours, the database out of reach, a body over its limit. */
function commonReasons(endpoint: ApiEndpoint): Array<[number, Reason]> {
  return [
    ...(endpoint.body
      ? [
          [413, error(`The request body is larger than the limit for JSON (${formatBytes(BODY_LIMITS.json)}); nothing was done.`)] as [
            number,
            Reason,
          ],
        ]
      : []),
    [500, error("A fault of ours: nothing of it is shown but `requestId`, to quote when reporting it.")],
    ...(endpoint.auth === "none"
      ? []
      : [[503, error("The database is out of reach for the moment: try again later.", RETRY_AFTER)] as [number, Reason]]),
  ];
}

/** One response object from every reason an operation answers a status: descriptions in turn, bodies as alternatives. */
function response(reasons: Reason[], keyed: boolean): JsonSchema {
  const headers: Record<string, JsonSchema> = keyed ? { ...RATE_LIMIT_HEADERS } : {};
  for (const reason of reasons)
    for (const [name, header] of Object.entries(reason.headers ?? {})) {
      // A header is always sent only when every reason for the status sends it.
      const always = reasons.every((r) => (r.headers?.[name] as { required?: boolean } | undefined)?.required);
      const { required: _required, ...rest } = header as JsonSchema & { required?: boolean };
      headers[name] = { ...rest, ...(always ? { required: true } : {}) };
    }
  const content: Record<string, JsonSchema> = {};
  for (const mediaType of new Set(reasons.flatMap((r) => (r.schema ? [r.mediaType!] : [])))) {
    const of = reasons.filter((r) => r.schema && r.mediaType === mediaType);
    const schemas = [...new Map(of.map((r) => [JSON.stringify(r.schema), r.schema!])).values()];
    const example = of.find((r) => r.example)?.example;
    content[mediaType] = { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas }, ...(example ? { example } : {}) };
  }
  return {
    description: [...new Set(reasons.map((r) => r.description))].join(" Or: "),
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(Object.keys(content).length ? { content } : {}),
  };
}

function operationId({ method, path }: ApiEndpoint): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [method, ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join("");
}

function operation(endpoint: ApiEndpoint): JsonSchema {
  const keyed = endpoint.auth !== "none";
  const reasons = new Map<number, Reason[]>();
  const add = (status: number, reason: Reason) => reasons.set(status, [...(reasons.get(status) ?? []), reason]);
  for (const [status, answer] of Object.entries(endpoint.responses)) add(Number(status), reasonOf(answer));
  if (endpoint.auth === "required") add(401, error("Neither an API key nor a session: sign in, or send a key."));
  if (keyed) for (const [status, reason] of Object.entries(KEY_REFUSALS)) add(Number(status), reason);
  for (const [status, reason] of commonReasons(endpoint)) add(status, reason);
  const responses: Record<string, JsonSchema> = {};
  for (const [status, all] of [...reasons].sort(([a], [b]) => a - b)) responses[String(status)] = response(all, keyed);
  return {
    operationId: operationId(endpoint),
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [endpoint.tag],
    parameters: parameters(endpoint),
    ...(endpoint.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(endpoint.body, "input") } } } }
      : {}),
    responses,
    // Optional: anonymous calls get the public answer; an empty requirement object means "no authentication".
    security:
      endpoint.auth === "required" ? [{ [SECURITY_SCHEME]: [] }] : endpoint.auth === "optional" ? [{ [SECURITY_SCHEME]: [] }, {}] : [],
  };
}

export function openApiDocument(endpoints: readonly ApiEndpoint[], { serverUrl, callsPerMinute }: DocumentSettings): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of endpoints) (paths[endpoint.path] ??= {})[endpoint.method] = operation(endpoint);
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Introbase API",
      version: "1",
      description:
        "The Introbase directory as JSON. Without a key you get what a visitor sees; with a personal API key " +
        "(Settings › API keys, on plans with API access) you get what your plan shows you in the browser. " +
        `Each call with a key counts against your plan's monthly API calls and at most ${callsPerMinute} calls a minute; ` +
        "every answer says where you stand in RateLimit and RateLimit-Policy (draft-ietf-httpapi-ratelimit-headers), and a 429 carries Retry-After.",
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: "http",
          scheme: "bearer",
          description: "A personal API key from Settings › API keys: `Authorization: Bearer ib_…`.",
        },
      },
      schemas: { Error: jsonSchema(errorBodySchema, "output") },
      headers: {
        RateLimit: {
          description: 'What is left of each limit: "minute";r=<calls left>;t=<seconds until it resets>, then "month" the same.',
          schema: { type: "string" },
        },
        "RateLimit-Policy": {
          description: 'Every limit that applies: "minute";q=<calls>;w=60, "month";q=<calls>;w=<window in seconds>.',
          schema: { type: "string" },
        },
      },
    },
  };
}
