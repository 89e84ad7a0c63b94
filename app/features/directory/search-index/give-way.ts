import { setImmediate } from "node:timers/promises";

/**
 * Lets the event loop run what is waiting (requests, timers) before long work goes on: index builds call it
 * between slices. From node:timers/promises, not the global setImmediate, so a test's fake timers cannot stop a build.
 */
export function giveWay(): Promise<void> {
  return setImmediate();
}

/** Work between two turns of the event loop: a request in flight needs several turns, and waits one slice at each. */
export const SLICE_MS = 4;

/**
 * Paces a long loop: `due()` says when the slice is used up, by time (a few milliseconds) or by `maxItems` items,
 * whichever comes first, and `giveWay()` then yields. Slices counted in rows alone took 20-30 ms each at a million
 * listings, and a page request needing ten turns of the event loop waited ten of them (issue 17). The item bound
 * keeps a slow machine yielding too, and is what tests can count on; `now` is injectable for the same reason.
 */
export class Pacer {
  private items = 0;
  private startedAt: number;

  constructor(
    private readonly maxItems = 2_000,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.startedAt = now();
  }

  /** One item done; true when the slice is used up (check the clock only every 64 items: it costs more than an item). */
  due(): boolean {
    this.items++;
    return this.items >= this.maxItems || ((this.items & 63) === 0 && this.now() - this.startedAt >= SLICE_MS);
  }

  async giveWay(): Promise<void> {
    await giveWay();
    this.items = 0;
    this.startedAt = this.now();
  }
}
