/**
 * Counted nouns and possessives for every sentence the product prints ("1 view", "3 funding rounds",
 * "Robotics' application"). One place, so a count never reads "1 views" and a name never reads "Robotics's".
 */

const GROUPED = new Intl.NumberFormat("en-US");

/** Plural forms the rules below get wrong; everything else follows them. */
const IRREGULAR: Record<string, string> = {
  person: "people",
  child: "children",
  analysis: "analyses",
  criterion: "criteria",
};

/**
 * The plural of a noun phrase: its last word changes ("funding round" → "funding rounds", "AI request" →
 * "AI requests"). Consonant + y → ies ("entry" → "entries"); s, x, z, ch, sh → es ("match" → "matches").
 */
export function pluralOf(singular: string): string {
  const match = /^(.*?)([A-Za-z]+)$/.exec(singular);
  if (!match) return singular;
  const [, head, word] = match as unknown as [string, string, string];
  const lower = word.toLowerCase();
  let plural: string;
  if (IRREGULAR[lower]) plural = IRREGULAR[lower];
  else if (/[^aeiou]y$/i.test(word)) plural = `${word.slice(0, -1)}ies`;
  else if (/(s|x|z|ch|sh)$/i.test(word)) plural = `${word}es`;
  else plural = `${word}s`;
  // An acronym takes a lower-case s: "FAQ" → "FAQs", "API" → "APIs".
  if (word.length > 1 && word === word.toUpperCase()) plural = `${word}s`;
  return head + plural;
}

/** The noun alone, singular for exactly 1 and plural otherwise (0 views, 1 view, 2 views, 1.5 views). */
export function nounFor(count: number, singular: string, plural?: string): string {
  return count === 1 ? singular : (plural ?? pluralOf(singular));
}

/** "1 view", "2 views", "1,250 views": the count with thousands grouped, and the noun that agrees with it. */
export function plural(count: number, singular: string, plural?: string): string {
  return `${GROUPED.format(count)} ${nounFor(count, singular, plural)}`;
}

/**
 * A name's possessive: "Nimbus AI's", "Robotics'" (a name ending in s takes the apostrophe alone, as in
 * "Robotics' application"). Trailing spaces are dropped; an empty name stays empty.
 */
export function possessive(name: string): string {
  const trimmed = name.trimEnd();
  if (!trimmed) return "";
  // A name that already ends in 's ("McDonald's") is its own possessive: "McDonald's's" is never right.
  if (/[A-Za-z]['’]s$/i.test(trimmed)) return trimmed;
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}

/**
 * An e-mail address cut where a line may break without splitting a word: after each dot and before the @
 * ("sam." "subscriber" "@demo." "introbase." "test"). Joined with <wbr>, a narrow menu wraps it at those points only.
 */
export function addressParts(address: string): string[] {
  return address.split(/(?<=\.)(?=.)|(?=@)/).filter(Boolean);
}
