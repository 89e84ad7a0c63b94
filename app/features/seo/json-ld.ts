/** A JSON-LD node: plain JSON, no functions or undefined values once serialized. */
export type JsonLdValue = string | number | boolean | null | JsonLdNode | JsonLdValue[];
export interface JsonLdNode {
  [key: string]: JsonLdValue | undefined;
}

const UNSAFE: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON for a `<script type="application/ld+json">` block. A listing's name or tagline may hold "</script>": `<`
 * and its friends become \u escapes, which JSON parsers read back as the same characters.
 */
export function serializeJsonLd(value: JsonLdNode | JsonLdNode[]): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => UNSAFE[c] ?? c);
}
