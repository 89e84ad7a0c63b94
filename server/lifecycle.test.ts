/**
 * A server process as a load balancer sees it (server/lifecycle.ts, decision 0052), over real HTTP on a local
 * server: the probes while starting, ready and stopping; a stop that refuses new connections and lets the requests
 * in flight finish; the drain limit; a second signal. The drain limit runs on a clock the test ends by hand, and
 * every wait is for something the server did (a handler entered, a request seen), never for time to pass.
 */
import express from "express";
import { once } from "node:events";
import type { Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLifecycle, shutdownTimeoutMs, type LifecycleOptions } from "./lifecycle.ts";
import { connectionRefused } from "../tests/support/connection-refused.ts";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A deferred: a promise and the function that settles it. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function start(overrides: Partial<LifecycleOptions> = {}) {
  const exits: number[] = [];
  const exited = deferred<number>();
  const logged: string[] = [];
  const stopCalls: Array<{ waitMs: number; requestsDone: Promise<void> }> = [];
  const timers: Array<{ ms: number; fire: () => void; cancelled: boolean }> = [];
  const lifecycle = createLifecycle({
    drainMs: 25_000,
    stopApp: async (options) => {
      stopCalls.push(options);
      await options.requestsDone;
    },
    exit: (code) => {
      exits.push(code);
      exited.resolve(code);
    },
    log: {
      info: (_facts, message) => logged.push(message),
      warn: (_facts, message) => logged.push(message),
      error: (_f, m) => logged.push(m),
    },
    after: (ms, fire) => {
      const timer = { ms, fire, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
    ...overrides,
  });

  const handlerEntered = deferred();
  const handlerMayFinish = deferred();
  const probeSeen = deferred();
  const app = express();
  // The test's own observer: tells it when the server has a probe in hand.
  app.use((req, _res, next) => {
    if (req.path === "/readyz") probeSeen.resolve();
    next();
  });
  app.use(lifecycle.middleware);
  app.use(lifecycle.gate);
  app.get("/page", (_req, res) => void res.send("a page"));
  // A request that takes as long as the test wants; its answer's head is written only at the end.
  app.get("/slow", async (_req, res) => {
    handlerEntered.resolve();
    await handlerMayFinish.promise;
    res.send("finished");
  });
  // The same, but with its head and a first part sent at once (a streamed page).
  app.get("/streaming", async (_req, res) => {
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.write("started;");
    handlerEntered.resolve();
    await handlerMayFinish.promise;
    res.end("finished");
  });
  const server: Server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  cleanups.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  lifecycle.attach(server);
  const { port } = server.address() as AddressInfo;
  return { lifecycle, port, exits, exited: exited.promise, logged, stopCalls, timers, handlerEntered, handlerMayFinish, probeSeen };
}

/** A raw connection: what is sent is exactly what the test writes; `closed` has everything the server sent. */
async function open(port: number): Promise<{ socket: Socket; write: (text: string) => void; closed: Promise<string> }> {
  const socket = connect(port, "127.0.0.1");
  cleanups.push(() => socket.destroy());
  await once(socket, "connect");
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<string>((resolve) => socket.once("close", () => resolve(received)));
  socket.on("error", () => {});
  return { socket, write: (text) => socket.write(text), closed };
}

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`;

/** One request on a connection of its own, its answer read to the end. */
async function get(port: number, path: string) {
  const connection = await open(port);
  connection.write(`GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n`);
  const raw = await connection.closed;
  const [head = "", body = ""] = raw.split("\r\n\r\n");
  const status = Number(head.split(" ")[1]);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1]?.trim();
  return { status, header, body };
}

describe("while starting", () => {
  it("answers /readyz 503 with what the start is doing, and pages 503 to come back later; /healthz 200 throughout", async () => {
    const { lifecycle, port } = await start();
    lifecycle.starting("waiting for another process to finish migrating the database");
    const probe = await get(port, "/readyz");
    expect(probe.status).toBe(503);
    expect(JSON.parse(probe.body)).toEqual({ status: "starting", reason: "waiting for another process to finish migrating the database" });
    expect(probe.header("Cache-Control")).toBe("no-store");
    const page = await get(port, "/page");
    expect([page.status, page.header("Retry-After"), page.body]).toEqual([
      503,
      "5",
      "Introbase is starting. Please try again in a few seconds.",
    ]);
    expect((await get(port, "/healthz")).status).toBe(200);

    lifecycle.ready();
    const ready = await get(port, "/readyz");
    expect([ready.status, JSON.parse(ready.body)]).toEqual([200, { status: "ready" }]);
    expect((await get(port, "/page")).body).toBe("a page");
  });

  it("exits at once on a stop signal, with nothing to drain", async () => {
    const { lifecycle, exits, stopCalls } = await start();
    lifecycle.stop("SIGTERM");
    expect(exits).toEqual([0]);
    expect(stopCalls).toEqual([]);
  });
});

describe("a stop signal", () => {
  it("refuses new connections, lets the request in flight finish, and only then lets the app close its database", async () => {
    const { lifecycle, port, exited, logged, stopCalls, timers, handlerEntered, handlerMayFinish } = await start();
    lifecycle.ready();
    const inFlight = await open(port);
    inFlight.write(request("/slow"));
    await handlerEntered.promise;

    lifecycle.stop("SIGTERM");
    expect(lifecycle.phase).toBe("stopping");
    expect(logged).toContain("shutting down: finishing the requests in flight");
    expect(await connectionRefused(port)).toBe(true);
    // The job worker is told at once, with the whole drain time; the database waits for the requests.
    expect(stopCalls.map((call) => call.waitMs)).toEqual([25_000]);
    let requestsDone = false;
    void stopCalls[0]!.requestsDone.then(() => (requestsDone = true));
    await Promise.resolve();
    expect(requestsDone).toBe(false);

    handlerMayFinish.resolve();
    const answer = await inFlight.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer.endsWith("\r\n\r\nfinished")).toBe(true);
    expect(await exited).toBe(0);
    expect(requestsDone).toBe(true);
    expect(logged.at(-1)).toBe("stopped");
    // The drain limit was not needed.
    expect(timers.find((timer) => timer.ms === 25_000)?.cancelled).toBe(true);
  });

  it("turns /readyz to 503 at once, for a probe on a connection still open", async () => {
    const { lifecycle, port, handlerEntered, handlerMayFinish, probeSeen } = await start();
    lifecycle.ready();
    const connection = await open(port);
    connection.write(request("/streaming"));
    await handlerEntered.promise;

    lifecycle.stop("SIGTERM");
    connection.write(request("/readyz"));
    await probeSeen.promise;
    handlerMayFinish.resolve();
    const [, second = ""] = (await connection.closed).split(/(?=HTTP\/1\.1 )/);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(second).toMatch(/\r\nConnection: close\r\n/i);
    expect(JSON.parse(second.split("\r\n\r\n")[1]!)).toEqual({ status: "stopping", reason: "shutting down" });
  });

  it("closes the connections still busy when the drain time is up, then stops all the same", async () => {
    const { lifecycle, port, exited, logged, timers, handlerEntered } = await start({ drainMs: 5_000 });
    lifecycle.ready();
    const stuck = await open(port);
    stuck.write(request("/slow"));
    await handlerEntered.promise;

    lifecycle.stop("SIGTERM");
    const limit = timers.find((timer) => timer.ms === 5_000)!;
    limit.fire();
    expect(await stuck.closed).toBe("");
    expect(await exited).toBe(0);
    expect(logged).toContain("shutdown time limit reached: closing the connections still open");
  });

  it("ends the process at once on a second signal; the cluster primary's request is not a signal of its own", async () => {
    const { lifecycle, port, exits, handlerEntered } = await start();
    lifecycle.ready();
    (await open(port)).write(request("/slow"));
    await handlerEntered.promise;

    // Ctrl-C in a terminal: the primary asks, and the terminal signals this process too. One stop, still draining.
    lifecycle.stop("SIGTERM", "primary");
    lifecycle.stop("SIGINT");
    expect(exits).toEqual([]);
    lifecycle.stop("SIGINT");
    expect(exits).toEqual([130]);
  });
});

describe("shutdownTimeoutMs", () => {
  it("reads SHUTDOWN_TIMEOUT_MS, and falls back to 25 s for a missing or invalid value (the settings check names it)", () => {
    expect(shutdownTimeoutMs("0")).toBe(0);
    expect(shutdownTimeoutMs("40000")).toBe(40_000);
    for (const value of [undefined, "", " ", "soon", "-1", "1.5", "600001"]) expect(shutdownTimeoutMs(value)).toBe(25_000);
  });
});
