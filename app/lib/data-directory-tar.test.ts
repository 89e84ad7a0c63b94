/**
 * The snapshot's files written into a data directory (data-directory-tar.ts): what PGlite's tarball holds lands where
 * PGlite's own loading puts it, with its permission bits, and an entry it never makes is refused, not guessed at.
 */
import { mkdtemp, readFile, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { extractDataDirectory } from "./data-directory-tar.ts";

/** A ustar archive of `entries`, as tar writes it: a 512-byte header, the data padded to 512 bytes, two empty blocks. */
function tarOf(entries: Array<{ name: string; type: string; mode: number; data?: string }>): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (const { name, type, mode, data = "" } of entries) {
    const header = new Uint8Array(512);
    const put = (offset: number, value: string) => header.set(new TextEncoder().encode(value), offset);
    put(0, name);
    put(100, `${mode.toString(8).padStart(7, "0")}\0`);
    put(124, `${data.length.toString(8).padStart(11, "0")}\0`);
    put(156, type);
    put(257, "ustar\0");
    blocks.push(header);
    const body = new Uint8Array(Math.ceil(data.length / 512) * 512);
    body.set(new TextEncoder().encode(data));
    blocks.push(body);
  }
  blocks.push(new Uint8Array(1024));
  const all = new Uint8Array(blocks.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const block of blocks) {
    all.set(block, at);
    at += block.length;
  }
  return all;
}

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("extractDataDirectory", () => {
  it("writes directories and files under the data directory, with their contents and permission bits", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "introbase-tar-"));
    const target = path.join(dir, "pglite");
    extractDataDirectory(
      tarOf([
        { name: "/base", type: "5", mode: 0o750 },
        { name: "/base/1", type: "5", mode: 0o750 },
        { name: "/base/1/1259", type: "0", mode: 0o600, data: "x".repeat(700) },
        { name: "/PG_VERSION", type: "0", mode: 0o600, data: "17\n" },
      ]),
      target,
    );
    expect((await readdir(target)).sort()).toEqual(["PG_VERSION", "base"]);
    expect(await readFile(path.join(target, "PG_VERSION"), "utf8")).toBe("17\n");
    expect(await readFile(path.join(target, "base/1/1259"), "utf8")).toBe("x".repeat(700));
    expect((await stat(path.join(target, "base/1/1259"))).mode & 0o777).toBe(0o600);
  });

  it.each([
    ["a symbolic link", { name: "/base/link", type: "2", mode: 0o777 }, /unexpected entry "\/base\/link"/],
    ["a path out of the directory", { name: "/../outside", type: "0", mode: 0o600, data: "x" }, /leaves the data directory/],
  ])("refuses %s", async (_kind, entry, message) => {
    dir = await mkdtemp(path.join(tmpdir(), "introbase-tar-"));
    expect(() => extractDataDirectory(tarOf([entry]), path.join(dir!, "pglite"))).toThrow(message);
    await expect(readFile(path.join(dir, "outside"))).rejects.toThrow();
  });
});
