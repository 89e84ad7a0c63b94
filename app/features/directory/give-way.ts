import { setImmediate } from "node:timers/promises";

/**
 * Lets the event loop run what is waiting (requests, timers) before long work goes on: index builds call it
 * between slices. From node:timers/promises, not the global setImmediate, so a test's fake timers cannot stop a build.
 */
export function giveWay(): Promise<void> {
  return setImmediate();
}
