import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { withoutModulePreloads } from "./html-stream.server.ts";

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
