/**
 * A stream's bytes, counted as they arrive and never more than `limit`: one that passes it is cancelled at once
 * (so a huge upload or download stops there) and answers "too_large". A failing stream rejects as it failed.
 * Request bodies (http.server.ts) and downloaded attachments (spreadsheet-api.server.ts) are read through it.
 */
export async function readAtMost(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | "too_large"> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => {});
      return "too_large";
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
