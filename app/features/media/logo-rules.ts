/**
 * The logo rules, shared by the server's check (stored-files.server.ts), the form's check before upload and the
 * spreadsheet import's choice of a record's logo. No Node APIs here: the form's file input reads these too.
 */

/** The raster types we store and serve; SVG is not one, as it can carry script and we serve from our own origin. */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export const isLogoType = (type: string): type is LogoType => (LOGO_TYPES as readonly string[]).includes(type);

export const LOGO_MAX_BYTES = 1024 * 1024;

/** Over the limit: what to say beside the field; null when the size is fine. */
export function logoSizeProblem(size: number): string | null {
  return size > LOGO_MAX_BYTES ? `The logo is ${(size / 1024 / 1024).toFixed(1)} MB; the limit is 1 MB.` : null;
}
