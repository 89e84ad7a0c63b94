import { z } from "zod";
import type { Route } from "./+types/media";
import { readFile } from "~/features/media/stored-files.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import { notFound } from "~/lib/errors.ts";
import { notModified } from "~/lib/http.server.ts";

/** GET /media/:id: a stored image. Files never change (a new upload is a new id), so browsers keep them for a year. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) notFound("No such file.");
  const file = await readFile(getAppContext(context).database, id.data);
  if (!file) notFound("No such file.");
  const etag = `"${file.sha256}"`;
  const headers = {
    "Content-Type": file.contentType,
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    // Only ever an image: nothing in it may run or be taken for another type.
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("if-none-match") === etag) return notModified(headers);
  return new Response(Buffer.from(file.bytes), { headers: { ...headers, "Content-Length": String(file.size) } });
}
