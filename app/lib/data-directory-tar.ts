/**
 * Writes a PGlite data-directory snapshot (the uncompressed tarball `dumpDataDir("none")` makes: app/lib/
 * migrated-test-database.ts) into a directory on disk, as PGlite's `loadDataDir` would inside a database it starts,
 * but without starting one: that is a WebAssembly instance, PostgreSQL's start and a shutdown checkpoint, several
 * times the cost of writing the files. The tests' database copies use it, and so does restoring a backup
 * (app/lib/backups/embedded-backup.server.ts), which must leave out the files of the process that made it.
 *
 * The tarball is ustar with paths relative to the data directory ("/base/1/1259"), directories and regular files
 * only; anything else (a link, a path leaving the directory) is refused rather than guessed at.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const BLOCK = 512;

function text(header: Uint8Array, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end));
}

function octal(header: Uint8Array, offset: number, length: number): number {
  const value = text(header, offset, length).trim();
  return value === "" ? 0 : Number.parseInt(value, 8);
}

/** Each entry of the tarball: its path inside the data directory, kind, permission bits and contents. */
function* entries(tar: Uint8Array): Generator<{ name: string; kind: "file" | "directory"; mode: number; data: Uint8Array }> {
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return;
    const prefix = text(header, 345, 155);
    const name = (prefix ? `${prefix}/` : "") + text(header, 0, 100);
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const start = offset + BLOCK;
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
    if (type !== "0" && type !== "\0" && type !== "5")
      throw new Error(`unexpected entry "${name}" (type ${type}) in a data-directory snapshot`);
    yield { name, kind: type === "5" ? "directory" : "file", mode: octal(header, 100, 8) & 0o777, data: tar.subarray(start, start + size) };
  }
}

export function extractDataDirectory(tar: Uint8Array, dir: string, skip: (name: string) => boolean = () => false): void {
  const root = path.resolve(dir);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  for (const entry of entries(tar)) {
    if (skip(entry.name)) continue;
    if (entry.name.split("/").includes("..")) throw new Error(`"${entry.name}" leaves the data directory`);
    const target = path.join(root, entry.name);
    if (entry.kind === "directory") mkdirSync(target, { recursive: true, mode: entry.mode || 0o700 });
    else {
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, entry.data, { mode: entry.mode || 0o600 });
    }
  }
}
