/**
 * The body of a request for Better Auth's own endpoints (/api/auth/*), checked before Better Auth reads it
 * (issue 29 §5, decision 0071). Better Auth validates shapes, not text: NUL reached PostgreSQL, which refused the
 * statement (a 500, or sign-up's 422 "Failed to create user"), a lone surrogate or bytes that are not UTF-8 were
 * stored as U+FFFD, and a value longer than an index allows failed the insert. Here each of them is a 400 with a
 * message, through the app's one body reader (app/lib/http.server.ts) and its limits.
 */
import { MAX_PASSWORD } from "~/lib/password-rules.ts";
import { bodyKindOf } from "~/lib/body-limits.ts";
import { errorResponse } from "~/lib/error-answer.server.ts";
import { readRequestBody } from "~/lib/http.server.ts";

/**
 * The longest value of each field Better Auth's endpoints take. A name is what our own profile form allows; an
 * address is the longest a mail system delivers to (RFC 5321: 254 characters), well under the 2,700 bytes a
 * PostgreSQL index entry can hold (users.email is unique); URLs as browsers keep them.
 */
const FIELD_LIMITS: Readonly<Record<string, number>> = {
  name: 100,
  email: 254,
  newEmail: 254,
  password: MAX_PASSWORD,
  newPassword: MAX_PASSWORD,
  currentPassword: MAX_PASSWORD,
  image: 2_048,
  callbackURL: 2_048,
  newUserCallbackURL: 2_048,
  errorCallbackURL: 2_048,
  redirectTo: 2_048,
};
/** Any other text (an ID token, a provider's name, a reset token): room for the longest legitimate one. */
const OTHER_LIMIT = 8_192;

/**
 * How deep a body Better Auth is handed may nest. Its bodies are a level or two deep (an ID token's object); a deeper
 * one is not a request to it. Counted before anything walks or re-serializes the body: JSON nested 50,000 deep passed
 * the body reader (which walks with its own stack) and then overflowed the call stack here and in JSON.stringify (500).
 */
const MAX_DEPTH = 16;

/**
 * The first problem of the body's values, as a message: a string longer than its field allows (naming the field), or
 * nesting deeper than MAX_DEPTH; null when there is none. Walks with its own stack, never recursion.
 */
function overLongField(body: unknown): string | null {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: "", depth: 0 }];
  while (pending.length) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === "string") {
      const field = path.split(".").at(-1) ?? "";
      const limit = FIELD_LIMITS[field] ?? OTHER_LIMIT;
      if (value.length > limit) return `${path || "The value"} is too long: at most ${limit.toLocaleString("en-US")} characters.`;
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth >= MAX_DEPTH) return `The body is nested too deeply: at most ${MAX_DEPTH} levels.`;
    // Reversed onto the stack, so fields are checked in their order and the first problem is the first field's.
    for (const [key, item] of Object.entries(value).reverse())
      pending.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
  }
  return null;
}

/**
 * The request to hand to Better Auth, or the 400 (413 for a body over its limit) to answer instead. JSON and form
 * bodies are read, checked and passed on as read; other types go on untouched (Better Auth refuses them itself,
 * 415), and so does a request without a body.
 */
export async function checkAuthRequest(
  request: Request,
): Promise<{ ok: true; request: Request; fields?: unknown } | { ok: false; response: Response }> {
  const kind = bodyKindOf(request.headers.get("content-type"));
  if (!request.body || (kind !== "json" && kind !== "form")) return { ok: true, request };
  const read = await readRequestBody(request);
  if (!read.ok) return { ok: false, response: errorResponse(read.code, read.message) };
  let fields: unknown;
  let pairs: string[][] = [];
  if (read.kind === "json") {
    fields = read.value;
  } else if (read.kind === "form") {
    pairs = [...read.form].map(([name, value]) => [name, String(value)]);
    fields = Object.fromEntries(pairs);
  } else {
    return { ok: true, request };
  }
  // Checked before the body is serialized again: a body too deep for the call stack never reaches JSON.stringify.
  const problem = overLongField(fields);
  if (problem) return { ok: false, response: errorResponse("bad_request", problem) };
  const body = read.kind === "form" ? new URLSearchParams(pairs).toString() : fields === undefined ? null : JSON.stringify(fields);
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  return { ok: true, fields, request: new Request(request.url, { method: request.method, headers, body, signal: request.signal }) };
}
