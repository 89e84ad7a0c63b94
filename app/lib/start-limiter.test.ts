import { describe, expect, it } from "vitest";
import { virtualClock } from "../../tests/support/virtual-clock.ts";
import { createStartLimiter } from "./start-limiter.ts";

const limiter = (clock = virtualClock()) => ({ clock, limit: createStartLimiter({ perWindow: 5, windowMs: 1_050, ...clock }) });

describe("start limiter", () => {
  it("starts 5 at once, then makes the 6th wait until the first one's window has passed", async () => {
    const { clock, limit } = limiter();
    const starts = await Promise.all(Array.from({ length: 12 }, () => limit.take()));
    expect(starts).toEqual([0, 0, 0, 0, 0, 1050, 1050, 1050, 1050, 1050, 2100, 2100]);
    expect(clock.slept).toEqual([1050, 1050]);
  });

  it("never lets more than 5 start in any window, however the callers arrive", async () => {
    const { clock, limit } = limiter();
    const starts: number[] = [];
    for (const gap of [0, 10, 300, 0, 0, 700, 40, 0, 2000, 0, 0, 0, 0, 0, 0, 5]) {
      clock.moveTo(clock.now() + gap);
      starts.push(await limit.take());
    }
    for (const start of starts) expect(starts.filter((t) => t >= start && t < start + 1050).length).toBeLessThanOrEqual(5);
    // Callers who came when the window had room were not held back.
    expect(starts.slice(0, 5)).toEqual([0, 10, 310, 310, 310]);
  });

  it("serves callers in the order they asked", async () => {
    const { limit } = limiter();
    const order: number[] = [];
    await Promise.all(Array.from({ length: 8 }, (_, i) => limit.take().then(() => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("counts a late wake-up from when the request really started", async () => {
    const clock = virtualClock();
    // A busy machine: every wait ends 200 ms after it was due.
    const late = { now: clock.now, sleep: (ms: number) => clock.sleep(ms + 200) };
    const limit = createStartLimiter({ perWindow: 1, windowMs: 1_000, ...late });
    expect([await limit.take(), await limit.take(), await limit.take()]).toEqual([0, 1200, 2400]);
  });
});
