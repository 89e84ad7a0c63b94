/**
 * Stripe's request encoding: application/x-www-form-urlencoded bodies (and query strings for GET) with bracket
 * notation, `line_items[0][price]=price_1`, `expand[]=subscription`, `metadata[user_id]=u1`. The official client
 * sends indexed arrays (`expand[0]=…`); curl users send `expand[]=…`; both are accepted, as the real API does.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** `a[b][0]` → ["a", "b", "0"]; `a[]` → ["a", ""]. Undefined for a key whose brackets do not close. */
function keyPath(key: string): string[] | undefined {
  const open = key.indexOf("[");
  if (open === -1) return [key];
  const path = [key.slice(0, open)];
  let rest = key.slice(open);
  while (rest.length > 0) {
    const match = /^\[([^\]]*)\]/.exec(rest);
    if (!match) return undefined;
    path.push(match[1]!);
    rest = rest.slice(match[0].length);
  }
  return path;
}

/** An object whose keys are all array indices (as the client sends arrays) becomes an array, in index order. */
function arrays(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return Array.isArray(value) ? value.map(arrays) : value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, arrays(value[k]!)]));
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)))
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k]!) as FormValue[];
  return converted;
}

/** The nested parameters of a form body or query string. A key the notation cannot place is refused by name. */
export function parseForm(params: URLSearchParams): { ok: true; value: FormObject } | { ok: false; key: string } {
  const root: FormObject = {};
  for (const [key, raw] of params) {
    const path = keyPath(key);
    if (!path || path[0] === "") return { ok: false, key };
    let node: FormObject = root;
    for (let i = 0; i < path.length; i += 1) {
      const last = i === path.length - 1;
      const part = path[i] === "" ? String(Object.keys(node).length) : path[i]!;
      if (last) {
        node[part] = raw;
        break;
      }
      const next = node[part];
      if (next === undefined || typeof next === "string") node[part] = {};
      else if (Array.isArray(next)) return { ok: false, key };
      node = node[part] as FormObject;
    }
  }
  return { ok: true, value: arrays(root) as FormObject };
}

/** A canonical text of parameters, to compare an idempotent request with the first one of its key. */
export function canonical(value: FormValue | undefined): string {
  if (value === undefined) return "";
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
    .join(",")}}`;
}
