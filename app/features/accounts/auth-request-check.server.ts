/**
 * The body of a request for Better Auth's own endpoints (/api/auth/*), checked before Better Auth reads it
 * (issue 29 §5, decision 0071). Better Auth validates shapes, not text: NUL reached PostgreSQL, which refused the
 * statement (a 500, or sign-up's 422 "Failed to create user"), a lone surrogate or bytes that are not UTF-8 were
 * stored as U+FFFD, and a value longer than an index allows failed the insert. Here each of them is a 400 with a
 * message, through the app's one body reader (app/lib/http.server.ts) and its limits.
 */
import { MAX_PASSWORD } from "~/lib/auth.server.ts";
import { bodyKindOf } from "~/lib/body-limits.ts";
import { jsonErrorResponse, readRequestBody } from "~/lib/http.server.ts";

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
 * Deepest nesting a Better Auth body has (`idToken.token`, an `additionalData` object): deeper is refused before
 * anything walks or re-serialises it, which a body of 50,000 nested arrays would do until the stack runs out.
 */
const MAX_DEPTH = 8;
const TOO_DEEP = "The body is nested too deeply.";

function tooDeep(value: unknown): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length) {
    const { value: item, depth } = stack.pop()!;
    if (typeof item !== "object" || item === null) continue;
    if (depth >= MAX_DEPTH) return true;
    for (const child of Object.values(item)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/** The first string in the body longer than its field allows, as a message naming the field; null when none is. */
function overLongField(value: unknown, path = ""): string | null {
  if (typeof value === "string") {
    const field = path.split(".").at(-1) ?? "";
    const limit = FIELD_LIMITS[field] ?? OTHER_LIMIT;
    return value.length > limit ? `${path || "The value"} is too long: at most ${limit.toLocaleString("en-US")} characters.` : null;
  }
  if (typeof value !== "object" || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const problem = overLongField(item, path ? `${path}.${key}` : key);
    if (problem) return problem;
  }
  return null;
}

/**
 * The request to hand to Better Auth, or the 400 (413 for a body over its limit) to answer instead. JSON and form
 * bodies are read, checked and passed on as read; other types go on untouched (Better Auth refuses them itself,
 * 415), and so does a request without a body.
 */
export async function checkAuthRequest(request: Request): Promise<{ ok: true; request: Request } | { ok: false; response: Response }> {
  const kind = bodyKindOf(request.headers.get("content-type"));
  if (!request.body || (kind !== "json" && kind !== "form")) return { ok: true, request };
  const read = await readRequestBody(request);
  if (!read.ok) return { ok: false, response: jsonErrorResponse(read.status, read.message) };
  let body: string | null;
  let fields: unknown;
  if (read.kind === "json") {
    if (tooDeep(read.value)) return { ok: false, response: jsonErrorResponse(400, TOO_DEEP) };
    fields = read.value;
    body = read.value === undefined ? null : JSON.stringify(read.value);
  } else if (read.kind === "form") {
    const pairs = [...read.form].map(([name, value]) => [name, String(value)]);
    fields = Object.fromEntries(pairs);
    body = new URLSearchParams(pairs).toString();
  } else {
    return { ok: true, request };
  }
  const problem = overLongField(fields);
  if (problem) return { ok: false, response: jsonErrorResponse(400, problem) };
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  return { ok: true, request: new Request(request.url, { method: request.method, headers, body, signal: request.signal }) };
}
