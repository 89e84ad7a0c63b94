import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { setImmediate as nextTurn } from "node:timers/promises";
import { inLargerChunks, withoutModulePreloads } from "./html-stream.server.ts";

const through = (chunks: string[]) => text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(withoutModulePreloads()));

describe("withoutModulePreloads", () => {
  it("drops the head's module preloads, even when a tag is split across chunks, and leaves the rest alone", async () => {
    const html = await through([
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/><link rel="modu',
      'lepreload" href="/assets/x.js" nonce="n"/><link rel="modulepreload" href="/assets/y.js"/><title>T</title></he',
      'ad><body><p>rel="modulepreload" stays in the body</p><script type="module">import "/assets/x.js";</script></body></html>',
    ]);
    expect(html).toBe(
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/><title>T</title></head><body><p>rel="modulepreload" stays in the body</p><script type="module">import "/assets/x.js";</script></body></html>',
    );
  });

  it("passes a document without a head through unchanged", async () => {
    expect(await through(["<p>partial", " document</p>"])).toBe("<p>partial document</p>");
  });
});

describe("inLargerChunks", () => {
  it("passes what is written in one go as one chunk, and what comes after a pause as another, in order", async () => {
    const stream = inLargerChunks();
    const out: string[] = [];
    stream.on("data", (chunk: Buffer) => out.push(chunk.toString()));
    for (let i = 0; i < 75; i++) stream.write(Buffer.from(`<p>${i}</p>`));
    await nextTurn();
    await nextTurn();
    expect(out).toHaveLength(1);
    expect(out[0]).toBe(Array.from({ length: 75 }, (_, i) => `<p>${i}</p>`).join(""));
    stream.write(Buffer.from("<p>later</p>"));
    await nextTurn();
    await nextTurn();
    expect(out).toEqual([out[0], "<p>later</p>"]);
    stream.end(Buffer.from("</body>"));
    await new Promise((resolve) => stream.on("end", resolve));
    expect(out.join("")).toContain("<p>later</p></body>");
  });

  it("does not hold more than 64 kB back within one burst", async () => {
    const stream = inLargerChunks();
    const sizes: number[] = [];
    stream.on("data", (chunk: Buffer) => sizes.push(chunk.length));
    for (let i = 0; i < 100; i++) stream.write(Buffer.alloc(2048, 97));
    stream.end();
    await new Promise((resolve) => stream.on("end", resolve));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(204_800);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(64 * 1024 + 2048);
    expect(sizes.length).toBeGreaterThanOrEqual(3);
  });
});
