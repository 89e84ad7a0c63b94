/** The recent-write cookie over real HTTP (decision 0053): set on a successful write only. */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECENT_WRITE_COOKIE } from "~/lib/read-database.server.ts";
import { markRecentWrites } from "./recent-writes.ts";

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(markRecentWrites(false));
  app.use((req, res) => {
    const status = Number(new URL(req.url, "http://x").searchParams.get("status") ?? 200);
    // One route also sets a cookie of its own, which must survive.
    if (req.path === "/own-cookie") res.cookie("mine", "1");
    if (status === 303) return res.redirect(303, "/done");
    res.status(status).json({ ok: status < 400 });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const cookiesOf = async (path: string, method: string) =>
  (await fetch(`${base}${path}`, { method, redirect: "manual" })).headers.getSetCookie().map((c) => c.split("=")[0]);

describe("markRecentWrites", () => {
  it("marks a successful POST, PUT, PATCH or DELETE, a redirect after a post included", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) expect(await cookiesOf("/save", method)).toEqual([RECENT_WRITE_COOKIE]);
    expect(await cookiesOf("/save?status=303", "POST")).toEqual([RECENT_WRITE_COOKIE]);
    expect(await cookiesOf("/own-cookie", "POST")).toEqual(["mine", RECENT_WRITE_COOKIE]);
  });

  it("leaves reads, refused writes and failed writes unmarked", async () => {
    expect(await cookiesOf("/listings", "GET")).toEqual([]);
    expect(await cookiesOf("/listings", "HEAD")).toEqual([]);
    for (const status of [400, 403, 413, 429, 500, 503]) expect(await cookiesOf(`/save?status=${status}`, "POST")).toEqual([]);
  });
});
