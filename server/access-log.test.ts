/**
 * The access log (issue 29 §6): a line per request with its id, method, status and URL, and no secret of the URL in
 * it, whatever the route answers. The logger is made as the server makes it and writes to memory.
 */
import express from "express";
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET_PATHS, safeLogOptions } from "~/lib/log-redaction.ts";
import { accessLog } from "./access-log.ts";

type Line = { msg?: string; req?: { id?: string; url?: string }; res?: { statusCode?: number } };
const lines: Line[] = [];
const waiters = new Set<() => void>();
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Line);
    for (const wake of waiters) wake();
    done();
  },
});

/** The line logged for a request id, once it is written (pino-http writes it as the answer finishes). */
function lineFor(id: string | null): Promise<Line> {
  return new Promise((resolve) => {
    const check = () => {
      const line = lines.find((l) => l.req?.id === id);
      if (!line) return;
      waiters.delete(check);
      resolve(line);
    };
    waiters.add(check);
    check();
  });
}
const app = express();
app.use(accessLog(pino(safeLogOptions({ level: "info" }), stream)));
app.get("/fails/*rest", (_req, res) => void res.status(500).send("no"));
app.use((_req, res) => void res.send("ok"));
let server: Server;
let origin = "";

beforeAll(async () => {
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function logLineFor(target: string, init?: RequestInit) {
  const response = await fetch(`${origin}${target}`, init);
  await response.text();
  return lineFor(response.headers.get("x-request-id"));
}

describe("the access log", () => {
  it("logs every secret path with its secret replaced", async () => {
    for (const pattern of SECRET_PATHS) {
      const secret = `s3cr3t${pattern.length}`;
      const target = pattern.replace(/:\w+/g, secret);
      const line = await logLineFor(target, { headers: { referer: `${origin}${target}` } });
      expect(line).toMatchObject({ msg: "request completed", res: { statusCode: 200 } });
      expect(line.req?.url).toBe(pattern.replace(/:\w+/g, "[redacted]"));
      expect(JSON.stringify(line)).not.toContain(secret);
    }
  });

  it("logs secret query parameters without their values, on failures too", async () => {
    const line = await logLineFor("/fails/verify?token=s3cr3tA&code=s3cr3tB&state=s3cr3tC&api_key=s3cr3tD&page=2");
    expect(line).toMatchObject({
      res: { statusCode: 500 },
      req: { url: "/fails/verify?token=[redacted]&code=[redacted]&state=[redacted]&api_key=[redacted]&page=2" },
    });
    expect(JSON.stringify(line)).not.toMatch(/s3cr3t/);
  });

  it("redacts before it shortens a long URL", async () => {
    const line = await logLineFor(`/unsubscribe/${"s3cr3t".repeat(100)}`);
    expect(line.req?.url).toBe("/unsubscribe/[redacted]");
  });
});
