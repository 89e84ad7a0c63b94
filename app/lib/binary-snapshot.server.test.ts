import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeStrings, encodeStrings, parseSnapshot, readSnapshot, SnapshotError, writeSnapshot } from "./binary-snapshot.server.ts";

async function scratch(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), "snapshot-test-"));
}

const arrays = () =>
  new Map<string, Uint8Array | Int32Array | Uint32Array | Float64Array>([
    ["bytes", new Uint8Array([1, 2, 3])],
    ["ints", new Int32Array([-5, 0, 2 ** 31 - 1])],
    ["bits", new Uint32Array([0xffffffff, 7])],
    ["values", new Float64Array([1.5, Number.NaN, -0])],
    ["none", new Uint32Array(0)],
  ]);

describe("binary snapshot", () => {
  it("reads back every array and the header exactly as written", async () => {
    const file = path.join(await scratch(), "index.snap");
    await writeSnapshot(file, { position: 42, note: "é ✓" }, arrays());
    const read = await readSnapshot<{ position: number; note: string }>(file);
    expect(read.meta).toEqual({ position: 42, note: "é ✓" });
    expect([...read.arrays.keys()]).toEqual(["bytes", "ints", "bits", "values", "none"]);
    expect(read.arrays.get("bytes")).toEqual(new Uint8Array([1, 2, 3]));
    expect(read.arrays.get("ints")).toEqual(new Int32Array([-5, 0, 2 ** 31 - 1]));
    expect(read.arrays.get("bits")).toEqual(new Uint32Array([0xffffffff, 7]));
    const values = read.arrays.get("values") as Float64Array;
    expect([values[0], Number.isNaN(values[1]!), Object.is(values[2], -0)]).toEqual([1.5, true, true]);
    expect(read.arrays.get("none")!.length).toBe(0);
  });

  it("leaves no partial file beside it and replaces an older snapshot whole", async () => {
    const dir = await scratch();
    const file = path.join(dir, "index.snap");
    await writeSnapshot(file, { position: 1 }, arrays());
    await writeSnapshot(file, { position: 2 }, new Map([["bits", new Uint32Array([9])]]));
    expect(await readdir(dir)).toEqual(["index.snap"]);
    const read = await readSnapshot<{ position: number }>(file);
    expect(read.meta.position).toBe(2);
    expect([...read.arrays.keys()]).toEqual(["bits"]);
  });

  it("refuses a short, altered or foreign file with a SnapshotError", async () => {
    const file = path.join(await scratch(), "index.snap");
    await writeSnapshot(file, { position: 1 }, arrays());
    const whole = await readFile(file);
    expect(() => parseSnapshot(whole.subarray(0, whole.length - 10))).toThrow(SnapshotError);
    const altered = Buffer.from(whole);
    altered[altered.length - 12]! ^= 1;
    expect(() => parseSnapshot(altered)).toThrow(/checksum/);
    expect(() => parseSnapshot(Buffer.from("not a snapshot at all"))).toThrow(/unknown layout/);
    const other = path.join(path.dirname(file), "other.snap");
    await writeFile(other, "");
    await expect(readSnapshot(other)).rejects.toThrow(SnapshotError);
  });

  it("keeps strings, empty strings, unicode and nulls in order", () => {
    const strings = ["Vanta Pay", null, "", "São Paulo 🚀", null, null, "x"];
    const { bytes, ends } = encodeStrings(strings);
    expect(decodeStrings(bytes, ends)).toEqual(strings);
    expect(decodeStrings(...(Object.values(encodeStrings([])) as [Uint8Array, Int32Array]))).toEqual([]);
  });
});
