/**
 * An investor's stage focus is free text, written by the seed ("Seed to Series B"), the listing editor and imports
 * ("Seed, Series A"). Matching needs it as positions in the ordered list of funding stages (the reference list,
 * in its sort order), so "Pre-Seed to Series A" backs a Seed startup and "Series B, Growth" does not.
 */

/** "Pre-Seed", "pre seed" and "preseed" are one stage; "+" stays ("Series D+"). */
function stageKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9+]/g, "");
}

/** The position of one written stage: its exact key, else the one stage the key begins ("Series D" is "Series D+"). */
function stageIndexOf(text: string, keys: readonly string[]): number | null {
  const key = stageKey(text);
  if (!key) return null;
  const exact = keys.indexOf(key);
  if (exact >= 0) return exact;
  const prefixed = keys.flatMap((candidate, i) => (candidate.startsWith(key) ? [i] : []));
  return prefixed.length === 1 ? prefixed[0]! : null;
}

/** A range between two stages: "X to Y", "X through Y", "X - Y" (a dash with spaces, so "Pre-Seed" stays whole). */
const RANGE = /\s+(?:to|through|thru|until|-|–|—)\s+/i;
/** Separators of a list of stages or ranges. */
const LIST = /[,;/&\n]|\band\b|\bor\b/i;

/**
 * The stage positions a focus text names, ascending and distinct; words that name no stage are ignored, so an
 * unreadable focus is an empty list (the caller treats it as unknown, not as "no stage").
 */
export function parseStageFocus(text: string | null | undefined, stages: readonly string[]): number[] {
  if (!text) return [];
  const keys = stages.map(stageKey);
  const found = new Set<number>();
  for (const part of text.split(LIST)) {
    const ends = part.split(RANGE).map((end) => stageIndexOf(end, keys));
    const [first, last] = ends;
    if (ends.length === 2 && first != null && last != null) {
      for (let i = Math.min(first, last); i <= Math.max(first, last); i++) found.add(i);
    } else {
      for (const end of ends) if (end !== null) found.add(end);
    }
  }
  return [...found].sort((a, b) => a - b);
}
