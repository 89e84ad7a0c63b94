/**
 * A file of named typed arrays and a small JSON header, written atomically and read back in one read with the arrays as
 * views over it (issue 33: a process starting on a million listings loads its directory index from such a file and
 * catches up from the change log, instead of reading every listing from the database for 12-30 s).
 *
 * Layout: the magic "IBSNAP01", the header's byte length (uint32, little-endian), the header (JSON: the caller's
 * `meta` and where each array lies), then each array at an offset that is a multiple of 8, then the CRC-32 of
 * everything before it (uint32). A file that is short, altered or of another layout is refused with an error that says
 * so; the caller then builds from the database as if there were no file.
 */
import { randomBytes } from "node:crypto";
import { open, readFile, rename, rm } from "node:fs/promises";
import { crc32 } from "node:zlib";

const MAGIC = "IBSNAP01";
const ALIGN = 8;

const KINDS = {
  Uint8Array,
  Int32Array,
  Uint32Array,
  Float64Array,
} as const;
type Kind = keyof typeof KINDS;
export type SnapshotArray =
  Uint8Array<ArrayBufferLike> | Int32Array<ArrayBufferLike> | Uint32Array<ArrayBufferLike> | Float64Array<ArrayBufferLike>;

interface ArrayEntry {
  name: string;
  kind: Kind;
  offset: number;
  length: number;
}

interface Header {
  meta: unknown;
  arrays: ArrayEntry[];
}

export interface Snapshot<M> {
  meta: M;
  arrays: Map<string, SnapshotArray>;
}

export class SnapshotError extends Error {
  override name = "SnapshotError";
}

function kindOf(array: SnapshotArray): Kind {
  for (const [kind, type] of Object.entries(KINDS) as Array<[Kind, (typeof KINDS)[Kind]]>) if (array instanceof type) return kind;
  throw new SnapshotError("a snapshot holds Uint8Array, Int32Array, Uint32Array or Float64Array only");
}

const aligned = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

/**
 * Writes `arrays` and `meta` to `file`: into a file of its own beside it, synced, then renamed over it, so a reader
 * sees the old file or the new one, never a part.
 */
export async function writeSnapshot(file: string, meta: unknown, arrays: ReadonlyMap<string, SnapshotArray>): Promise<void> {
  const entries: ArrayEntry[] = [];
  const headerOf = (start: number): Header => {
    entries.length = 0;
    let at = start;
    for (const [name, array] of arrays) {
      at = aligned(at);
      entries.push({ name, kind: kindOf(array), offset: at, length: array.length });
      at += array.byteLength;
    }
    return { meta, arrays: entries };
  };
  // The header holds the offsets, which depend on its own length: lay it out until its length stops changing.
  let headerBytes = Buffer.from(JSON.stringify(headerOf(0)));
  for (;;) {
    const next = Buffer.from(JSON.stringify(headerOf(aligned(MAGIC.length + 4 + headerBytes.length))));
    if (next.length === headerBytes.length) {
      headerBytes = next;
      break;
    }
    headerBytes = next;
  }
  const partial = `${file}.${randomBytes(6).toString("hex")}.partial`;
  const handle = await open(partial, "w");
  try {
    let crc = 0;
    let at = 0;
    const put = async (bytes: Uint8Array) => {
      crc = crc32(bytes, crc);
      await handle.write(bytes, 0, bytes.length, at);
      at += bytes.length;
    };
    const length = Buffer.alloc(4);
    length.writeUInt32LE(headerBytes.length);
    await put(Buffer.from(MAGIC, "latin1"));
    await put(length);
    await put(headerBytes);
    for (const entry of entries) {
      if (entry.offset > at) await put(new Uint8Array(entry.offset - at));
      const array = arrays.get(entry.name)!;
      await put(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    }
    const sum = Buffer.alloc(4);
    sum.writeUInt32LE(crc >>> 0);
    await handle.write(sum, 0, 4, at);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(partial, { force: true });
    throw error;
  }
  await handle.close();
  await rename(partial, file);
}

/** Reads a snapshot written by writeSnapshot; throws SnapshotError when the file is not a whole, unaltered one. */
export async function readSnapshot<M>(file: string): Promise<Snapshot<M>> {
  const bytes = await readFile(file);
  return parseSnapshot<M>(bytes);
}

/** The snapshot in `bytes` (exported for tests that alter a file's bytes). */
export function parseSnapshot<M>(bytes: Buffer): Snapshot<M> {
  const fail = (why: string) => new SnapshotError(`not a usable snapshot: ${why}`);
  if (bytes.length < MAGIC.length + 8 || bytes.toString("latin1", 0, MAGIC.length) !== MAGIC) throw fail("unknown layout");
  const body = bytes.length - 4;
  if (crc32(bytes.subarray(0, body)) >>> 0 !== bytes.readUInt32LE(body)) throw fail("checksum differs (short or altered)");
  const headerLength = bytes.readUInt32LE(MAGIC.length);
  let header: Header;
  try {
    header = JSON.parse(bytes.toString("utf8", MAGIC.length + 4, MAGIC.length + 4 + headerLength)) as Header;
  } catch {
    throw fail("header is not JSON");
  }
  // A Buffer read whole from a file has its own memory; a pooled one may start anywhere: copy it to align the views.
  const whole = bytes.byteOffset % ALIGN === 0 ? bytes : Buffer.from(bytes);
  const arrays = new Map<string, SnapshotArray>();
  for (const entry of header.arrays) {
    const type = KINDS[entry.kind];
    if (!type) throw fail(`unknown array kind ${String(entry.kind)}`);
    const end = entry.offset + entry.length * type.BYTES_PER_ELEMENT;
    if (entry.offset % ALIGN !== 0 || end > body) throw fail(`array ${entry.name} lies outside the file`);
    arrays.set(entry.name, new type(whole.buffer as ArrayBuffer, whole.byteOffset + entry.offset, entry.length));
  }
  return { meta: header.meta as M, arrays };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Strings (or nulls) as UTF-8 bytes and where each starts; a null is marked by an end before its start (see below). */
export function encodeStrings(strings: ReadonlyArray<string | null>): { bytes: Uint8Array; ends: Int32Array } {
  const parts: Uint8Array[] = [];
  const ends = new Int32Array(strings.length);
  let total = 0;
  strings.forEach((value, i) => {
    if (value === null) {
      ends[i] = -1 - total;
      return;
    }
    const part = encoder.encode(value);
    parts.push(part);
    total += part.length;
    ends[i] = total;
  });
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { bytes, ends };
}

/** The strings encodeStrings wrote. A null's entry is -1 - (the end of the string before it). */
export function decodeStrings(bytes: Uint8Array, ends: Int32Array): Array<string | null> {
  const out = new Array<string | null>(ends.length);
  let start = 0;
  for (let i = 0; i < ends.length; i++) {
    const end = ends[i]!;
    if (end < 0) {
      out[i] = null;
      start = -1 - end;
      continue;
    }
    out[i] = decoder.decode(bytes.subarray(start, end));
    start = end;
  }
  return out;
}
