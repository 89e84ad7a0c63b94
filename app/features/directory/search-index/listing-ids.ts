/**
 * The listing ids of the directory index, by slot (decision 0095), and the slot of an id, in typed arrays: 16 bytes and one
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
  /** Open addressing: a hash slot holds a listing's slot, or EMPTY; its size a power of two, at most half full. */
  private slots: Int32Array;
  /** Listings held. */
  private count = 0;
  /** The slot after the highest one ever given: where `add` puts the next listing. */
  private end = 0;
  private readonly probe = new Uint8Array(16);

  constructor(expected = 1024) {
    this.bytes = new Uint8Array(Math.max(1, expected) * 16);
    this.slots = new Int32Array(slotsFor(expected)).fill(EMPTY);
  }

  /** What a snapshot keeps (index-snapshot.server.ts): the ids by slot and the hash table over them. */
  toParts(): { bytes: Uint8Array; slots: Int32Array; count: number; end: number } {
    return { bytes: this.bytes, slots: this.slots, count: this.count, end: this.end };
  }

  /** The ids a snapshot kept. */
  static fromParts(parts: { bytes: Uint8Array; slots: Int32Array; count: number; end: number }): ListingIds {
    const ids = new ListingIds(1);
    ids.bytes = parts.bytes;
    ids.slots = parts.slots;
    ids.count = parts.count;
    ids.end = parts.end;
    return ids;
  }

  /** Listings held (live slots). */
  get size(): number {
    return this.count;
  }

  /** Slots given so far: every slot below is taken, or was and was freed. */
  get used(): number {
    return this.end;
  }

  /**
   * Appends an id at the next slot and returns it; an id already there keeps its slot and answers -1 (a listing read
   * twice while the directory changed under the build). Throws on an id that is not a UUID: the listings table's key
   * is one.
   */
  add(id: string): number {
    if (this.end * 16 === this.bytes.length) this.grow(this.end * 2);
    if (!writeUuid(id, this.bytes, this.end * 16)) throw new Error(`not a listing id: ${id.slice(0, 60)}`);
    if (!this.insert(this.end)) return -1;
    return this.end++;
  }

  /** Room for `capacity` slots, made once after a build so that later placements never reallocate. */
  reserve(capacity: number): void {
    if (capacity * 16 > this.bytes.length) this.grow(capacity);
  }

  /** Puts a listing that is not held at a free slot below the reserved capacity (a listing published since the build). */
  place(id: string, slot: number): void {
    if (slot >= this.bytes.length / 16 || slot < this.end) throw new RangeError(`slot ${slot} is not free`);
    if (!writeUuid(id, this.bytes, slot * 16)) throw new Error(`not a listing id: ${id.slice(0, 60)}`);
    if (!this.insert(slot)) throw new Error(`listing ${id} is already held`);
    this.end = slot + 1;
  }

  /** Lets a listing go (its slot is not given again by this index); its slot, or undefined when it was not held. */
  remove(id: string): number | undefined {
    if (!writeUuid(id, this.probe, 0)) return undefined;
    const mask = this.slots.length - 1;
    let at = hashAt(this.probe, 0) & mask;
    for (; ; at = (at + 1) & mask) {
      const taken = this.slots[at]!;
      if (taken === EMPTY) return undefined;
      if (this.equalAt(taken * 16, this.probe, 0)) break;
    }
    const slot = this.slots[at]!;
    // Backward-shift deletion: later entries of the probe run move up, so that no lookup stops at the hole.
    let hole = at;
    for (let next = (hole + 1) & mask; this.slots[next] !== EMPTY; next = (next + 1) & mask) {
      const home = hashAt(this.bytes, this.slots[next]! * 16) & mask;
      // The entry may fill the hole unless its home lies cyclically in (hole, next].
      const between = hole <= next ? home > hole && home <= next : home > hole || home <= next;
      if (between) continue;
      this.slots[hole] = this.slots[next]!;
      hole = next;
    }
    this.slots[hole] = EMPTY;
    this.count--;
    return slot;
  }

  /** The slot of an id, or undefined when it is not in the index (or not a UUID). */
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

  /** The id at a slot, in the lower-case text form PostgreSQL prints. */
  idAt(position: number): string {
    if (position < 0 || position >= this.end) throw new RangeError(`no listing at position ${position}`);
    let out = "";
    for (let i = 0; i < 16; i++) {
      if (i === 4 || i === 6 || i === 8 || i === 10) out += "-";
      const byte = this.bytes[position * 16 + i]!;
      out += HEX[byte >>> 4]! + HEX[byte & 15]!;
    }
    return out;
  }

  /** Enters the id written at `slot` into the hash table; false when it was already there. */
  private insert(slot: number): boolean {
    const mask = this.slots.length - 1;
    for (let at = hashAt(this.bytes, slot * 16) & mask; ; at = (at + 1) & mask) {
      const taken = this.slots[at]!;
      if (taken === EMPTY) {
        this.slots[at] = slot;
        this.count++;
        return true;
      }
      if (this.equalAt(taken * 16, this.bytes, slot * 16)) return false;
    }
  }

  private equalAt(at: number, other: Uint8Array, otherAt: number): boolean {
    for (let i = 0; i < 16; i++) if (this.bytes[at + i] !== other[otherAt + i]) return false;
    return true;
  }

  private grow(capacity: number): void {
    const bytes = new Uint8Array(capacity * 16);
    bytes.set(this.bytes);
    this.bytes = bytes;
    const old = this.slots;
    const slots = new Int32Array(slotsFor(capacity)).fill(EMPTY);
    const mask = slots.length - 1;
    for (const taken of old) {
      if (taken === EMPTY) continue;
      let at = hashAt(bytes, taken * 16) & mask;
      while (slots[at] !== EMPTY) at = (at + 1) & mask;
      slots[at] = taken;
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
