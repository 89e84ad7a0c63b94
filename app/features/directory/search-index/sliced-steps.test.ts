import { setImmediate as turn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { Random } from "#demo/random.ts";
import { runAtOnce, runInSlices, sortedOrder, type Steps } from "./sliced-steps.ts";

describe("the build's slices", () => {
  function* work(log: string[]): Steps<string> {
    for (let i = 0; i < 6; i++) {
      log.push(`step ${i}`);
      yield;
    }
    return "done";
  }

  it("gives the event loop back when a slice has run its time", async () => {
    const log: string[] = [];
    let now = 0;
    // Each look at the clock finds 2 ms gone: a slice of 4 ms (SLICE_MS) takes two steps.
    const clock = () => (now += 2);
    const other = (async () => {
      for (let i = 0; i < 3; i++) {
        await turn();
        log.push("other");
      }
    })();
    expect(await runInSlices(work(log), clock)).toBe("done");
    await other;
    expect(log.slice(0, 7)).toEqual(["step 0", "step 1", "other", "step 2", "step 3", "other", "step 4"]);
  });

  it("sorts as strings compare, runs in order or not", () => {
    const rng = new Random(3);
    const texts = Array.from({ length: 9_000 }, (_, i) =>
      i % 3 ? `name ${String(i).padStart(5, "0")}` : rng.pick(["b", "a", "ab", "", "é", "Z", "a b"]),
    );
    const order = Array.from(runAtOnce(sortedOrder(texts)));
    expect(order.map((i) => texts[i])).toEqual([...texts].sort());
    expect(new Set(order).size).toBe(texts.length);
  });

  it("pauses every few comparisons while it merges, whatever the order", () => {
    const rng = new Random(4);
    const words = Array.from({ length: 5_000 }, () => String(rng.next()));
    let reads = 0;
    const counted = new Proxy(words, {
      get: (target, key) => (typeof key === "string" && /^\d/.test(key) && reads++, Reflect.get(target, key)),
    });
    const steps = sortedOrder(counted, { run: 16, step: 64 });
    let most = 0;
    for (let step = steps.next(); ; step = steps.next()) {
      most = Math.max(most, reads);
      reads = 0;
      if (step.done) break;
    }
    // A comparison reads two or four texts: sorting a run of 16 is at most 16 * 4 of them, a merge step 64.
    expect(most).toBeLessThanOrEqual(4 * 16 * 4);
  });
});
