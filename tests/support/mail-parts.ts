/**
 * Test code only: an e-mail's two parts as a reader sees them. The links a mail client makes of the text part (every
 * http(s) address in it), the links of the HTML part (its hrefs, entities decoded), and the HTML part's words with
 * the markup taken out, so a test can say "both parts lead to the same places" and "the HTML shows this name as text".
 */
import type { ParsedMail } from "mailparser";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#")
      return String.fromCodePoint(name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The distinct http(s) addresses of a text part, in order (a trailing ">" or ")" of the prose is not part of one). */
export function textLinks(text: string): string[] {
  return [...new Set([...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0].replace(/[).,]+$/, "")))];
}

/** The distinct hrefs of an HTML part's links, in order, as the browser reads them. */
export function htmlLinks(html: string): string[] {
  return [...new Set([...html.matchAll(/<a\s[^>]*?href="([^"]*)"/gi)].map((m) => decodeEntities(m[1]!)))];
}

/** The words of the HTML part's body: tags out (a link's text stays in its sentence), entities decoded, white space collapsed. */
export function htmlWords(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return decodeEntities(body.replace(/<\/?a\b[^>]*>/gi, "").replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** The text and HTML parts of a received message; fails the caller's expectation with a readable message when one is missing. */
export function partsOf(mail: ParsedMail): { text: string; html: string } {
  if (!mail.text) throw new Error(`"${mail.subject}" has no text/plain part`);
  if (typeof mail.html !== "string") throw new Error(`"${mail.subject}" has no text/html part`);
  return { text: mail.text, html: mail.html };
}
