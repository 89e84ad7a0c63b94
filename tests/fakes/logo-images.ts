/**
 * Logos for the local lead-data provider fake (tests/fakes/lead-provider.ts): a real PNG per name, drawn here so the
 * importer's copy (content sniffed, stored, served from /media) has something genuine to copy and a person looking
 * at the demo sees a logo rather than a grey square. Deterministic: the same name always gives the same bytes.
 */
import { crc32, deflateSync } from "node:zlib";

const SIZE = 48;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A colour per name (FNV-1a of its bytes), dark enough for the white band to show. */
function colourOf(name: string): [number, number, number] {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(name)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return [40 + (hash & 0x7f), 40 + ((hash >>> 8) & 0x7f), 40 + ((hash >>> 16) & 0x7f)];
}

/** A 48x48 RGB PNG: a square in the name's colour with a white diagonal band. */
export function logoPng(name: string): Uint8Array {
  const [r, g, b] = colourOf(name);
  const rows: Buffer[] = [];
  for (let y = 0; y < SIZE; y++) {
    const row = Buffer.alloc(1 + SIZE * 3);
    for (let x = 0; x < SIZE; x++) {
      const band = Math.abs(x - y) < 6;
      row.set(band ? [255, 255, 255] : [r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return new Uint8Array(png);
}
