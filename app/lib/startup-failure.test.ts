import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { parseEnv } from "./env.server.ts";
import {
  databaseUrlFailure,
  describeDatabaseUrl,
  listenFailure,
  logLevel,
  pathFailure,
  settingOf,
  startupFailureLine,
} from "./startup-failure.ts";

const URL = "postgres://app:s3cret@db.internal:6543/introbase";
const errno = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(`${code} happened`), { code, ...extra });
/** As Drizzle wraps a driver error: the statement in the message, the driver's error as the cause. */
const wrapped = (cause: Error) => new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"\nparams: ', { cause });

describe("databaseUrlFailure", () => {
  it.each([
    [
      errno("ECONNREFUSED", { address: "127.0.0.1", port: 5999 }),
      "DATABASE_URL: connection refused at 127.0.0.1:5999 (is PostgreSQL running?)",
    ],
    [errno("ENOTFOUND", { hostname: "db.internal" }), 'DATABASE_URL: unknown host "db.internal"'],
    [
      Object.assign(new Error('password authentication failed for user "app"'), { code: "28P01" }),
      'DATABASE_URL: password authentication failed for user "app" (at db.internal:6543/introbase)',
    ],
    [
      Object.assign(new Error('role "app" does not exist'), { code: "28000" }),
      'DATABASE_URL: role "app" does not exist (at db.internal:6543/introbase)',
    ],
    [
      Object.assign(new Error('database "introbase" does not exist'), { code: "3D000" }),
      'DATABASE_URL: database "introbase" does not exist on db.internal:6543',
    ],
    [errno("CONNECT_TIMEOUT"), "DATABASE_URL: no answer from db.internal:6543/introbase (CONNECT_TIMEOUT happened)"],
  ])("names the setting and the reason, through the query builder's wrapping: %s", (cause, line) => {
    const failure = databaseUrlFailure(wrapped(cause), URL);
    expect(failure?.message).toBe(line);
    expect(settingOf(failure)).toBe("DATABASE_URL");
    expect(failure?.message).not.toContain("s3cret");
  });

  it("names the replica's setting for the replica", () => {
    const failure = databaseUrlFailure(wrapped(errno("ECONNREFUSED", { address: "10.0.0.7", port: 5432 })), URL, "DATABASE_READ_URL");
    expect(failure?.message).toBe("DATABASE_READ_URL: connection refused at 10.0.0.7:5432 (is PostgreSQL running?)");
    expect(settingOf(failure)).toBe("DATABASE_READ_URL");
  });

  it("leaves other failures (a migration's own error) alone", () => {
    expect(databaseUrlFailure(wrapped(Object.assign(new Error("syntax error"), { code: "42601" })), URL)).toBeNull();
    expect(databaseUrlFailure(new Error("no code"), URL)).toBeNull();
  });

  it("never shows who connects or their password", () => {
    expect(describeDatabaseUrl("postgresql://user:pw@host/db")).toBe("host:5432/db");
    expect(describeDatabaseUrl("not a url")).toBe("the configured server");
  });
});

describe("pathFailure and listenFailure", () => {
  it("say which setting's path cannot be written, and why", () => {
    expect(pathFailure("PGLITE_DIR", "/srv/data", errno("EROFS"))?.message).toBe(
      "PGLITE_DIR: cannot write /srv/data (read-only file system)",
    );
    expect(pathFailure("AUTH_SECRET_FILE", "/x/secret", errno("EACCES"))?.message).toBe(
      "AUTH_SECRET_FILE: cannot write /x/secret (permission denied)",
    );
    expect(pathFailure("PGLITE_DIR", "/srv/data", errno("EIO"))).toBeNull();
  });

  it("say when the port is taken or the host is not ours", () => {
    expect((listenFailure(errno("EADDRINUSE", { address: "127.0.0.1", port: 3000 })) as Error).message).toBe(
      "PORT: 127.0.0.1:3000 is already in use (another server is running there?)",
    );
    expect(settingOf(listenFailure(errno("EADDRNOTAVAIL", { address: "10.9.9.9", port: 3000 })))).toBe("HOST");
  });
});

describe("startupFailureLine", () => {
  it("is one line, whatever the error", () => {
    expect(startupFailureLine(new AppError("internal", "PGLITE_DIR: cannot write /d (permission denied)"))).toBe(
      "Introbase cannot start: PGLITE_DIR: cannot write /d (permission denied)",
    );
    expect(startupFailureLine(wrapped(new Error("x")), "npm run db:seed")).toBe(
      'npm run db:seed cannot start: Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"',
    );
    expect(startupFailureLine("\n\nweird")).toBe("Introbase cannot start: weird");
  });

  it("prints an invalid environment variable as the settings check words it", () => {
    let thrown: unknown;
    try {
      parseEnv({ PORT: "http" });
    } catch (error) {
      thrown = error;
    }
    expect(settingOf(thrown)).toBe("PORT");
    expect(startupFailureLine(thrown)).toMatch(/^Introbase cannot start: Invalid environment: PORT: [^\n]+$/);
  });
});

describe("logLevel", () => {
  it("passes a level through and falls back to info for anything else, for the settings check to name", () => {
    expect(logLevel("debug")).toBe("debug");
    expect(logLevel("loud")).toBe("info");
    expect(logLevel(undefined)).toBe("info");
  });
});
