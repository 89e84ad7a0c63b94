/**
 * The listing ids of the directory index, by position, and the position of an id, in typed arrays: 16 bytes and one
 * hash slot per listing. As a string array and a Map the same 1,000,000 ids took about 100 MB of heap and many
 * objects for the collector to walk (issue 17); here they take about 24 MB in two allocations.
 */
const HEX = "0123456789abcdef";
const EMPTY = -1;

/** The value of a hexadecimal digit's character code, or -1. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

/** A UUID in its text form ("8-4-4-4-12" hexadecimal digits) as 16 bytes written at `at`; false when it is not one. */
function writeUuid(id: string, into: Uint8Array, at: number): boolean {
  if (id.length !== 36) return false;
  let byte = 0;
  for (let i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (id.charCodeAt(i) !== 45) return false;
      continue;
    }
    const high = hexValue(id.charCodeAt(i));
    const low = hexValue(id.charCodeAt(++i));
    if (high < 0 || low < 0) return false;
    into[at + byte++] = (high << 4) | low;
  }
  return true;
}

/** A 32-bit hash of the 16 bytes at `at` (FNV-1a). */
function hashAt(bytes: Uint8Array, at: number): number {
  let hash = 0x811c9dc5;
  for (let i = at; i < at + 16; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return hash >>> 0;
}

export class ListingIds {
  private bytes: Uint8Array;
  /** Open addressing: a slot holds a position, or EMPTY; its size a power of two, at most half full. */
  private slots: Int32Array;
  private count = 0;
  private readonly probe = new Uint8Array(16);

  constructor(expected = 1024) {
    this.bytes = new Uint8Array(Math.max(1, expected) * 16);
    this.slots = new Int32Array(slotsFor(expected)).fill(EMPTY);
  }

  get size(): number {
    return this.count;
  }

  /**
   * Appends an id at the next position and returns it; an id already there keeps its position and answers -1 (a
   * listing read twice while the directory changed under the build). Throws on an id that is not a UUID: the
   * listings table's key is one.
   */
  add(id: string): number {
    if (this.count * 16 === this.bytes.length) this.grow();
    const at = this.count * 16;
    if (!writeUuid(id, this.bytes, at)) throw new Error(`not a listing id: ${id.slice(0, 60)}`);
    const mask = this.slots.length - 1;
    for (let slot = hashAt(this.bytes, at) & mask; ; slot = (slot + 1) & mask) {
      const taken = this.slots[slot]!;
      if (taken === EMPTY) {
        this.slots[slot] = this.count;
        return this.count++;
      }
      if (this.equalAt(taken * 16, this.bytes, at)) return -1;
    }
  }

  /** The position of an id, or undefined when it is not in the index (or not a UUID). */
  positionOf(id: string): number | undefined {
    if (!writeUuid(id, this.probe, 0)) return undefined;
    const mask = this.slots.length - 1;
    for (let slot = hashAt(this.probe, 0) & mask; ; slot = (slot + 1) & mask) {
      const taken = this.slots[slot]!;
      if (taken === EMPTY) return undefined;
      if (this.equalAt(taken * 16, this.probe, 0)) return taken;
    }
  }

  has(id: string): boolean {
    return this.positionOf(id) !== undefined;
  }

  /** The id at a position, in the lower-case text form PostgreSQL prints. */
  idAt(position: number): string {
    if (position < 0 || position >= this.count) throw new RangeError(`no listing at position ${position}`);
    let out = "";
    for (let i = 0; i < 16; i++) {
      if (i === 4 || i === 6 || i === 8 || i === 10) out += "-";
      const byte = this.bytes[position * 16 + i]!;
      out += HEX[byte >>> 4]! + HEX[byte & 15]!;
    }
    return out;
  }

  private equalAt(at: number, other: Uint8Array, otherAt: number): boolean {
    for (let i = 0; i < 16; i++) if (this.bytes[at + i] !== other[otherAt + i]) return false;
    return true;
  }

  private grow(): void {
    const bytes = new Uint8Array(this.bytes.length * 2);
    bytes.set(this.bytes);
    this.bytes = bytes;
    const slots = new Int32Array(slotsFor(bytes.length / 16)).fill(EMPTY);
    const mask = slots.length - 1;
    for (let position = 0; position < this.count; position++) {
      let slot = hashAt(bytes, position * 16) & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = position;
    }
    this.slots = slots;
  }
}

/** A power of two at least twice `capacity`. */
function slotsFor(capacity: number): number {
  let size = 2;
  while (size < capacity * 2) size *= 2;
  return size;
}
