/**
 * The backup file (decision 0106): one line naming the format, one line of JSON saying what is inside (kind, schema
 * version, size and SHA-256 of the payload), then the payload: a gzipped PGlite data-directory tarball, or pg_dump's
 * custom format. The checksum covers the payload; a damaged header fails to parse or to match, so either way a
 * damaged file is refused before anything is restored from it.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { z } from "zod";

const MAGIC = "INTROBASE-BACKUP 1";
/** A header is a few hundred bytes; anything longer is not one of ours. */
const HEADER_LIMIT = 16 * 1024;

const manifestSchema = z.object({
  kind: z.enum(["pglite", "postgres"]),
  createdAt: z.iso.datetime(),
  /** Tag of the last migration applied in the database backed up, and its journal time (ms). */
  schemaVersion: z.string().min(1),
  schemaMillis: z.number().int().nonnegative(),
  payloadBytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  takenBy: z.string(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** A file that cannot be restored from, with the reason an operator can act on. */
export class BackupRefused extends Error {
  override name = "BackupRefused";
}

export function encodeHeader(manifest: BackupManifest): Buffer {
  return Buffer.from(`${MAGIC}\n${JSON.stringify(manifest)}\n`);
}

/** Reads and checks the header; returns the manifest and where the payload starts. */
async function readHeader(file: string): Promise<{ manifest: BackupManifest; payloadOffset: number; fileBytes: number }> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(HEADER_LIMIT, size));
    await handle.read(buffer, 0, buffer.length, 0);
    const first = buffer.indexOf(10);
    const second = first === -1 ? -1 : buffer.indexOf(10, first + 1);
    if (first === -1 || buffer.subarray(0, first).toString() !== MAGIC || second === -1)
      throw new BackupRefused(`${file} is not an Introbase backup (or its header is damaged)`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(buffer.subarray(first + 1, second).toString());
    } catch {
      throw new BackupRefused(`${file}: the backup's header is damaged`);
    }
    const manifest = manifestSchema.safeParse(parsed);
    if (!manifest.success) throw new BackupRefused(`${file}: the backup's header is damaged (${manifest.error.issues[0]?.message})`);
    return { manifest: manifest.data, payloadOffset: second + 1, fileBytes: size };
  } finally {
    await handle.close();
  }
}

async function sha256Of(file: string, start = 0): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file, { start })) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** The header, then the payload's size and checksum against it: a file that passes is whole. */
export async function verifyBackupFile(file: string): Promise<{ manifest: BackupManifest; payloadOffset: number }> {
  const { manifest, payloadOffset, fileBytes } = await readHeader(file);
  if (fileBytes - payloadOffset !== manifest.payloadBytes)
    throw new BackupRefused(
      `${file} is damaged or incomplete: ${fileBytes - payloadOffset} bytes of contents where its header says ${manifest.payloadBytes}`,
    );
  const actual = await sha256Of(file, payloadOffset);
  if (actual !== manifest.sha256)
    throw new BackupRefused(`${file} is damaged: its contents' SHA-256 is ${actual}, its header says ${manifest.sha256}`);
  return { manifest, payloadOffset };
}
