/**
 * PostgreSQL's text forms of full-text values, as the description index reads them (description-index.ts, decision
 * 0096): a stripped tsvector (`'lexeme' 'other' …`) and the tsquery that `to_tsquery('english', 'word:*')` makes of
 * one query word. Lexemes are quoted, a quote inside doubled and a backslash escaped by a backslash.
 */

/** The lexemes of a tsvector's text form, in its order; positions and weights (a stripped vector has none) are skipped. */
export function lexemesOf(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text.charCodeAt(i) !== 39 /* ' */) {
      i++;
      continue;
    }
    const read = quoted(text, i);
    out.push(read.value);
    i = read.end;
    // Skip ":1,3A" and the like up to the next lexeme.
    while (i < text.length && text.charCodeAt(i) !== 32) i++;
  }
  return out;
}

/** The quoted lexeme starting at `from` (its opening quote), and where it ends (after its closing quote). */
function quoted(text: string, from: number): { value: string; end: number } {
  let value = "";
  let i = from + 1;
  let run = i;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) {
      value += text.slice(run, i) + text.charAt(i + 1);
      run = ++i + 1;
    } else if (c === 39) {
      if (text.charCodeAt(i + 1) === 39) {
        value += text.slice(run, i + 1);
        run = ++i + 1;
      } else break;
    }
  }
  return { value: value + text.slice(run, i), end: i + 1 };
}

/**
 * What a description must have for one query word, as PostgreSQL's English configuration reads `word:*`:
 * - none: a stop word or no lexeme at all ("the", "for"): no description matches (to_tsquery says it ignores it);
 * - lexeme: one lexeme, matched as a prefix of a description's lexemes (or whole, without `prefix`);
 * - database: anything else (a word the parser splits into a phrase, "ok_ok" → 'ok':* <-> 'ok':*), asked of the
 *   database as before: rare, and never guessed at.
 */
export type DescriptionQuery = { kind: "none" } | { kind: "lexeme"; lexeme: string; prefix: boolean } | { kind: "database"; text: string };

/** The description query of the text form of `to_tsquery('english', word || ':*')`. */
export function descriptionQueryOf(text: string): DescriptionQuery {
  const trimmed = text.trim();
  if (!trimmed) return { kind: "none" };
  if (trimmed.charCodeAt(0) === 39) {
    const read = quoted(trimmed, 0);
    const rest = trimmed.slice(read.end);
    if (rest === "" || rest === ":*") return { kind: "lexeme", lexeme: read.value, prefix: rest === ":*" };
  }
  return { kind: "database", text: trimmed };
}
