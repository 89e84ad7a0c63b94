import { DrizzleQueryError } from "drizzle-orm/errors";
import { pino } from "pino";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { redactText, redactUrl, safeLogOptions } from "./log-redaction.ts";

const T = "tok3nV4lue";

describe("redactUrl", () => {
  it("replaces the secret segment of every secret path, however the router would still match it", () => {
    expect(redactUrl(`/unsubscribe/${T}`)).toBe("/unsubscribe/[redacted]");
    expect(redactUrl(`/introductions/respond/${T}`)).toBe("/introductions/respond/[redacted]");
    expect(redactUrl(`/api/auth/reset-password/${T}?callbackURL=%2Fsign-in`)).toBe(
      "/api/auth/reset-password/[redacted]?callbackURL=%2Fsign-in",
    );
    // Case, doubled slashes, %-encoded letters, a trailing slash, segments after it, a client navigation's ".data".
    expect(redactUrl(`/UNSUBSCRIBE/${T}`)).toBe("/UNSUBSCRIBE/[redacted]");
    expect(redactUrl(`//unsubscribe//${T}/`)).toBe("//unsubscribe//[redacted]/");
    expect(redactUrl(`/%75nsubscribe/${T}/more`)).toBe("/%75nsubscribe/[redacted]/more");
    expect(redactUrl(`/unsubscribe/${T}.data?_routes=routes%2Funsubscribe`)).toBe(
      "/unsubscribe/[redacted].data?_routes=routes%2Funsubscribe",
    );
  });

  it("hides the token of the account links (decision 0076): reset, change of address, as a page and as a client navigation", () => {
    expect(redactUrl(`/reset-password?token=${T}`)).toBe("/reset-password?token=[redacted]");
    expect(redactUrl(`/reset-password.data?token=${T}&_routes=routes%2Freset-password`)).toBe(
      "/reset-password.data?token=[redacted]&_routes=routes%2Freset-password",
    );
    expect(redactUrl(`/confirm-email-change?token=${T}`)).toBe("/confirm-email-change?token=[redacted]");
    expect(redactUrl(`/sign-in?returnTo=${encodeURIComponent(`/reset-password?token=${T}`)}`)).not.toContain(T);
  });

  it("replaces the values of secret query and fragment parameters, by name in any case", () => {
    for (const name of ["token", "code", "state", "nonce", "api_key", "apiKey", "access_token", "id_token", "csrfToken", "client_secret"]) {
      expect(redactUrl(`/x?a=1&${name}=${T}&b=2`)).toBe(`/x?a=1&${name}=[redacted]&b=2`);
    }
    expect(redactUrl(`/x?X-Amz-Signature=${T}&code_verifier=${T}&Password=${T}`)).toBe(
      "/x?X-Amz-Signature=[redacted]&code_verifier=[redacted]&Password=[redacted]",
    );
    expect(redactUrl(`/callback#access_token=${T}&expires_in=3600`)).toBe("/callback#access_token=[redacted]&expires_in=3600");
  });

  it("follows a URL passed on in a query value (returnTo, redirect_uri) and keeps its encoding", () => {
    const inner = encodeURIComponent(`/introductions/respond/${T}`);
    expect(redactUrl(`/sign-in?returnTo=${inner}`)).toBe(`/sign-in?returnTo=${encodeURIComponent("/introductions/respond/[redacted]")}`);
    const nested = encodeURIComponent(`https://site.example/cb?state=${T}`);
    expect(redactUrl(`/authorize?redirect_uri=${nested}`)).toContain(encodeURIComponent("state=[redacted]"));
  });

  it("handles absolute URLs, and a password in the authority", () => {
    expect(redactUrl(`https://site.example/verify-email?token=${T}`)).toBe("https://site.example/verify-email?token=[redacted]");
    expect(redactUrl(`postgres://app:${T}@db.internal:5432/introbase`)).toBe("postgres://app:[redacted]@db.internal:5432/introbase");
  });

  it("leaves every other URL as it was", () => {
    for (const url of [
      "/",
      "/listings?search=robots&page=2",
      "/profile/startup/acme",
      "/media/3f1c",
      "/api/listings/startup/acme",
      "/unsubscribe",
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe("redactText", () => {
  it("finds URLs and paths inside free text", () => {
    expect(redactText(`Invalid redirect URL: https://x.example/unsubscribe/${T}?code=${T} (refused)`)).toBe(
      "Invalid redirect URL: https://x.example/unsubscribe/[redacted]?code=[redacted] (refused)",
    );
    expect(redactText(`No route matches "/introductions/respond/${T}/x"`)).toBe('No route matches "/introductions/respond/[redacted]/x"');
    expect(redactText("plain words, a/b and 1/2")).toBe("plain words, a/b and 1/2");
  });
});

/** A logger made as the app's are, writing to memory: the lines it wrote, parsed. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  const log = pino(safeLogOptions({ level: "debug" }), stream);
  return { log, text: () => lines.join("\n"), parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe("safeLogOptions", () => {
  it("redacts secret URLs in any field, nested or not, and in the message", () => {
    const { log, text } = capturedLogger();
    log.warn({ path: `/unsubscribe/${T}`, origin: "https://elsewhere.example" }, "cross-origin request refused");
    log.info({
      details: [{ link: `https://site.example/verify-email?token=${T}` }],
      at: new URL(`https://site.example/introductions/respond/${T}`),
    });
    log.error(`Invalid callbackURL: /sign-in?returnTo=%2Funsubscribe%2F${T}`);
    // Better Auth's state error names the state it could not find; a session's token is a token wherever it is.
    const stateError = Object.assign(new Error("State mismatch: verification not found"), {
      code: "state_mismatch",
      details: { state: T },
    });
    log.error({ source: "better-auth", details: [stateError, { session: { token: T, userId: "u1" } }] }, "Failed to parse state");
    expect(text()).not.toContain(T);
    expect(text()).toContain('"code":"state_mismatch"');
    expect(text()).toContain('"userId":"u1"');
    expect(text()).toContain("/unsubscribe/[redacted]");
  });

  it("logs a failed query's statement and code but never its parameters or the row it quotes", () => {
    const { log, parsed, text } = capturedLogger();
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: "23505",
      constraint: "users_email_key",
      detail: "Key (email)=(private.person@example.org) already exists.",
      where: "unnamed portal parameter $2 = 'hunter2-password'",
      query: 'insert into "users" ("name", "email") values ($1, $2)',
      params: ["Private Person", "private.person@example.org"],
    });
    const failed = new DrizzleQueryError(
      'insert into "users" ("name", "email") values ($1, $2)',
      ["Private Person", "private.person@example.org"],
      driverError,
    );
    log.error({ err: failed, requestId: "r1" }, "unexpected error");
    // Better Auth's lines arrive with the error among the message's arguments (lib/auth.server.ts).
    log.error({ source: "better-auth", details: [failed] }, "Failed to create user");
    // Without a message of its own, pino takes the error's.
    log.error(failed);
    for (const value of ["Private Person", "private.person@example.org", "hunter2-password"]) expect(text()).not.toContain(value);
    const [line] = parsed();
    expect(line).toMatchObject({
      requestId: "r1",
      err: {
        type: "DrizzleQueryError",
        message: 'Failed query: insert into "users" ("name", "email") values ($1, $2)\nparams: [redacted]',
        query: 'insert into "users" ("name", "email") values ($1, $2)',
        cause: {
          code: "23505",
          constraint: "users_email_key",
          message: 'duplicate key value violates unique constraint "users_email_key"',
        },
      },
    });
    expect((line!.err as { stack: string }).stack).toMatch(/^Error: Failed query: .*\nparams: \[redacted\]\n\s+at /);
  });
});
