/**
 * The Content-Security-Policy header, built once. Helmet's middleware formats the whole policy again on every response
 * when a directive is a function (our per-response script nonce): about 3 % of a directory page's CPU under load
 * (issue 33). Here helmet's defaults and our directives become one string at start, and a response only puts its
 * nonce in.
 */
import helmet from "helmet";

/** Stands for the response's nonce in a directive's values. */
export const NONCE = "{nonce}";

/** Directives over helmet's defaults; null drops a default (as helmet's own option does). */
export type Directives = Record<string, readonly string[] | null>;

/** The header's value for one response's nonce. */
export function contentSecurityPolicy(directives: Directives): (nonce: string) => string {
  const all: Record<string, Iterable<unknown> | null> = { ...helmet.contentSecurityPolicy.getDefaultDirectives(), ...directives };
  const header = Object.entries(all)
    .filter((entry): entry is [string, Iterable<unknown>] => entry[1] !== null)
    .map(([name, values]) => [name, ...[...values].map(String)].join(" "))
    .join(";");
  const at = header.indexOf(NONCE);
  if (at === -1) return () => header;
  if (header.lastIndexOf(NONCE) !== at) throw new Error("the nonce may appear once in the Content-Security-Policy");
  const before = header.slice(0, at);
  const after = header.slice(at + NONCE.length);
  return (nonce) => before + nonce + after;
}
