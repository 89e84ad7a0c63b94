/**
 * Where to send the browser after signing in: only a path on our own site. "//evil.example" and "/\\evil"
 * are protocol-relative to browsers, so they are refused like absolute URLs; control characters too.
 */
export function safeReturnTo(value: string | null | undefined, fallback = "/"): string {
  if (!value || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  return value;
}
