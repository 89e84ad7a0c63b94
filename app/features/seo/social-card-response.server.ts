import { notModified } from "~/lib/http.server.ts";

/**
 * A card's answer. Its address holds its version, so the bytes behind an address never change: cached for a year by
 * anyone, revalidated by ETag. Only ever an image: nothing in it may run or be taken for another type.
 */
export function socialCardResponse(request: Request, version: string, png: Uint8Array): Response {
  const etag = `"${version}"`;
  const headers = {
    "Content-Type": "image/png",
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("if-none-match") === etag) return notModified(headers);
  return new Response(Buffer.from(png), { headers: { ...headers, "Content-Length": String(png.byteLength) } });
}
