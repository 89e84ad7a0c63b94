/**
 * Taking a deleted member out of text that stays (decision 0077): an audit entry's details, a copy of an e-mail sent
 * to someone else, a job's saved output. Their address and id are replaced wherever they appear; their names only
 * where the caller knows the text is about them (a row linked to the member), as whole words: a name is not unique,
 * and "Ana" must not take "Analytics" with it. Pure, so every rule is tested without a database.
 */

/** What the text says instead: the audit log keeps "a deleted member" where the name, address or id was. */
export const DELETED_MEMBER = "a deleted member";

export interface Mentions {
  /** The address, in any letter case in the text. */
  email: string;
  id: string;
  /** The names the member went by; searched only when `withNames` is asked for. */
  names: readonly string[];
}

export interface ScrubOptions {
  withNames: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");

/** A string as React escapes it into HTML, so the html part of an e-mail loses the name too. */
const asHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** The spellings of one value a text may hold it in: as typed, escaped into HTML, %-encoded into a link. */
function spellings(value: string): string[] {
  return [...new Set([value, asHtml(value), encodeURIComponent(value)])];
}

/** Names worth searching for: trimmed, at least two characters, longest first (so "Jane Doe" goes before "Jane"). */
function searchableNames(names: readonly string[]): string[] {
  const kept = [...new Set(names.map((name) => name.trim()).filter((name) => name.length >= 2))];
  return kept.sort((a, b) => b.length - a.length);
}

/** One pattern for everything to replace; null when there is nothing to look for. */
function mentionPattern(mentions: Mentions, { withNames }: ScrubOptions): RegExp | null {
  const literal = [mentions.email, mentions.id]
    .filter((value) => value.length >= 3)
    .flatMap(spellings)
    .map(escapeRegExp);
  // A name counts only as a whole word: no letter, digit or underscore right before or after it.
  const words = withNames
    ? searchableNames(mentions.names)
        .flatMap(spellings)
        .map((name) => `(?<![\\p{L}\\p{N}_])${escapeRegExp(name).replace(/\s+/g, "\\s+")}(?![\\p{L}\\p{N}_])`)
    : [];
  const parts = [...literal, ...words];
  return parts.length ? new RegExp(parts.join("|"), "giu") : null;
}

export function scrubText(text: string, mentions: Mentions, options: ScrubOptions): string {
  const pattern = mentionPattern(mentions, options);
  return pattern ? text.replace(pattern, DELETED_MEMBER) : text;
}

/**
 * A JSON value with the member taken out of every string and key. A string that is nothing but their address becomes
 * null rather than the placeholder: a before-image restored by an undo must not put "a deleted member" in an e-mail
 * field.
 */
export function scrubJson(value: unknown, mentions: Mentions, options: ScrubOptions): unknown {
  if (typeof value === "string") {
    if (value.trim().toLowerCase() === mentions.email.toLowerCase()) return null;
    return scrubText(value, mentions, options);
  }
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, mentions, options));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        scrubText(key, mentions, options),
        scrubJson(item, mentions, options),
      ]),
    );
  }
  return value;
}

/** Whether a value mentions the member at all (cheap test before writing a row back). */
export function mentionsMember(value: unknown, mentions: Mentions, options: ScrubOptions): boolean {
  const pattern = mentionPattern(mentions, options);
  if (!pattern) return false;
  const text = typeof value === "string" ? value : JSON.stringify(value ?? null);
  return pattern.test(text);
}
