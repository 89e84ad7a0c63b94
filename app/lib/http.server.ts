/**
 * Reading a request and the answers a route gives when nothing failed (decision 0108). Failing is not here: a route
 * throws an AppError (app/lib/errors.ts: notFound; app/lib/parse.ts: parse for input), and the error pipeline
 * (error-answer.server.ts) makes the answer. Forms answer through form-result.server.ts.
 *
 * Which body reader, when (each bounds the size and refuses what it cannot decode with a 400 or 413):
 * - readForm: a page action's form post (urlencoded or multipart), as FormData; its fields then go through parse or
 *   the form pipeline (parseForm, form-parse.ts).
 * - readBody: a JSON endpoint that also takes a form, as a plain object (null when there is none); then parse.
 * - readJsonBody: JSON whatever the Content-Type says, for endpoints documented as taking JSON from any client.
 * - readRawBody: the exact bytes, for a signature made over them (a payment provider's webhook).
 * - readRequestBody: the one that does the work, by Content-Type; for code that must see the refusal itself (a
 *   proxy that re-sends the body, server/ middleware) rather than throw it.
 */
import { decodeUtf8, NUL_MESSAGE, parseJsonText, parseUrlEncoded } from "./body-decode.ts";
import { BODY_LIMITS, bodyKindOf, declaredLength, tooLargeMessage } from "./body-limits.ts";
import { errorResponse } from "./error-answer.server.ts";
import { AppError } from "./errors.ts";
import { readAtMost } from "./read-at-most.ts";

/** Why a body was refused: its code (400 or 413 by the table of errors.ts) and a message for people. */
export interface BodyRefusal {
  ok: false;
  code: "bad_request" | "payload_too_large";
  message: string;
}

/**
 * A reader's refusal, thrown as the answer itself (a Response), which a page's error boundary shows and an endpoint
 * sends as it is. A Response, not an AppError, while a page action tells a too-large upload from other refusals by
 * its status (get-featured.tsx).
 */
function refused({ code, message }: Omit<BodyRefusal, "ok">): Response {
  return errorResponse(code, message);
}

export type BodyRead =
  | { ok: true; kind: "json"; value: unknown }
  | { ok: true; kind: "form" | "multipart"; form: FormData }
  | { ok: true; kind: "other"; text: string }
  | BodyRefusal;

const UNREADABLE = "The request body could not be read.";

/**
 * The body's bytes, counted as they arrive and never more than `limit`: a declared length over it is refused
 * before reading, a stream that passes it is cancelled at once. The server's own counter (server/request-guard.ts)
 * errors the stream with a payload_too_large AppError at the same limit.
 */
async function readLimitedBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | "too_large" | "unreadable"> {
  const declared = declaredLength(request.headers.get("content-length"));
  if (declared !== null && !(declared <= limit)) return "too_large";
  if (!request.body) return new Uint8Array(0);
  try {
    return await readAtMost(request.body, limit);
  } catch (error) {
    return error instanceof AppError && error.code === "payload_too_large" ? "too_large" : "unreadable";
  }
}

function hasNulField(form: FormData, { nulInValues = false }: ReadOptions): boolean {
  for (const [name, value] of form) {
    if (name.includes("\0") || (!nulInValues && typeof value === "string" && value.includes("\0"))) return true;
  }
  return false;
}

interface ReadOptions {
  /** A form's values may hold NUL: for page actions whose every field goes through parseForm (see readForm). */
  nulInValues?: boolean;
}

/**
 * The one body reader: the body by its Content-Type, within its kind's limit (app/lib/body-limits.ts), decoded
 * strictly: a body over the limit is a 413; malformed JSON, malformed %-encoding, text that is not UTF-8 and NUL
 * in any text are a 400 with a message, so none of it reaches a route's logic or the database.
 */
export async function readRequestBody(request: Request, options: ReadOptions = {}): Promise<BodyRead> {
  const contentType = request.headers.get("content-type");
  const kind = bodyKindOf(contentType);
  const bytes = await readLimitedBytes(request, BODY_LIMITS[kind]);
  if (bytes === "too_large") return { ok: false, code: "payload_too_large", message: tooLargeMessage(kind) };
  if (bytes === "unreadable") return { ok: false, code: "bad_request", message: UNREADABLE };
  if (kind === "multipart") {
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { "content-type": contentType ?? "" } }).formData();
    } catch {
      return { ok: false, code: "bad_request", message: "The form could not be read: the multipart body is malformed." };
    }
    return hasNulField(form, options) ? { ok: false, code: "bad_request", message: NUL_MESSAGE } : { ok: true, kind, form };
  }
  const text = decodeUtf8(bytes);
  if (!text.ok) return { ok: false, code: "bad_request", message: text.message };
  if (kind === "json") {
    const json = parseJsonText(text.value);
    return json.ok ? { ok: true, kind, value: json.value } : { ok: false, code: "bad_request", message: json.message };
  }
  if (kind === "form") {
    const pairs = parseUrlEncoded(text.value, options);
    if (!pairs.ok) return { ok: false, code: "bad_request", message: pairs.message };
    const form = new FormData();
    for (const [name, value] of pairs.value) form.append(name, value);
    return { ok: true, kind, form };
  }
  return { ok: true, kind, text: text.value };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * A POST body as a plain object, from JSON or a form (urlencoded or multipart); null when it is neither (another
 * content type, empty, or JSON that is not an object). Throws the 400 or 413 answer (a Response) when the body is
 * too large or malformed (see readRequestBody).
 */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  if (bodyKindOf(request.headers.get("content-type")) === "other") return null;
  const read = await readRequestBody(request);
  if (!read.ok) throw refused(read);
  if (read.kind === "json") return isPlainObject(read.value) ? read.value : null;
  if (read.kind === "other") return null;
  return Object.fromEntries(read.form);
}

