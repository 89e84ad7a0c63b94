/**
 * One JSON API endpoint as the OpenAPI document describes it (decision 0061): the very zod schemas its handler
 * validates with, plus the words around them. Each feature keeps its endpoints' definitions in a `*-api-schema.ts`
 * file and the handler imports the schema from there, so the document and the validation cannot drift apart; the
 * list of documented endpoints is app/features/api-docs/api-endpoints.ts. Also here: reading a request's query
 * through such a schema, the one validation the document describes.
 */
import { z } from "zod";
import { parse } from "./parse.ts";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export interface ApiHeader {
  description: string;
  schema: { type: "string" | "integer" };
  /** Sent with every answer of this status (a client may rely on it). */
  required?: boolean;
}

export interface ApiResponse {
  description: string;
  /** The body (JSON unless `mediaType` says otherwise); absent for an answer without one. */
  schema?: z.ZodType;
  /** The body's media type: application/json unless said. */
  mediaType?: "application/json" | "text/csv";
  /** A body as it looks, for a media type whose schema says little (a CSV file's first lines). */
  example?: string;
  /** Response headers a client reads (Retry-After on a 429, Location on a 201, say). */
  headers?: Record<string, ApiHeader>;
}

export interface ApiEndpoint {
  method: HttpMethod;
  /** The OpenAPI path, parameters in braces: "/api/listings/{type}/{slug}". */
  path: string;
  /** The React Router path it is served at ("api/listings/:type/:slug"), for the test that every API route is documented. */
  route: string;
  summary: string;
  description?: string;
  /** The group it is listed under (Listings, Reference, ...). */
  tag: string;
  /**
   * How a caller identifies: "optional" (anonymous answers are public, a key's owner sees what their tier sees),
   * "required" (401 without a key or session), or "none" (the key is not looked at, the answer is the same for all).
   */
  auth: "optional" | "required" | "none";
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Record<number, ApiResponse>;
}

/** An endpoint definition, frozen, so a handler and the document share one object nobody changes after start-up. */
export function defineApiEndpoint<E extends ApiEndpoint>(endpoint: E): Readonly<E> {
  return Object.freeze(endpoint);
}

export const errorBodySchema = z.object({
  error: z.string().describe("What went wrong, in a sentence."),
  field: z.string().optional().describe("For input that was refused: the path of the field or parameter it is about."),
  requestId: z.string().optional().describe("For a fault of ours: the id to quote when reporting it."),
});

/**
 * A text of at most `max` characters, counted as JSON Schema's maxLength counts them (code points: an emoji is one),
 * so the document's limit and the server's are the same; zod's own max() counts UTF-16 units (an emoji is two).
 */
export function atMostCharacters<S extends z.ZodString>(schema: S, max: number, message: string) {
  return schema.refine((value) => [...value].length <= max, message).meta({ maxLength: max });
}

/** A scalar parameter: one value, and a clear message when it is repeated (the only other shape a query value has). */
export function oneValue(name: string) {
  return z.string({ error: () => `Parameter "${name}" must appear at most once.` });
}

function isList(field: unknown): boolean {
  const inner = field instanceof z.ZodOptional ? field.unwrap() : field;
  return inner instanceof z.ZodArray;
}

/** The query as the schema reads it: every value of a list parameter, the value (or values, refused) of any other. */
function queryObject(schema: z.ZodObject, params: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    const values = params.getAll(name);
    if (values.length === 0) continue;
    object[name] = isList(field) || values.length > 1 ? values : values[0]!;
  }
  return object;
}

/** The query checked by the schema: its data, or parse's 400 naming the parameter. */
export function parseQuery<S extends z.ZodObject>(schema: S, params: URLSearchParams): z.output<S> {
  return parse(schema, queryObject(schema, params));
}
