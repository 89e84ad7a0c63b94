/**
 * A JavaScript regular expression as a JSON Schema `pattern`, which carries no flags (ECMA-262 syntax, matched as
 * written). A case-insensitive expression becomes one that spells every letter both ways: /^(all|startups?)$/i is
 * ^([aA][lL][lL]|[sS][tT][aA][rR][tT][uU][pP][sS]?)$. Without this the document refused "STARTUP", which the server
 * took (issue 29 finding 9). Any flag that changes what matches and cannot be written out is refused, so a schema
 * the document cannot describe exactly fails when the document is made, not in a client. Without "u" a pattern counts
 * UTF-16 units where validators count code points: only patterns whose quantifiers meet no astral character, or that
 * carry "u", say the same in both.
 */

const ASCII_LETTER = /^[A-Za-z]$/;
/** Escapes whose following characters are part of them: \xHH, \uHHHH or \u{…}, \p{…}, \cX, \k<name>. */
const ESCAPE_TAIL = /^(x[0-9A-Fa-f]{2}|u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|[pP]\{[^}]*\}|c[A-Za-z]|k<[^>]*>|.)/su;

function bothCases(letter: string): string {
  return `${letter.toLowerCase()}${letter.toUpperCase()}`;
}

function caseless(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length;) {
    const ch = source[i]!;
    if (ch === "\\") {
      const tail = ESCAPE_TAIL.exec(source.slice(i + 1))?.[0] ?? "";
      i += 1 + tail.length;
      // A back-reference matches its group's text in any case: no pattern without the flag says that.
      if (/^(k<|[1-9])/.test(tail)) throw new Error(`Cannot write the back-reference in /${source}/i as a JSON Schema pattern.`);
      // A letter written as a code (\x41, \u0061, \u{61}) is a letter too.
      const code = /^(?:x|u\{?)([0-9A-Fa-f]+)\}?$/.exec(tail);
      const letter = code ? String.fromCodePoint(parseInt(code[1]!, 16)) : "";
      if (ASCII_LETTER.test(letter)) out += inClass ? bothCases(letter) : `[${bothCases(letter)}]`;
      else out += `\\${tail}`;
      continue;
    }
    if (!inClass && source.startsWith("(?<", i) && !/^\(\?<[=!]/.test(source.slice(i))) {
      // A named group: its name is not text to match.
      const end = source.indexOf(">", i);
      out += source.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (ch === "[" && !inClass) inClass = true;
    else if (ch === "]" && inClass) inClass = false;
    if (ASCII_LETTER.test(ch)) {
      if (inClass && (source[i - 1] === "-" || source[i + 1] === "-"))
        throw new Error(`Cannot write the case-insensitive range in /${source}/i as a JSON Schema pattern: list the letters.`);
      out += inClass ? bothCases(ch) : `[${bothCases(ch)}]`;
    } else if (/\p{L}/u.test(ch) && ch.toLowerCase() !== ch.toUpperCase()) {
      throw new Error(`Cannot write /${source}/i as a JSON Schema pattern: "${ch}" changes case outside ASCII.`);
    } else out += ch;
    i += 1;
  }
  return out;
}

/** The expression as a flagless JSON Schema pattern that matches exactly the same strings. */
export function jsonSchemaPattern(regex: RegExp): string {
  const flags = regex.flags.replace("d", "");
  // "u" is how JSON Schema validators match patterns anyway (code points, not UTF-16 units).
  if (flags === "" || flags === "u") return regex.source;
  if (flags === "i") return caseless(regex.source);
  throw new Error(`/${regex.source}/${regex.flags}: a JSON Schema pattern has no flags, and "${flags}" cannot be written out.`);
}
