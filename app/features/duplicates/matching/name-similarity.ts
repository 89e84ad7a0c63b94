/**
 * How alike two company names are (issue 5 §2): words compared one by one (the same, cut short, or a typo apart),
 * weighted by how rare each is in the directory, and an acronym of the other name. Pure; match-score.ts adds the
 * other signals.
 */
import type { NameKey } from "./name-key.ts";

const ACRONYM_SIMILARITY = 0.9;
/**
 * Names a typo apart once written as one word ("Bramble Cllud" / "Bramble Cloud", "Lattice Materals" /
 * "LatticeM aterials"): one letter added, dropped, replaced or two swapped in 8 letters or more, two in 14 or more.
 * Short words a letter apart ("cloud" / "cllud") fall under the word rule's 0.93; the whole name carries it.
 */
const TYPO_APART_SIMILARITY = 0.92;

/** The share of Dice in the name similarity; the rest is containment. */
const DICE_SHARE = 0.2;

/** Jaro-Winkler similarity of two words (1 identical, 0 nothing in common). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (!la || !lb) return 0;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const matchedA = new Array<boolean>(la).fill(false);
  const matchedB = new Array<boolean>(lb).fill(false);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    for (let j = Math.max(0, i - window); j < Math.min(lb, i + window + 1); j++) {
      if (matchedB[j] || a[i] !== b[j]) continue;
      matchedA[i] = matchedB[j] = true;
      matches++;
      break;
    }
  }
  if (!matches) return 0;
  let transpositions = 0;
  for (let i = 0, j = 0; i < la; i++) {
    if (!matchedA[i]) continue;
    while (!matchedB[j]) j++;
    if (a[i] !== b[j]) transpositions++;
    j++;
  }
  const jaro = (matches / la + matches / lb + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < Math.min(4, la, lb) && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/**
 * Two words are the same word when equal; one is the other cut short ("McKinley" / "McKinl", 4 letters or more);
 * or, at 5 letters or more, a typo apart (Jaro-Winkler 0.93).
 */
function sameWord(a: string, b: string): number {
  if (a === b) return 1;
  if (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a))) return 0.9;
  if (a.length < 5 || b.length < 5) return 0;
  const similarity = jaroWinkler(a, b);
  return similarity >= 0.93 ? similarity : 0;
}

/**
 * Name similarity from 0 to 1: the rarity-weighted share of words the two names have in common, as the mean of
 * Dice (both names) and containment (the shorter name found in the longer: "Chicago Commons Guadalupano" in
 * "Chicago Commons Association Guadalupano Family Center"). `weight` is a word's rarity (inverse document frequency).
 */
export function nameSimilarity(a: NameKey, b: NameKey, weight: (word: string) => number): number {
  // Words as sets: "Chinese American Service League - Chinese American Service League" is the name once.
  const wordsA = [...new Set(a.tokens)];
  const wordsB = [...new Set(b.tokens)];
  if (!wordsA.length || !wordsB.length) return 0;
  if (wordsA.join(" ") === wordsB.join(" ")) return 1;
  // Names written as one word or two ("Data Robot" / "DataRobot") are the same name.
  if (wordsA.join("") === wordsB.join("")) return 0.99;
  // An acronym of the other name ("IBM" / "International Business Machines"): worth a person's look, no more.
  if (isAcronymOf(wordsA, wordsB) || isAcronymOf(wordsB, wordsA)) return ACRONYM_SIMILARITY;
  // Not for initials: "Washington, H." and "Washington G." are a letter apart and two people.
  const initials = [...wordsA, ...wordsB].some((word) => word.length === 1);
  const typoApart = !initials && typosApart(wordsA.join(""), wordsB.join("")) ? TYPO_APART_SIMILARITY : 0;
  const used = new Set<number>();
  let shared = 0;
  for (const word of wordsA) {
    let best = 0;
    let bestIndex = -1;
    wordsB.forEach((other, index) => {
      if (used.has(index)) return;
      const s = sameWord(word, other);
      if (s > best) [best, bestIndex] = [s, index];
    });
    if (bestIndex >= 0) {
      used.add(bestIndex);
      shared += best * Math.min(weight(word), weight(wordsB[bestIndex]!));
    }
  }
  const total = (words: string[]) => words.reduce((sum, word) => sum + weight(word), 0);
  const wa = total(wordsA);
  const wb = total(wordsB);
  const dice = (2 * shared) / (wa + wb);
  const containment = shared / Math.min(wa, wb);
  // Containment counts most (a short form of a name is the usual duplicate); Dice keeps a partial name below
  // the auto-merge band.
  return Math.max(typoApart, Math.min(0.99, DICE_SHARE * dice + (1 - DICE_SHARE) * containment));
}

function isAcronymOf(short: string[], long: string[]): boolean {
  const letters = short.join("");
  return long.length >= 2 && letters.length === long.length && /^\p{L}+$/u.test(letters) && long.map((w) => w[0]).join("") === letters;
}

/**
 * The two names say the same words (issue 32): every word of each has its like in the other (the same, cut short, a
 * typo apart), or they are one name written as one word or two. "Hooli Pay" / "Hooli Cloud" and "Drift Learning" /
 * "Drift Learning Consulting" do not: a word on one side is a brand or a business of its own.
 */
export function sameWords(a: NameKey, b: NameKey): boolean {
  if (!a.tokens.length || !b.tokens.length) return false;
  if (a.tokens.join("") === b.tokens.join("")) return true;
  // A word cut short counts only by a few letters ("Agritec", "SecurityInc"): "MosaicAnalytics" is not "Mosaic".
  const like = (x: string, y: string) =>
    sameWord(x, y) > 0 && (x.startsWith(y) || y.startsWith(x) ? Math.abs(x.length - y.length) <= 3 : true);
  const covered = (xs: string[], ys: string[]) => xs.every((x) => ys.some((y) => like(x, y)));
  return covered(a.tokens, b.tokens) && covered(b.tokens, a.tokens);
}

/** Whether two names written as one word are a typo or two apart (optimal string alignment distance). */
function typosApart(a: string, b: string): boolean {
  const shorter = Math.min(a.length, b.length);
  const allowed = shorter >= 14 ? 2 : shorter >= 8 ? 1 : 0;
  if (!allowed || Math.abs(a.length - b.length) > allowed || bagDistance(a, b) > allowed) return false;
  // Three rows, reused: the scan asks this of every candidate pair (200,000 in the 100,000-listing bench).
  let before = new Int32Array(b.length + 1);
  let previous = new Int32Array(b.length + 1).map((_, j) => j);
  let current = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      best = Math.min(best, d);
    }
    if (best > allowed) return false;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]! <= allowed;
}

/** Letters one name has more of than the other, the larger side: never more than the edit distance, and cheap. */
function bagDistance(a: string, b: string): number {
  const counts = new Map<string, number>();
  for (const c of a) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const c of b) counts.set(c, (counts.get(c) ?? 0) - 1);
  let more = 0;
  let fewer = 0;
  for (const n of counts.values())
    if (n > 0) more += n;
    else fewer -= n;
  return Math.max(more, fewer);
}
