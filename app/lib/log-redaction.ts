/**
 * What the logs must never hold (decision 0071): the secret in a link (an unsubscribe or intro-response token, a
 * verification or reset token, an OAuth code or state, a key in a query), a password in a URL, and the values of a
 * failed query (a name, an address, a password hash, a session token). Every logger is made by `createLogger`
 * (create-logger.server.ts, decision 0112) with `safeLogOptions`, and the access log (server/access-log.ts) is a child
 * of one, so every line passes through here: a caller cannot forget it. Plain code with relative imports only:
 * server/http-server.ts loads it without Vite.
 */
import type { LoggerOptions } from "pino";

/** What stands in for a secret, in every logger (create-logger.server.ts). */
export const REDACTED = "[redacted]";

/**
 * Paths with a credential in a segment (`:token`). log-redaction.db.test.ts walks app/routes.ts and Better Auth's
 * endpoints and fails when a path parameter is neither here nor known to be public. The account links of decision 0076
 * (/reset-password, /confirm-email-change, like /verify-email) carry theirs as `?token=`, which SECRET_PARAM covers.
 */
export const SECRET_PATHS: readonly string[] = [
  "/unsubscribe/:token",
  // The owners' monthly summary's one-click unsubscribe link (decision 0117).
  "/unsubscribe-summary/:token",
  "/introductions/respond/:token",
  // Better Auth's own (under the api/auth/* splat): where its password-reset e-mail points.
  "/api/auth/reset-password/:token",
];

/**
 * Query (and fragment) parameters that carry a credential: tokens of every kind, OAuth's code, state, nonce and PKCE
 * values, keys, secrets, passwords and signatures. Matched on the decoded name, in any case.
 */
const SECRET_PARAM = /token|secret|passw|signature|api_?key|^(key|code|state|nonce|sig|otp|session_state|code_(verifier|challenge))$/i;

/**
 * Fields of a logged object that hold a credential, whatever logged them (Better Auth's state error carries
 * `details.state`): the names above, but not `code` or `key`, which in a log are an error's code and a cache key.
 */
const SECRET_FIELD = /token|secret|passw|signature|api_?key|^(state|nonce|otp|session_state|code_(verifier|challenge))$/i;

/** How deep a URL inside a query value (returnTo=/unsubscribe/...) inside a URL is looked into. */
const MAX_NESTING = 3;

const patterns = SECRET_PATHS.map((pattern) => pattern.split("/").filter(Boolean));

function decoded(component: string): string {
  try {
    return decodeURIComponent(component);
  } catch {
    return component;
  }
}

function looksLikeUrl(value: string): boolean {
  return value.startsWith("/") || /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
}

/** A path with the secret segments of SECRET_PATHS replaced; static segments compare as the router does (any case, decoded). */
function redactPath(path: string): string {
  const segments = path.split("/");
  const filled = segments.flatMap((segment, index) => (segment ? [index] : []));
  for (const pattern of patterns) {
    if (filled.length < pattern.length) continue;
    const matches = pattern.every((part, i) => part.startsWith(":") || decoded(segments[filled[i]!]!).toLowerCase() === part.toLowerCase());
    if (!matches) continue;
    pattern.forEach((part, i) => {
      if (!part.startsWith(":")) return;
      // A client-side navigation asks for "<path>.data": keep the suffix, it says what was fetched.
      segments[filled[i]!] = segments[filled[i]!]!.endsWith(".data") ? `${REDACTED}.data` : REDACTED;
    });
  }
  return segments.join("/");
}

/** name=value pairs with secret names' values replaced, and URLs in other values redacted in turn. */
function redactParams(params: string, depth: number): string {
  return params
    .split("&")
    .map((part) => {
      const at = part.indexOf("=");
      if (at === -1) return part;
      const name = part.slice(0, at);
      if (SECRET_PARAM.test(decoded(name.replaceAll("+", " ")))) return `${name}=${REDACTED}`;
      const value = decoded(part.slice(at + 1).replaceAll("+", " "));
      if (depth >= MAX_NESTING || !looksLikeUrl(value)) return part;
      const redacted = redactUrlAt(value, depth + 1);
      return redacted === value ? part : `${name}=${encodeURIComponent(redacted)}`;
    })
    .join("&");
}

function redactUrlAt(target: string, depth: number): string {
  let origin = "";
  let rest = target;
  const absolute = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)/i.exec(target);
  if (absolute) {
    // A password in the authority (postgres://user:password@host) goes too.
    origin = absolute[1]! + absolute[2]!.replace(/^([^:@]*):[^@]*@/, `$1:${REDACTED}@`);
    rest = target.slice(absolute[0].length);
  }
  const hash = rest.indexOf("#");
  const fragment = hash === -1 ? "" : `#${redactParams(rest.slice(hash + 1), depth)}`;
  const beforeHash = hash === -1 ? rest : rest.slice(0, hash);
  const question = beforeHash.indexOf("?");
  const path = question === -1 ? beforeHash : beforeHash.slice(0, question);
  const query = question === -1 ? "" : `?${redactParams(beforeHash.slice(question + 1), depth)}`;
  return origin + redactPath(path) + query + fragment;
}

