import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { announceListingsChanged, onListingsChanged } from "./listings-changed.server.ts";

const database = {} as Database;
const unsubscribes: (() => void)[] = [];
const subscribe = (listener: (database: Database) => void) => unsubscribes.push(onListingsChanged(listener));

afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  vi.restoreAllMocks();
});

describe("the listings-changed hook", () => {
  it("tells every subscriber which database changed", () => {
    const heard: Database[][] = [[], []];
    subscribe((d) => heard[0]!.push(d));
    subscribe((d) => heard[1]!.push(d));
    announceListingsChanged(database);
    expect(heard).toEqual([[database], [database]]);
  });

  it("stops telling a subscriber that unsubscribed", () => {
    const heard: Database[] = [];
    const unsubscribe = onListingsChanged((d) => heard.push(d));
    unsubscribe();
    announceListingsChanged(database);
    expect(heard).toEqual([]);
  });

  it("still tells the others when one subscriber throws, and logs it", () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    const heard: Database[] = [];
    subscribe(() => {
      throw new Error("cache gone");
    });
    subscribe((d) => heard.push(d));
    announceListingsChanged(database);
    expect(heard).toEqual([database]);
    expect(logged).toHaveBeenCalledOnce();
  });
});
