/**
 * The forms of a server-rendered page, read as a browser would submit them: what an operator changes over HTTP is
 * then exactly what the page offered (hidden version stamps, ids and current values included), not a body the test
 * made up. Enough HTML for React's server output: double-quoted attributes, no nested forms.
 */
export interface PageForm {
  action: string;
  method: string;
  /** The form's own attributes (aria-label says which row or tier a form edits). */
  attributes: Record<string, string>;
  /** The successful controls, in document order, as name/value pairs (submit buttons excluded). */
  fields: Array<[string, string]>;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) => {
    if (code[0] === "#")
      return String.fromCodePoint(code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : Number(code.slice(1)));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const inner = tag.replace(/^<\w+/, "").replace(/\/?>$/, "");
  for (const match of inner.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) attributes[match[1]!] = unescapeHtml(match[2] ?? "");
  return attributes;
}

function formsOf(html: string): PageForm[] {
  return [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)].map((match) => {
    const attributes = attributesOf(/^<form\b[^>]*>/.exec(match[0])![0]);
    const body = match[1]!;
    const fields: Array<[string, string]> = [];
    const controls = /<input\b[^>]*>|<textarea\b[^>]*>([\s\S]*?)<\/textarea>|<select\b[^>]*>([\s\S]*?)<\/select>/g;
    for (const control of body.matchAll(controls)) {
      const tag = /^<\w+\b[^>]*>/.exec(control[0])![0];
      const a = attributesOf(tag);
      if (!a.name || "disabled" in a) continue;
      if (tag.startsWith("<input")) {
        const type = (a.type ?? "text").toLowerCase();
        if (["submit", "button", "image", "reset", "file"].includes(type)) continue;
        if ((type === "checkbox" || type === "radio") && !("checked" in a)) continue;
        fields.push([a.name, a.value ?? (type === "checkbox" || type === "radio" ? "on" : "")]);
      } else if (tag.startsWith("<textarea")) {
        // A textarea's first newline belongs to the markup, not to the value.
        fields.push([a.name, unescapeHtml(control[1]!).replace(/^\n/, "")]);
      } else {
        const options = [...control[2]!.matchAll(/<option\b[^>]*>([\s\S]*?)<\/option>/g)].map((o) => {
          const oa = attributesOf(/^<option\b[^>]*>/.exec(o[0])![0]);
          return { value: oa.value ?? unescapeHtml(o[1]!.replace(/<[^>]+>/g, "")), selected: "selected" in oa };
        });
        const chosen = options.filter((o) => o.selected);
        if ("multiple" in a) for (const o of chosen) fields.push([a.name, o.value]);
        else if (options.length) fields.push([a.name, (chosen[0] ?? options[0]!).value]);
      }
    }
    return { action: attributes.action ?? "", method: (attributes.method ?? "get").toLowerCase(), attributes, fields };
  });
}

/** The one form of the page that `test` picks; fails with what the page had when there is not exactly one. */
export function pickForm(html: string, test: (form: PageForm) => boolean, what: string): PageForm {
  const forms = formsOf(html);
  const found = forms.filter(test);
  if (found.length !== 1)
    throw new Error(
      `expected one ${what} on the page, found ${found.length} (forms: ${forms.map((f) => f.attributes["aria-label"] ?? f.action).join(", ")})`,
    );
  return found[0]!;
}

/** The form's values with some replaced (or added): what the operator typed over what the page showed. */
export function filledIn(form: PageForm, changes: Record<string, string>): URLSearchParams {
  const params = new URLSearchParams();
  const pending = new Map(Object.entries(changes));
  for (const [name, value] of form.fields) {
    if (pending.has(name)) {
      params.append(name, pending.get(name)!);
      pending.delete(name);
    } else if (!(name in changes)) params.append(name, value);
  }
  for (const [name, value] of pending) params.append(name, value);
  return params;
}
