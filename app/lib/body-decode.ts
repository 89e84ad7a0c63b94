/**
 * Strict decoding of request bodies and URLs. The lenient decoders of the platform turn malformed input into
 * something else (U+FFFD for bad UTF-8, "%zz" kept as typed) and pass NUL through, which PostgreSQL then refuses
 * in text: a 500 from a typo. Here malformed input is an answer, never a surprise further down.
 */

export type Decoded<T> = { ok: true; value: T } | { ok: false; message: string };

export const NUL_MESSAGE = "Text may not contain NUL characters (\\u0000).";
export const UTF8_MESSAGE = "The request is not valid UTF-8 text.";
export const SURROGATE_MESSAGE = "Text may not contain a lone surrogate (an unpaired \\ud800-\\udfff escape): it is not valid Unicode.";
export const PERCENT_MESSAGE = "The request has a malformed %-encoding.";

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

export function decodeUtf8(bytes: Uint8Array): Decoded<string> {
  try {
    return { ok: true, value: utf8.decode(bytes) };
  } catch {
    return { ok: false, message: UTF8_MESSAGE };
  }
}

/** One %-encoded component: malformed escapes and bytes that are not UTF-8 are refused, NUL too. */
export function decodeComponent(text: string): Decoded<string> {
  const decoded = decodePercent(text);
  return decoded.ok && decoded.value.includes("\0") ? { ok: false, message: NUL_MESSAGE } : decoded;
}

/** One %-encoded component, NUL allowed: malformed escapes and bytes that are not UTF-8 are refused. */
function decodePercent(text: string): Decoded<string> {
  let value: string;
  try {
    value = decodeURIComponent(text);
  } catch {
    // decodeURIComponent throws the same URIError for "%zz" and for %-escapes that are not UTF-8: tell them apart.
    return /%(?![0-9a-f]{2})/i.test(text) ? { ok: false, message: PERCENT_MESSAGE } : { ok: false, message: UTF8_MESSAGE };
  }
  return { ok: true, value };
}

/**
 * An application/x-www-form-urlencoded body (already UTF-8 text) as its name/value pairs, in order. NUL is refused
 * in names always, and in values unless `nulInValues` (for a form whose every field is checked by the form pipeline,
 * which refuses NUL beside its field and keeps the rest of what was typed: app/lib/form-parse.ts).
 */
export function parseUrlEncoded(text: string, { nulInValues = false } = {}): Decoded<Array<[string, string]>> {
  const pairs: Array<[string, string]> = [];
  for (const part of text.split("&")) {
    if (!part) continue;
    const at = part.indexOf("=");
    const rawName = at === -1 ? part : part.slice(0, at);
    const rawValue = at === -1 ? "" : part.slice(at + 1);
    const name = decodeComponent(rawName.replaceAll("+", " "));
    if (!name.ok) return name;
    const value = (nulInValues ? decodePercent : decodeComponent)(rawValue.replaceAll("+", " "));
    if (!value.ok) return value;
    pairs.push([name.value, value.value]);
  }
  return { ok: true, value: pairs };
}

/**
 * Why a parsed JSON value's text cannot be stored, or null: NUL in any string (keys included), or a lone surrogate
 * (a "\ud800" escape without its pair), which is not Unicode: the drivers would write U+FFFD in its place, so the
 * stored text would silently differ from what was sent. Walks with its own stack: a body of 100,000 nested arrays
 * must not overflow the call stack.
 */
export function textProblem(value: unknown): string | null {
  const stack: unknown[] = [value];
  const problemOf = (text: string) => (text.includes("\0") ? NUL_MESSAGE : text.isWellFormed() ? null : SURROGATE_MESSAGE);
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") {
      const problem = problemOf(item);
      if (problem) return problem;
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (item !== null && typeof item === "object") {
      for (const [key, element] of Object.entries(item)) {
        const problem = problemOf(key);
        if (problem) return problem;
        stack.push(element);
      }
    }
  }
  return null;
}

/** JSON text as a value: syntax errors, NUL and lone surrogates in any string are refused with a message. Empty text is undefined. */
export function parseJsonText(text: string): Decoded<unknown> {
  if (!text.trim()) return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message.slice(0, 120) : "syntax error";
    return { ok: false, message: `The body is not valid JSON (${reason}).` };
  }
  const problem = textProblem(value);
  return problem ? { ok: false, message: problem } : { ok: true, value };
}

/**
 * The problem with a request target (path and query), or null when it is well formed: every %-escape decodes to
 * UTF-8 text without NUL. Checked before routing, so no route sees "\0" in a slug or a search.
 */
export function requestTargetProblem(target: string): string | null {
  if (target.includes("\0")) return NUL_MESSAGE;
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  for (const segment of path.split("/")) {
    const decoded = decodeComponent(segment);
    if (!decoded.ok) return decoded.message;
  }
  if (query !== -1) {
    for (const part of target.slice(query + 1).split("&")) {
      const decoded = decodeComponent(part.replaceAll("+", " "));
      if (!decoded.ok) return decoded.message;
    }
  }
  return null;
}
