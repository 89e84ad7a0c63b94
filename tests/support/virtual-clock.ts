/**
 * A clock that moves only when the code under test waits on it: pass `now` and `sleep` to a rate limiter or a
 * back-off, and time advances by exactly the waits the code decided on, however slow the machine is. `slept`
 * lists those waits, `moveTo` jumps the clock as an idle stretch would. It suits code that waits one wait at a
 * time (a limiter's queue, a retry loop): overlapping waits end in the order they began, not by their deadlines.
 */
export interface VirtualClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Every wait asked for, in order. */
  slept: number[];
  moveTo(at: number): void;
}

export function virtualClock(start = 0): VirtualClock {
  let time = start;
  const slept: number[] = [];
  return {
    now: () => time,
    sleep: async (ms) => {
      slept.push(ms);
      const deadline = time + Math.max(0, ms);
      await Promise.resolve();
      // Each wait ends at its own deadline; waits that overlap never move the clock back.
      time = Math.max(time, deadline);
    },
    slept,
    moveTo(at) {
      time = Math.max(time, at);
    },
  };
}
