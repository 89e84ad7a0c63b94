/**
 * Images we keep ourselves (application logos). The type is read from the file's first bytes, never from its
 * name or the browser's claim, and must be one of a few raster formats: SVG is refused because it can carry
 * script, and we serve these files from our own origin.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { storedFiles } from "#db/schema/media.ts";
import type { Database } from "~/lib/db.server.ts";
import { logoSizeProblem, type LogoType } from "./logo-rules.ts";

export { LOGO_MAX_BYTES } from "./logo-rules.ts";

/** The image type the bytes are, by their signature; null for anything else. */
export function sniffImageType(bytes: Uint8Array): LogoType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50)
    return "image/webp";
  return null;
}

export type LogoCheck = { ok: true; contentType: LogoType; bytes: Uint8Array } | { ok: false; message: string } | { ok: "none" };

/** A logo field's file: none chosen, an accepted image, or the reason it is refused. */
export async function checkLogo(value: FormDataEntryValue | null): Promise<LogoCheck> {
  if (!value || typeof value === "string" || value.size === 0) return { ok: "none" };
  const tooLarge = logoSizeProblem(value.size);
  if (tooLarge) return { ok: false, message: tooLarge };
  const bytes = new Uint8Array(await value.arrayBuffer());
  const contentType = sniffImageType(bytes);
  if (!contentType) return { ok: false, message: "Upload a PNG, JPEG, WebP or GIF image." };
  return { ok: true, contentType, bytes };
}

export async function storeFile({ db }: Database, contentType: string, bytes: Uint8Array): Promise<string> {
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const [row] = await db
    .insert(storedFiles)
    .values({ contentType, bytes, size: bytes.byteLength, sha256 })
    .returning({ id: storedFiles.id });
  return row!.id;
}

/**
 * Keeps an image we fetched (an imported logo) as our own file and returns its address (/media/{id}): the bytes must
 * be an image we serve, whatever the sender declared. The same bytes stored before are reused, so importing a logo
 * again adds no file and gives the same address.
 */
export async function storeImage(database: Database, bytes: Uint8Array): Promise<string> {
  const type = sniffImageType(bytes);
  if (!type) throw new Error("the file is not a PNG, JPEG, WebP or GIF image");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const [same] = await database.db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.sha256, sha256)).limit(1);
  return fileUrl(same?.id ?? (await storeFile(database, type, bytes)));
}

export async function readFile({ db }: Database, id: string) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row ?? null;
}

export function fileUrl(id: string): string {
  return `/media/${id}`;
}
