/**
 * The headquarters city of every listing, as one small number per position (decision 0088). Cities are free text (an
 * import brings whatever the provider wrote), so there may be thousands: one bitset per city, as the reference filters
 * have, would cost 125 KB per city at 1,000,000 listings. A column of codes costs 4 bytes a listing, and a filter or
 * a count is one pass over it (about 1 ms at 1,000,000).
 *
 * Spellings that differ only in case, accents, spaces or punctuation ("Sao Paulo", "São Paulo ", "SAO-PAULO") are one
 * city, shown as first seen in the directory order.
 */
import { emptyBitset, hasBit, setBit, type Bitset } from "./bitset.ts";
import { normalizeText } from "./search-text.ts";

/** Positions without a city. */
const NONE = -1;

/** The form a city is compared in. */
export function cityKey(name: string): string {
  return normalizeText(name);
}

export class CityColumn {
  private constructor(
    private readonly codes: Int32Array,
    /** Display name by code. */
    private readonly names: string[],
    private readonly byKey: Map<string, number>,
  ) {}

  /** A slot's city after a change (decision 0095): null or blank for none; a city new to the column gets a code. */
  set(slot: number, city: string | null): void {
    this.codes[slot] = city === null ? NONE : codeFor(city, this.names, this.byKey);
  }

  /** The code of a city, by any of its spellings; undefined when no listing has it. */
  codeOf(name: string): number | undefined {
    return this.byKey.get(cityKey(name));
  }

  nameOf(code: number): string | undefined {
    return this.names[code];
  }

  /** Listings in `within` whose city is one of `codes`. */
  matching(codes: readonly number[], within: Bitset): Bitset {
    const out = emptyBitset(this.codes.length);
    if (!codes.length) return out;
    const wanted = new Set(codes);
    for (let position = 0; position < this.codes.length; position++) {
      if (wanted.has(this.codes[position]!) && hasBit(within, position)) setBit(out, position);
    }
    return out;
  }

  /**
   * Listings of `base` AND `mask` per city code (as text, as the other facet counts are keyed); cities with none left
   * out. The mask is applied word by word: no set is made for it.
   */
  count(base: Bitset, mask?: Bitset): Map<string, number> {
    const tally = new Int32Array(this.names.length);
    for (let word = 0; word < base.length; word++) {
      let bits = mask ? base[word]! & mask[word]! : base[word]!;
      while (bits) {
        const low = bits & -bits;
        const code = this.codes[(word << 5) + (31 - Math.clz32(low))]!;
        if (code !== NONE) tally[code]!++;
        bits ^= low;
      }
    }
    const out = new Map<string, number>();
    for (let code = 0; code < tally.length; code++) if (tally[code]) out.set(String(code), tally[code]!);
    return out;
  }

  /** What a snapshot keeps of the column (index-snapshot.server.ts): the codes by slot and the names by code. */
  toParts(): { codes: Int32Array; names: readonly string[] } {
    return { codes: this.codes, names: this.names };
  }

  /** The column a snapshot kept; every spelling of a city finds it again by its key. */
  static fromParts(codes: Int32Array, names: string[]): CityColumn {
    return new CityColumn(codes, names, new Map(names.map((name, code) => [cityKey(name), code])));
  }

  /** Collects the cities of listings added in position order. */
  static builder(): CityColumnBuilder {
    return new CityColumnBuilder((codes, names, byKey) => new CityColumn(codes, names, byKey));
  }
}

class CityColumnBuilder {
  private codes = new Int32Array(1 << 12);
  private length = 0;
  private readonly names: string[] = [];
  private readonly byKey = new Map<string, number>();

  constructor(private readonly make: (codes: Int32Array, names: string[], byKey: Map<string, number>) => CityColumn) {}

  /** The next position's city (null or blank: none). */
  push(city: string | null): void {
    if (this.length === this.codes.length) {
      const bigger = new Int32Array(this.codes.length * 2);
      bigger.set(this.codes);
      this.codes = bigger;
    }
    this.codes[this.length++] = city === null ? NONE : codeFor(city, this.names, this.byKey);
  }

  /** The column of `capacity` slots (those not pushed have no city). */
  finish(capacity = this.length): CityColumn {
    const codes = new Int32Array(capacity).fill(NONE);
    codes.set(this.codes.subarray(0, this.length));
    return this.make(codes, this.names, this.byKey);
  }
}

/** A city's code, a new one when no spelling of it is known. */
function codeFor(city: string, names: string[], byKey: Map<string, number>): number {
  const key = cityKey(city);
  if (!key) return NONE;
  let code = byKey.get(key);
  if (code === undefined) {
    byKey.set(key, (code = names.length));
    names.push(city.trim().replace(/\s+/g, " "));
  }
  return code;
}
