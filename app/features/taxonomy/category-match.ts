/**
 * Category matching (spec 02 §4 "Category matching confidence"): a name (and perhaps a secondary label) to one
 * taxonomy record, with how sure the match is.
 *   1. A primary name: exact when the given secondary is in its list, otherwise fuzzy with its first secondary.
 *   2. A known secondary label: exact, under the first primary (in the specification's order) that lists it.
 *   3. A case-insensitive substring of (or containing) a primary or secondary name: fuzzy.
 *   4. Nothing: the fallback Software::Technology.
 * Names are compared trimmed, with runs of spaces as one, without case.
 */
import { FALLBACK, industryKey, PRIMARY_CATEGORIES, TAXONOMY, type PrimaryCategory } from "./taxonomy.ts";

export type MatchConfidence = "exact" | "fuzzy" | "fallback";

export interface CategoryMatch {
  primary: string;
  secondary: string;
  key: string;
  confidence: MatchConfidence;
}

/**
 * Substrings shorter than this match nothing: "ai" is inside "retail" and "email", "it" inside half the
 * language. Whole-name matches (steps 1 and 2) have no minimum.
 */
const MIN_SUBSTRING = 3;

export function normaliseCategory(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

function result(primary: string, secondary: string, confidence: MatchConfidence): CategoryMatch {
  return { primary, secondary, key: industryKey(primary, secondary), confidence };
}

const PRIMARY_BY_NAME = new Map(PRIMARY_CATEGORIES.map((p) => [normaliseCategory(p), p]));

/** Each secondary label (normalised) → its spelling and the first primary that lists it. */
const LABELS = new Map<string, { primary: PrimaryCategory; secondary: string }>();
for (const primary of PRIMARY_CATEGORIES) {
  for (const secondary of TAXONOMY[primary]) {
    const key = normaliseCategory(secondary);
    if (!LABELS.has(key)) LABELS.set(key, { primary, secondary });
  }
}

/** A primary's own spelling of a secondary label, when it lists it. */
function secondaryOf(primary: PrimaryCategory, secondary: string): string | undefined {
  const wanted = normaliseCategory(secondary);
  return TAXONOMY[primary].find((s) => normaliseCategory(s) === wanted);
}

/** How much of the text a candidate name accounts for, when one contains the other; 0 when neither does. */
function overlap(text: string, candidate: string): number {
  if (candidate.length >= MIN_SUBSTRING && text.includes(candidate)) return candidate.length;
  if (text.length >= MIN_SUBSTRING && candidate.includes(text)) return text.length;
  return 0;
}

/**
 * Step 3: the candidate that accounts for the most of the text ("Digital Health Platform" is Digital Health, not
 * Healthcare's first label); on a tie primaries win over labels, then the specification's order.
 */
function substringMatch(text: string): CategoryMatch | null {
  let best: { score: number; match: CategoryMatch } | null = null;
  const consider = (score: number, match: () => CategoryMatch) => {
    if (score > 0 && (!best || score > best.score)) best = { score, match: match() };
  };
  for (const primary of PRIMARY_CATEGORIES) {
    consider(overlap(text, normaliseCategory(primary)), () => result(primary, TAXONOMY[primary][0]!, "fuzzy"));
  }
  for (const [label, { primary, secondary }] of LABELS) {
    consider(overlap(text, label), () => result(primary, secondary, "fuzzy"));
  }
  return (best as { match: CategoryMatch } | null)?.match ?? null;
}

export function matchCategory(category: string, secondary?: string | null): CategoryMatch {
  const text = normaliseCategory(category);
  const primary = PRIMARY_BY_NAME.get(text);
  if (primary) {
    const listed = secondary ? secondaryOf(primary, secondary) : undefined;
    return listed ? result(primary, listed, "exact") : result(primary, TAXONOMY[primary][0]!, "fuzzy");
  }
  for (const label of [text, secondary ? normaliseCategory(secondary) : ""]) {
    const known = label ? LABELS.get(label) : undefined;
    if (known) return result(known.primary, known.secondary, "exact");
  }
  return (text && substringMatch(text)) || result(FALLBACK.primary, FALLBACK.secondary, "fallback");
}
