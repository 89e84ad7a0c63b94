/**
 * /admin/members' search and page, from the URL (decision 0081). A site may have 100,000 members, so the list is paged
 * by a cursor (the last row's created_at and id), never by an offset the database would have to count its way to, and a
 * search is a pattern the trigram indexes on lower(name) and lower(email) serve: part of a name or an address, any
 * case, its `%`, `_` and `\` meaning themselves.
 */

export const MEMBER_PAGE_SIZE = 50;
const MAX_MEMBER_SEARCH = 200;
/**
 * "Contains" needs a trigram to look up: a run of three letters or digits (pg_trgm ignores punctuation). Without one,
 * "%ab%" would read the whole index, so a name word or an address must start with the search instead.
 */
const TRIGRAM = /[\p{L}\p{N}]{3}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export interface MemberCursor {
  /** created_at as PostgreSQL writes it (microseconds kept: a JavaScript date would lose them and skip rows). */
  createdAt: string;
  id: string;
}

export interface MemberQuery {
  /** Part of a name or an address, as typed (trimmed); "" lists everyone. */
  q: string;
  /** The page after (older than) this row, or before (newer than) it; neither: the newest page. */
  after: MemberCursor | null;
  before: MemberCursor | null;
  /** What is wrong with the search, shown beside the field; nothing is searched then. */
  error: string | null;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

export function encodeCursor(cursor: MemberCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id]), "utf8").toString("base64url");
}

/** A cursor from the URL; null for anything this page did not write (a stale or edited link starts at the newest page). */
export function decodeCursor(text: string | null): MemberCursor | null {
  if (!text || text.length > 600 || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value as unknown[];
    if (typeof createdAt !== "string" || !TIMESTAMP.test(createdAt)) return null;
    if (typeof id !== "string" || id.length === 0 || id.length > 200 || id.includes("\0")) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

export function parseMemberQuery(params: URLSearchParams): MemberQuery {
  const raw = (params.get("q") ?? "").trim();
  let error: string | null = null;
  if (raw.includes("\0")) error = "The search contains a character that is not allowed (NUL). Please remove it.";
  else if (raw.length > MAX_MEMBER_SEARCH) error = `Search with at most ${MAX_MEMBER_SEARCH} characters.`;
  else if (raw && !LETTER_OR_DIGIT.test(raw)) error = "Include a letter or a digit: punctuation alone would match almost everyone.";
  const q = raw.replaceAll("\0", "").slice(0, MAX_MEMBER_SEARCH);
  const after = decodeCursor(params.get("after"));
  const before = after ? null : decodeCursor(params.get("before"));
  return { q, after, before, error };
}

/** The text with LIKE's wildcards and escape taken literally (the default escape character is the backslash). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

/**
 * The LIKE patterns of a search, on lower-cased text: "contains" when it holds three letters or digits in a row, else
 * "starts a name word or the address" (patterns a trigram index can still serve, where "%ab%" has no trigram and would
 * read it all).
 */
export function searchPatterns(q: string): { mode: "contains"; contains: string } | { mode: "prefix"; prefix: string; word: string } {
  const literal = likeLiteral(q.toLowerCase());
  if (TRIGRAM.test(q)) return { mode: "contains", contains: `%${literal}%` };
  return { mode: "prefix", prefix: `${literal}%`, word: `% ${literal}%` };
}

/** The list's address for the search and a page: "?q=ann&after=…", defaults left out. */
export function membersHref(q: string, page: { after?: MemberCursor; before?: MemberCursor } = {}): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page.after) params.set("after", encodeCursor(page.after));
  else if (page.before) params.set("before", encodeCursor(page.before));
  const search = params.toString();
  return `/admin/members${search ? `?${search}` : ""}`;
}
