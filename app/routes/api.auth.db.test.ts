/** The auth calls of spec 01 §7 as route modules: input checks, signed-out answers and the sign-in rate limit. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs } from "#test-support/test-route.ts";
import * as me from "./api.auth.me.ts";
import * as session from "./api.auth.session.ts";
import * as signin from "./api.auth.signin.ts";
import * as signout from "./api.auth.signout.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** A route called as the server calls it: what it throws is answered by the error pipeline. */
const call = <T>(fn: (args: never) => T, path: string, init?: RequestInit) =>
  answerOf(fn(loaderArgs(database, path, {}, { init }) as never));

describe("auth calls", () => {
  it("answers 401 to /me and {} to the session call when signed out", async () => {
    const response = (await call(me.loader, "/api/auth/me")) as Response;
    expect(response.status).toBe(401);
    expect(await ((await call(session.loader, "/api/auth/session")) as Response).json()).toEqual({});
  });

  it("refuses an unknown provider with a 400 naming the choices", async () => {
    const response = (await call(signin.loader, "/api/auth/signin?provider=github")) as Response;
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('Unknown provider "github". Use google or linkedin.');
  });

  it("refuses a session update without a session, and a body that is not JSON", async () => {
    const post = (body: string) => ({ method: "POST", body, headers: { "content-type": "application/json" } });
    expect(((await call(session.action, "/api/auth/session", post('{"csrfToken":"x","data":{"name":"Z"}}'))) as Response).status).toBe(401);
    expect(((await call(session.action, "/api/auth/session", post("not json"))) as Response).status).toBe(400);
  });

  it("signs out idempotently, and sends a browser form home", async () => {
    const json = (await call(signout.action, "/api/auth/signout", { method: "POST" })) as Response;
    expect(await json.json()).toEqual({ ok: true });
    const form = (await call(signout.action, "/api/auth/signout", { method: "POST", headers: { accept: "text/html" } })) as Response;
    expect([form.status, form.headers.get("location")]).toEqual([303, "/"]);
  });

  it("limits sign-in attempts per client address, with Retry-After", async () => {
    // The minute is counted on a clock the test sets: however slow the run, the attempts fall where it puts them.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2031-05-01T12:00:00Z"));
      const attempt = async () => (await call(signin.loader, "/api/auth/signin?provider=google&returnTo=/")) as Response;
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await attempt()).status);
      expect(statuses.every((s) => s === 302)).toBe(true);
      vi.setSystemTime(new Date("2031-05-01T12:00:40Z"));
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("20");
      // A minute after the first attempt the window is new.
      vi.setSystemTime(new Date("2031-05-01T12:01:00Z"));
      expect((await attempt()).status).toBe(302);
    } finally {
      vi.useRealTimers();
    }
  });
});
