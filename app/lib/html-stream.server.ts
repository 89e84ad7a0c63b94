import { Transform } from "node:stream";

/**
 * Drops the `<link rel="modulepreload">` tags from the document head. With them, a phone on a slow network spends its
 * first second downloading about 150 kB of JavaScript alongside the stylesheet, and paints late; without them the
 * page paints with the HTML and the stylesheet, and the JavaScript (found through the module script at the end of the
 * body) arrives right after to make it interactive. On the client React adds the hoisted tags to the head as it
 * hydrates (hoisted links are not compared with the server's), when the scripts are already on their way.
 */
export function withoutModulePreloads(): Transform {
  let head = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      head += chunk.toString("utf8");
      const end = head.indexOf("</head>");
      if (end === -1) return callback();
      done = true;
      const out = head.slice(0, end).replace(/<link rel="modulepreload"[^>]*>/g, "") + head.slice(end);
      head = "";
      callback(null, out);
    },
    flush(callback) {
      callback(null, done ? undefined : head);
    },
  });
}

/** Bytes gathered before they are passed on even within one burst of writes. */
const LARGE_CHUNK = 64 * 1024;

/**
 * Passes the document on in few large chunks instead of React's many small ones (about 2 kB each): every chunk costs a
 * compression call, and the directory page's 150 kB in some 75 chunks spent about 9 ms per request in brotli against
 * 1.5 ms for the same bytes at once (issue 17's HTML throughput). What React writes in one go is passed on together
 * when it stops (at the next turn of the event loop) or when 64 kB have gathered, so a part streamed later (a
 * Suspense boundary resolving) still leaves as soon as it is written.
 */
export function inLargerChunks(): Transform {
  let gathered: Buffer[] = [];
  let size = 0;
  let scheduled = false;
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      gathered.push(chunk);
      size += chunk.length;
      if (size >= LARGE_CHUNK) release();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      callback();
    },
    flush(callback) {
      release();
      callback();
    },
  });
  function release(): void {
    scheduled = false;
    if (!size) return;
    const out = Buffer.concat(gathered, size);
    gathered = [];
    size = 0;
    stream.push(out);
  }
  return stream;
}
