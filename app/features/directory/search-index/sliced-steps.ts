/**
 * Long work done in steps that may pause: a generator yields where the work may give the event loop back, and is run
 * either in slices of a few milliseconds (a build beside the requests) or at once (tests, small indexes). Used by the
 * search index build (search-index.ts, search-vocabulary.ts).
 */
import { giveWay, SLICE_MS } from "./give-way.ts";

/** Work that may pause where it yields: the index build, given back to the event loop in slices or run at once. */
export type Steps<T> = Generator<void, T, void>;

/** Units of simple work (array entries, comparisons) between two places a build may pause. */
export const STEP = 1 << 12;

/** Runs `steps`, giving the event loop back whenever they have held it SLICE_MS (by `clock`, in milliseconds). */
export async function runInSlices<T>(steps: Steps<T>, clock: () => number = () => performance.now()): Promise<T> {
  for (;;) {
    const until = clock() + SLICE_MS;
    do {
      const step = steps.next();
      if (step.done) return step.value;
    } while (clock() < until);
    await giveWay();
  }
}

export function runAtOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The indexes of `texts` in the order of their texts (as `<` compares strings, ties by index), by a merge sort
 * that may pause every `step` comparisons: sorting a million names at once held the event loop for over a second.
 * Runs already in order, as names read in the directory's order mostly are, are merged by one comparison.
 */
export function* sortedOrder(texts: readonly string[], { run = 2048, step = STEP } = {}): Steps<Uint32Array> {
  const count = texts.length;
  let from = new Uint32Array(count);
  for (let i = 0; i < count; i++) from[i] = i;
  const byText = (a: number, b: number) => (texts[a]! < texts[b]! ? -1 : texts[a]! > texts[b]! ? 1 : a - b);
  for (let start = 0; start < count; start += run) {
    from.subarray(start, start + run).sort(byText);
    yield;
  }
  let to = new Uint32Array(count);
  let work = 0;
  for (let width = run; width < count; width *= 2) {
    for (let left = 0; left < count; left += 2 * width) {
      const middle = Math.min(count, left + width);
      const right = Math.min(count, left + 2 * width);
      if (middle === right || !(texts[from[middle]!]! < texts[from[middle - 1]!]!)) {
        to.set(from.subarray(left, right), left);
        work++;
      } else {
        let i = left;
        let j = middle;
        let k = left;
        while (i < middle && j < right) {
          to[k++] = texts[from[j]!]! < texts[from[i]!]! ? from[j++]! : from[i++]!;
          if (++work >= step) {
            work = 0;
            yield;
          }
        }
        to.set(from.subarray(i, middle), k);
        to.set(from.subarray(j, right), k + middle - i);
      }
      if (work >= step) {
        work = 0;
        yield;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}