export const NOT_A_FORM = "Send this form as application/x-www-form-urlencoded or multipart/form-data.";

/**
 * A form post's fields, for page actions. Anything else (JSON, text) and a body too large or malformed is thrown
 * as a 400 or 413 answer, which the route's error boundary shows. NUL in a value is such an answer too, unless the
 * action passes `nulInValues` because every field it reads goes through the form pipeline (parseForm), which says
 * so beside the field and keeps what was typed: a visitor's form sent without JavaScript then loses nothing.
 */
export async function readForm(request: Request, options: ReadOptions = {}): Promise<FormData> {
  const kind = bodyKindOf(request.headers.get("content-type"));
  if (kind !== "form" && kind !== "multipart") throw refused({ code: "bad_request", message: NOT_A_FORM });
  const read = await readRequestBody(request, options);
  if (!read.ok) throw refused(read);
  if (read.kind !== "form" && read.kind !== "multipart") throw refused({ code: "bad_request", message: NOT_A_FORM });
  return read.form;
}

/**
 * The body's bytes exactly as sent, within its kind's limit, for a signature made over them (a payment provider's
 * webhook, decision 0079): nothing decoded or re-encoded. Too large is a thrown 413 answer, unreadable a 400.
 */
export async function readRawBody(request: Request): Promise<Uint8Array> {
  const kind = bodyKindOf(request.headers.get("content-type"));
  const bytes = await readLimitedBytes(request, BODY_LIMITS[kind]);
  if (bytes === "too_large") throw refused({ code: "payload_too_large", message: tooLargeMessage(kind) });
  if (bytes === "unreadable") throw refused({ code: "bad_request", message: UNREADABLE });
  return bytes;
}

/**
 * A JSON body whatever its Content-Type says, for endpoints documented as taking JSON from any client: the parsed
 * value (undefined when empty), or the refusal (bad_request or payload_too_large), checked as readRequestBody does.
 */
export async function readJsonBody(request: Request): Promise<{ ok: true; value: unknown } | BodyRefusal> {
  const kind = bodyKindOf(request.headers.get("content-type"));
  const bytes = await readLimitedBytes(request, BODY_LIMITS[kind]);
  if (bytes === "too_large") return { ok: false, code: "payload_too_large", message: tooLargeMessage(kind) };
  if (bytes === "unreadable") return { ok: false, code: "bad_request", message: UNREADABLE };
  const text = decodeUtf8(bytes);
  if (!text.ok) return { ok: false, code: "bad_request", message: text.message };
  const json = parseJsonText(text.value);
  return json.ok ? json : { ok: false, code: "bad_request", message: json.message };
}

/** 405 for an endpoint that takes only POST (also used as `export const loader = methodNotAllowed`: no parameters). */
export function methodNotAllowed(): Response {
  return errorResponse("method_not_allowed", "Use POST.", { Allow: "POST" });
}

/*
 * Success answers other than 200, named so that no route writes a status number (decision 0044; lint forbids a
 * numeric status in app/routes).
 */
const NO_STORE = { "Cache-Control": "no-store" } as const;

/** 201: a row was made; the body describes it. */
export function created(body: unknown, headers?: Record<string, string>): Response {
  return Response.json(body, { status: 201, headers: { ...NO_STORE, ...headers } });
}

/** 202: work was queued; `location` is where its progress is read. */
export function accepted(body: unknown, location: string): Response {
  return Response.json(body, { status: 202, headers: { ...NO_STORE, Location: location } });
}

/** 304: the client's copy (If-None-Match) is current. */
export function notModified(headers: HeadersInit): Response {
  return new Response(null, { status: 304, headers });
}

/** 303: after a form post, the browser fetches `location` with GET. */
export function seeOther(location: string, headers?: HeadersInit): Response {
  const all = new Headers(headers);
  all.set("Location", location);
  return new Response(null, { status: 303, headers: all });
}
