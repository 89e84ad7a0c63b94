/**
 * The compression answers get (issue 33, cheaper pages): brotli for a browser that offers it, at the quality set here,
 * which costs a /listings page about a sixth of the default's CPU for some 20 % more bytes; nothing below 1 kB.
 */
import express from "express";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_BROTLI_QUALITY, pageCompression } from "./page-compression.ts";

/** Something like a directory page: the same markup and classes around different names and numbers, some 170 kB. */
let seed = 7;
const word = () => ((seed = (seed * 48271) % 2147483647) % 1679616).toString(36);
const classes = [
  "flex h-full flex-col rounded-xl border border-border p-5",
  "badge badge-outline max-w-full",
  "mt-3 line-clamp-2 text-sm text-fg-muted",
  "grid grid-cols-[5.75rem_minmax(0,1fr)] gap-x-2",
];
const page = Array.from(
  { length: 500 },
  (_, i) =>
    `<article class="${classes[i % 4]}"><h3 class="truncate">${word()}</h3><dl class="${classes[(i + 1) % 4]}"><dt>Industries</dt>` +
    `<dd><span class="${classes[(i * 3) % 4]}" title="Region ${i % 13}">Region ${i % 13}</span></dd></dl><p class="${classes[2]}">${i * 37}</p></article>`,
).join("\n");
const sizeAt = (quality: number) => brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }).length;

let origin: string;
let close: () => void;
beforeAll(async () => {
  const app = express();
  app.use(pageCompression());
  app.get("/page", (_req, res) => res.type("html").send(page));
  app.get("/small", (_req, res) => res.type("html").send("<p>small</p>"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close?.());

async function raw(path: string, acceptEncoding: string) {
  const { request } = await import("node:http");
  return new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    request(`${origin}${path}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(parts) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("pageCompression", () => {
  it("answers a page in brotli at the quality set when the browser offers it, the same page once decoded", async () => {
    expect(PAGE_BROTLI_QUALITY).toBe(1);
    const answer = await raw("/page", "gzip, deflate, br");
    expect(answer.encoding).toBe("br");
    expect(brotliDecompressSync(answer.body).toString()).toBe(page);
    // Within a few bytes of the quality set, and far from what the library's default (4) makes.
    expect(Math.abs(answer.body.length - sizeAt(PAGE_BROTLI_QUALITY))).toBeLessThan(64);
    expect(Math.abs(answer.body.length - sizeAt(4))).toBeGreaterThan(200);
  });

  it("leaves an answer under 1 kB as it is", async () => {
    const answer = await raw("/small", "br");
    expect(answer.encoding).toBeUndefined();
    expect(answer.body.toString()).toBe("<p>small</p>");
  });
});
