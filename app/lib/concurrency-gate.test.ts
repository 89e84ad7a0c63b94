import { describe, expect, it } from "vitest";
import { createConcurrencyGate } from "./concurrency-gate.ts";
import { AppError } from "./errors.ts";

/** Work that finishes when the test says so. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

describe("a concurrency gate", () => {
  it("runs at most `running` at once, queues `waiting` more in order, and refuses the rest with 429 and Retry-After", async () => {
    const gate = createConcurrencyGate({ running: 1, waiting: 2, retryAfterSeconds: 5 });
    const started: number[] = [];
    const works = [held(), held(), held()];
    const runs = works.map((w, i) =>
      gate.run(async () => {
        started.push(i);
        await w.done;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0]);
    const refused = await gate.run(async () => "never").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
    expect((refused as AppError).headers).toEqual({ "Retry-After": "5" });

    works[0]!.finish();
    await runs[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    works[1]!.finish();
    works[2]!.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    // The line is empty again: new work runs at once.
    expect(await gate.run(async () => "again")).toBe("again");
  });

  it("frees the place of work that fails", async () => {
    const gate = createConcurrencyGate({ running: 1, waiting: 0, retryAfterSeconds: 1 });
    await expect(gate.run(async () => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await gate.run(async () => "next")).toBe("next");
  });
});
