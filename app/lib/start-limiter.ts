/**
 * At most `perWindow` requests start in any `windowMs` (the hosted table API allows 5 a second per base). Callers
 * are served in the order they asked; each gets the start time the limiter decided for it. The clock and the wait
 * are passed in, so what it decides does not depend on how fast the machine is.
 */
export interface StartLimiterOptions {
  perWindow: number;
  windowMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export interface StartLimiter {
  /** Resolves when the caller may start, with the start time it was given. */
  take(): Promise<number>;
}

export function createStartLimiter({ perWindow, windowMs, now, sleep }: StartLimiterOptions): StartLimiter {
  // Start times of the latest requests, oldest first; `turn` queues callers so slots are handed out in order.
  const starts: number[] = [];
  let turn: Promise<unknown> = Promise.resolve();
  return {
    take() {
      const mine = turn.then(async () => {
        let at = now();
        if (starts.length >= perWindow) {
          at = Math.max(at, starts[0]! + windowMs);
          if (at > now()) await sleep(at - now());
          starts.shift();
        }
        // A wait that ended late (a busy machine) starts the request later than decided: count the later time, so
        // the next window is measured from when the request really left.
        const started = Math.max(at, now());
        starts.push(started);
        return started;
      });
      turn = mine.catch(() => undefined);
      return mine;
    },
  };
}