/** A request target or a URL (path, query, fragment, authority) without its secrets. */
export function redactUrl(target: string): string {
  return redactUrlAt(target, 0);
}

/** URLs and paths inside free text: an error message, a stack, a message Better Auth wrote. */
const URL_IN_TEXT = /[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+|\/[^\s"'<>`]*/gi;

/** Any text with the secrets of the URLs and paths in it replaced. */
export function redactText(text: string): string {
  if (!text.includes("/")) return text;
  return text.replace(URL_IN_TEXT, (found) => redactUrl(found));
}

/**
 * Properties of a database error that hold values rather than the statement: the query's parameters (drizzle's
 * `params`, postgres.js's `parameters` and `args`), PostgreSQL's `detail` ("Key (email)=(…) already exists",
 * "Failing row contains (…)") and `where` (which can quote a parameter). The SQL text, the code, the constraint and
 * the table stay: they are what an operator needs.
 */
const VALUE_FIELDS = new Set(["params", "parameters", "args", "detail", "where"]);

/** Drizzle's message is "Failed query: <sql>\nparams: <values>": the values go. */
function withoutParams(message: string): string {
  const at = message.indexOf("\nparams: ");
  return at === -1 ? message : `${message.slice(0, at)}\nparams: ${REDACTED}`;
}

interface ErrorLike {
  name?: unknown;
  message: string;
  stack?: unknown;
  cause?: unknown;
  [field: string]: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    value instanceof Error ||
    (typeof value === "object" && value !== null && typeof (value as ErrorLike).message === "string" && "stack" in value)
  );
}

/** The stack with the message's values gone: the frames are kept, the first line is the safe message. */
function safeStack(error: ErrorLike, message: string): string | undefined {
  if (typeof error.stack !== "string") return undefined;
  const stack = error.stack;
  const header = `${String(error.name ?? "Error")}: ${error.message}`;
  if (stack.startsWith(header)) return redactText(`${String(error.name ?? "Error")}: ${message}${stack.slice(header.length)}`);
  if (error.message && stack.includes(error.message)) return redactText(stack.replace(error.message, message));
  // A stack whose first lines are not the message as we know it: only its frames are certain to hold no values.
  return stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}

/** An error as a log line holds it: type, safe message and stack, code and the other facts, its cause likewise. */
function safeError(error: ErrorLike, seen = new WeakSet<object>()): Record<string, unknown> {
  seen.add(error);
  const message = redactText(withoutParams(error.message));
  const result: Record<string, unknown> = {
    type: (error instanceof Error ? error.constructor.name : error.type) ?? error.name ?? "Error",
    message,
  };
  const stack = safeStack(error, message);
  if (stack !== undefined) result.stack = stack;
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_FIELDS.has(key) || key === "message" || key === "stack" || key === "cause" || key === "type") continue;
    result[key] = safeField(key, value, seen, 1);
  }
  if (error.cause !== undefined) result.cause = safeValue(error.cause, seen, 1);
  return result;
}

const MAX_DEPTH = 8;

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Any value about to be logged, with the rules above applied to every string and error in it. */
function safeValue(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === "string") return redactText(value);
  if (typeof value !== "object" || value === null) return value;
  if (value instanceof URL) return redactUrl(value.href);
  if (seen.has(value)) return "[Circular]";
  if (depth > MAX_DEPTH) return "[too deep]";
  if (isErrorLike(value)) return safeError(value, seen);
  if (Array.isArray(value)) {
    seen.add(value);
    return value.map((item) => safeValue(item, seen, depth + 1));
  }
  // Requests, sockets, dates, buffers: left to the serializers and pino, which log none of their secrets.
  if (!isPlainObject(value)) return value;
  seen.add(value);
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) result[key] = safeField(key, item, seen, depth + 1);
  return result;
}

function safeField(key: string, value: unknown, seen: WeakSet<object>, depth: number): unknown {
  return SECRET_FIELD.test(key) && value !== null && value !== undefined && value !== "" ? REDACTED : safeValue(value, seen, depth);
}

/** Any value made safe to log: for serializers of loggers made outside safeLogOptions' reach (pino-http's children). */
export function safeLogValue(value: unknown): unknown {
  return safeValue(value, new WeakSet(), 0);
}

/** A line's message; pino makes it from the error's message when a call gives none, so drizzle's values go here too. */
function safeMessage(message: unknown): unknown {
  return typeof message === "string" ? redactText(withoutParams(message)) : message;
}

/**
 * The options every logger of the app is made with: the fields of each call and its message pass through the rules
 * above, and `err` is the safe error. Serializers a logger adds are run first and their output made safe too.
 */
export function safeLogOptions(options: LoggerOptions = {}): LoggerOptions {
  const serializers: Record<string, (value: never) => unknown> = {};
  for (const [key, serialize] of Object.entries(options.serializers ?? {})) {
    serializers[key] = (value: never) => safeLogValue(serialize(value));
  }
  return {
    ...options,
    formatters: {
      ...options.formatters,
      log: (fields) => safeLogValue(options.formatters?.log ? options.formatters.log(fields) : fields) as Record<string, unknown>,
    },
    serializers: {
      err: safeLogValue,
      ...serializers,
      msg: safeMessage,
    },
  };
}
