/**
 * Rows in COPY's text format, for the seed's bulk load (decision 0057). Values go through the same column mapping
 * Drizzle applies to an INSERT, so a copied row stores what the inserted one would.
 */
import { getTableColumns, getTableName, type Table } from "drizzle-orm";
import { randomFillSync } from "node:crypto";

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Readonly<Record<string, string>> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** One field: NULL as \N; the backslash, tab, newline and carriage return escaped (anything else is literal). */
export function copyField(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "boolean") return value ? "t" : "f";
  const text = String(value);
  return SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : text;
}

export interface CopyTable {
  table: string;
  columns: string[];
  /** The row as one line (with its newline); throws on a key it does not load, or a missing value COPY cannot default. */
  line(row: Readonly<Record<string, unknown>>): string;
}

/**
 * A line writer for `keys` (property names) of a Drizzle table. COPY has no per-row DEFAULT (PostgreSQL 15): a key
 * left out of a row is written as NULL, so a column whose default is not NULL must always be given.
 */
export function copyTable(table: Table, keys: readonly string[]): CopyTable {
  const all = getTableColumns(table) as Record<string, { name: string; hasDefault: boolean; mapToDriverValue(v: unknown): unknown }>;
  const name = getTableName(table);
  const columns = keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`${name} has no column ${key}`);
    return column;
  });
  const known = new Set(keys);
  return {
    table: name,
    columns: columns.map((c) => c.name),
    line(row) {
      for (const key in row) if (!known.has(key)) throw new Error(`${name}.${key} is not among the bulk-loaded columns`);
      let out = "";
      for (let k = 0; k < keys.length; k++) {
        const value = row[keys[k]!];
        const column = columns[k]!;
        if (value === undefined && column.hasDefault) throw new Error(`${name}.${keys[k]} needs a value: COPY cannot use its default`);
        out += (k ? "\t" : "") + copyField(value === null || value === undefined ? null : column.mapToDriverValue(value));
      }
      return out + "\n";
    },
  };
}

/**
 * Random (version 4) UUIDs for `count` rows, kept as 16 bytes each: the load links rows to listings by id without
 * asking the database, and a million ids take 16 MB instead of a million strings.
 */
export class UuidBlock {
  private readonly bytes: Uint8Array;
  constructor(count: number) {
    this.bytes = randomFillSync(new Uint8Array(count * 16));
    for (let i = 0; i < count; i++) {
      this.bytes[i * 16 + 6] = (this.bytes[i * 16 + 6]! & 0x0f) | 0x40;
      this.bytes[i * 16 + 8] = (this.bytes[i * 16 + 8]! & 0x3f) | 0x80;
    }
  }
  at(index: number): string {
    const hex = Buffer.from(this.bytes.buffer, this.bytes.byteOffset + index * 16, 16).toString("hex");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
