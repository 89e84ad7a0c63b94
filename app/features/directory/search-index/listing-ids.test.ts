import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ListingIds } from "./listing-ids.ts";

describe("ListingIds", () => {
  it("gives positions in the order ids are added and finds each again, past several growths", () => {
    const ids = Array.from({ length: 5_000 }, () => randomUUID());
    const table = new ListingIds(4);
    ids.forEach((id, i) => expect(table.add(id)).toBe(i));
    expect(table.size).toBe(5_000);
    ids.forEach((id, i) => {
      expect(table.positionOf(id)).toBe(i);
      expect(table.idAt(i)).toBe(id);
    });
  });

  it("reads upper-case ids as the same listing and prints them as PostgreSQL does", () => {
    const table = new ListingIds();
    table.add("0A1B2C3D-4E5F-4a6b-8c7d-9e0f1a2b3c4d");
    expect(table.positionOf("0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d")).toBe(0);
    expect(table.idAt(0)).toBe("0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d");
  });

  it("keeps the first position of an id added twice (a listing read twice while the directory changed)", () => {
    const table = new ListingIds();
    const id = randomUUID();
    expect(table.add(id)).toBe(0);
    expect(table.add(randomUUID())).toBe(1);
    expect(table.add(id)).toBe(-1);
    expect(table.size).toBe(2);
    expect(table.positionOf(id)).toBe(0);
  });

  it("answers nothing for ids it does not hold or that are not UUIDs, and refuses to store one", () => {
    const table = new ListingIds();
    table.add(randomUUID());
    for (const other of [randomUUID(), "", "listing-1", "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz", `${randomUUID()}x`, "\u0000".repeat(36)]) {
      expect(table.positionOf(other)).toBeUndefined();
      expect(table.has(other)).toBe(false);
    }
    expect(() => table.add("listing-1")).toThrow(/not a listing id/);
    expect(() => table.idAt(1)).toThrow(RangeError);
  });

  it("lets listings go and places new ones at free slots, every other id still found (decision 0095)", () => {
    const ids = Array.from({ length: 3_000 }, () => randomUUID());
    const table = new ListingIds(4);
    ids.forEach((id) => table.add(id));
    table.reserve(4_000);
    const gone = ids.filter((_, i) => i % 3 === 0);
    for (const id of gone) expect(table.remove(id)).toBe(ids.indexOf(id));
    expect(table.remove(gone[0]!)).toBeUndefined();
    const added = Array.from({ length: 900 }, () => randomUUID());
    added.forEach((id, i) => table.place(id, 3_000 + i));
    expect(table.size).toBe(3_000 - gone.length + 900);
    ids.forEach((id, i) => expect(table.positionOf(id)).toBe(i % 3 === 0 ? undefined : i));
    added.forEach((id, i) => {
      expect(table.positionOf(id)).toBe(3_000 + i);
      expect(table.idAt(3_000 + i)).toBe(id);
    });
    expect(() => table.place(randomUUID(), 10)).toThrow(RangeError);
  });
});
