/**
 * At most `running` pieces of work at once and `waiting` more in line; anything past that is refused at once with a
 * 429 and Retry-After, instead of queueing without end. For CPU-heavy work a visitor can start at will (drawing a
 * social card takes 0.1-0.3 s of the process's one core): a crawler asking for thousands of new cards must not take
 * every request's turn.
 */
import { AppError } from "./errors.ts";

export interface ConcurrencyGate {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createConcurrencyGate({
  running,
  waiting,
  retryAfterSeconds,
}: {
  running: number;
  waiting: number;
  retryAfterSeconds: number;
}): ConcurrencyGate {
  let active = 0;
  const line: Array<() => void> = [];
  const next = () => {
    active -= 1;
    const woken = line.shift();
    if (woken) {
      active += 1;
      woken();
    }
  };
  return {
    async run(work) {
      if (active >= running) {
        if (line.length >= waiting) {
          throw new AppError("rate_limited", "Too many pictures are being drawn right now. Try again shortly.", {
            headers: { "Retry-After": String(retryAfterSeconds) },
          });
        }
        await new Promise<void>((resolve) => line.push(resolve));
      } else {
        active += 1;
      }
      try {
        return await work();
      } finally {
        next();
      }
    },
  };
}
