/**
 * Typo distance between two words: insertions, deletions, substitutions and swaps of two neighbouring letters
 * ("kario" → "kairo" is one), each costing 1 (optimal string alignment). Bounded: it answers `max + 1` as soon
 * as the distance must exceed `max`, so scanning a vocabulary for near words stays cheap.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0); // row i - 2
  let previous = Array.from({ length: width }, (_, j) => j); // row i - 1
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        d = Math.min(d, before[j - 2]! + 1);
      }
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, max + 1);
}

/** How many typos a query word may carry: none under 4 letters ("pay" is not "bay"), one up to 7, two from 8. */
export function allowedTypos(word: string): number {
  if (word.length < 4) return 0;
  return word.length < 8 ? 1 : 2;
}
