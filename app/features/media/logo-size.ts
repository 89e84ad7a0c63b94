/** The logo size rule, shared by the server's check (stored-files.server.ts) and the form's check before upload. */
export const LOGO_MAX_BYTES = 1024 * 1024;

/** Over the limit: what to say beside the field; null when the size is fine. */
export function logoSizeProblem(size: number): string | null {
  return size > LOGO_MAX_BYTES ? `The logo is ${(size / 1024 / 1024).toFixed(1)} MB; the limit is 1 MB.` : null;
}
