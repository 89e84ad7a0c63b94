/** Small wording helpers the demo text builders share. */

export function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "a" or "an" before a noun phrase, by its first sound as far as spelling tells ("an AI", "a user", "an hour"). */
export function withArticle(phrase: string): string {
  const first = phrase.split(/[\s-]/)[0]!;
  const vowelSound = /^[aeiou]/i.test(first) && !/^(uni|use|usu|eu|one)/i.test(first);
  const initialism = /^[A-Z]{2,}/.test(first) && /^[AEFHILMNORSX]/.test(first);
  return `${vowelSound || initialism || /^hour|^honest/i.test(first) ? "an" : "a"} ${phrase}`;
}

/** "x", "x and y", "x, y and z". */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** 1234567 as "1,234,567" (by hand: toLocaleString costs more than the rest of a listing's text). */
export function count(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** An amount of US dollars as people write it: "$750K", "$4.5M", "$1.2B". */
export function dollars(amount: number): string {
  if (amount >= 1e9) return `$${trim(amount / 1e9)}B`;
  if (amount >= 1e6) return `$${trim(amount / 1e6)}M`;
  if (amount >= 1e3) return `$${Math.round(amount / 1e3)}K`;
  return `$${amount}`;
}

function trim(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

/** Fills `{key}` placeholders. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

const WITH_THE = new Set(["Netherlands", "United States", "United Kingdom", "Czech Republic", "Philippines", "United Arab Emirates"]);

/** A country as a sentence names it: "the Netherlands", "Germany". */
export function placeName(country: string): string {
  return WITH_THE.has(country) ? `the ${country}` : country;
}
