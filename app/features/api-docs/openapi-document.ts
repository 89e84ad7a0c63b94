/**
 * The OpenAPI 3.1 document of the JSON API (decision 0061), made from the endpoints' own zod schemas with zod 4's
 * JSON Schema output (draft 2020-12, the dialect OpenAPI 3.1 uses). Request schemas are described as they are read
 * (input), answers as they are written (output). Pure: the route adds the server's address and the limits.
 */
import { z } from "zod";
import { errorBodySchema, type ApiEndpoint, type ApiResponse } from "~/lib/api-schema.ts";

export interface DocumentSettings {
  /** The site's public address, the API's server. */
  serverUrl: string;
  /** API calls allowed per member per minute (API_CALLS_PER_MINUTE). */
  callsPerMinute: number;
}

const SECURITY_SCHEME = "apiKey";

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
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

/** The answers every call made with a key may get, besides the endpoint's own. */
const KEYED_RESPONSES: Record<number, JsonSchema> = {
  401: {
    description: "A missing, malformed, unknown or revoked API key.",
    headers: { "WWW-Authenticate": { description: 'Bearer realm="Introbase API", error="invalid_token"', schema: { type: "string" } } },
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  },
  403: {
    description: "The key's owner is on a plan without API access.",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  },
  429: {
    description: "The per-minute limit or the month's API calls are used up.",
    headers: {
      "Retry-After": { description: "Seconds to wait before calling again.", schema: { type: "integer" } },
      ...RATE_LIMIT_HEADERS,
    },
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  },
};

function response(answer: ApiResponse, keyed: boolean, status: number): JsonSchema {
  const headers = { ...(keyed && status < 400 ? RATE_LIMIT_HEADERS : {}), ...(answer.headers ?? {}) };
  return {
    description: answer.description,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(answer.schema ? { content: { "application/json": { schema: jsonSchema(answer.schema, "output") } } } : {}),
  };
}

function operationId({ method, path }: ApiEndpoint): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [method, ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join("");
}

function operation(endpoint: ApiEndpoint): JsonSchema {
  const keyed = endpoint.auth !== "none";
  const responses: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(endpoint.responses)) responses[status] = response(answer, keyed, Number(status));
  if (keyed) for (const [status, answer] of Object.entries(KEYED_RESPONSES)) responses[status] ??= answer;
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
