/**
 * Asking a server again and again until it answers as expected or a deadline passes. The deadline is the requirement
 * under test (issue 16: "a write through any process is seen by every other process within 1 s"), measured on the
 * test's side from the moment the writing server answered; a check that started before the deadline counts.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Sighting<T> {
  seen: boolean;
  /** The last answer looked at (the stale one, when not seen). */
  last: T;
  /** Milliseconds from `since` to the answer that matched, or to giving up. */
  afterMs: number;
}

export async function seenWithin<T>(
  limitMs: number,
  since: number,
  ask: () => Promise<T>,
  matches: (answer: T) => boolean,
  pauseMs = 50,
): Promise<Sighting<T>> {
  let last: T | undefined;
  for (let first = true; ; first = false) {
    const started = Date.now();
    if (!first && started - since > limitMs) return { seen: false, last: last as T, afterMs: started - since };
    last = await ask();
    if (matches(last)) return { seen: true, last, afterMs: Date.now() - since };
    await sleep(pauseMs);
  }
}
