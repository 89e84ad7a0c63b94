/**
 * Issue 29 §5: text PostgreSQL cannot store, sent to any of Better Auth's endpoints, is a 400 with a message. NUL
 * used to reach the database (update-user answered 500, sign-up 422 "Failed to create user"), and a lone surrogate
 * or bytes that are not UTF-8 were stored as U+FFFD. Every field of the endpoints a member uses is tried, signed in
 * where the endpoint needs it, through the route the server runs (/api/auth/* is routes/api.auth.$.ts).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "#db/schema/accounts.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl } from "~/lib/env.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs } from "#test-support/test-route.ts";
import * as authCatchAll from "~/routes/api.auth.$.ts";

const PASSWORD = "correct horse battery";
const EMAIL = "member@bodies.example";
let database: Database;
let cookie: string;

/** A POST to /api/auth/{path} as a browser on our site sends it. */
async function post(path: string, body: BodyInit, options: { contentType?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = { "content-type": options.contentType ?? "application/json", origin: publicUrl(getEnv()) };
  if (options.cookie) headers.cookie = options.cookie;
  const response = await authCatchAll.action(
    loaderArgs(database, `/api/auth/${path}`, {}, { init: { method: "POST", headers, body } }) as never,
  );
  const text = await response.text();
  const parsed = text && response.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as Record<string, unknown>) : { text };
  return { status: response.status, body: parsed, headers: response.headers };
}

const json = (value: unknown) => JSON.stringify(value);

beforeAll(async () => {
  process.env.SIGN_IN_ATTEMPTS_PER_MINUTE = "1000";
  database = await openTestDatabase();
  expect((await post("sign-up/email", json({ name: "Member", email: EMAIL, password: PASSWORD }))).status).toBe(200);
  // The link's confirmation is tested elsewhere (verified-addresses.db.test.ts): here the address is simply proven.
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, EMAIL));
  const signedIn = await post("sign-in/email", json({ email: EMAIL, password: PASSWORD }));
  expect(signedIn.status).toBe(200);
  cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

afterAll(async () => {
  await database?.close();
});

/** Each field of `fields` in turn with `bad` inserted, the others as given: each answer, by field. */
async function eachFieldWith(path: string, fields: Record<string, string>, bad: string, options: { cookie?: string } = {}) {
  const answers: Record<string, { status: number; error: unknown }> = {};
  for (const field of Object.keys(fields)) {
    const answer = await post(path, json({ ...fields, [field]: `${fields[field]!.slice(0, 3)}${bad}${fields[field]!.slice(3)}` }), options);
    answers[field] = { status: answer.status, error: answer.body.error };
  }
  return answers;
}

const refusedWith = (fields: Record<string, string>, message: string) =>
  Object.fromEntries(Object.keys(fields).map((field) => [field, { status: 400, error: message }]));

const NUL = "Text may not contain NUL characters (\\u0000).";
const SURROGATE = "Text may not contain a lone surrogate (an unpaired \\ud800-\\udfff escape): it is not valid Unicode.";

describe("update-user (signed in)", () => {
  const fields = { name: "New Name", image: "https://img.example/me.png" };

  it("refuses NUL and a lone surrogate in each field with a 400 and a message, and changes nothing", async () => {
    expect(await eachFieldWith("update-user", fields, "\u0000", { cookie })).toEqual(refusedWith(fields, NUL));
    expect(await eachFieldWith("update-user", fields, "\ud800", { cookie })).toEqual(refusedWith(fields, SURROGATE));
    const [user] = await database.db.select({ name: users.name, image: users.image }).from(users).where(eq(users.email, EMAIL));
    expect(user).toEqual({ name: "Member", image: null });
  });

  it("refuses an over-long name, and still takes a good update (the session is real)", async () => {
    const long = await post("update-user", json({ name: "n".repeat(101) }), { cookie });
    expect([long.status, long.body.error]).toEqual([400, "name is too long: at most 100 characters."]);
    expect((await post("update-user", json({ name: "Renamed" }), { cookie })).status).toBe(200);
    const [user] = await database.db.select({ name: users.name }).from(users).where(eq(users.email, EMAIL));
    expect(user?.name).toBe("Renamed");
  });
});

describe("change-password (signed in)", () => {
  it("refuses NUL in each field with a 400 and a message", async () => {
    const fields = { currentPassword: PASSWORD, newPassword: "another good password" };
    expect(await eachFieldWith("change-password", fields, "\u0000", { cookie })).toEqual(refusedWith(fields, NUL));
  });
});

describe("signed out", () => {
  it("sign-up/email refuses NUL and lone surrogates in each field, and makes no account", async () => {
    const fields = { name: "Newcomer", email: "newcomer@bodies.example", password: "a good long password", callbackURL: "/listings" };
    expect(await eachFieldWith("sign-up/email", fields, "\u0000")).toEqual(refusedWith(fields, NUL));
    expect(await eachFieldWith("sign-up/email", fields, "\udc00")).toEqual(refusedWith(fields, SURROGATE));
    expect(await database.db.select().from(users).where(eq(users.name, "Newcomer"))).toEqual([]);
  });

  it("sign-in/email and request-password-reset refuse NUL in each field", async () => {
    const signIn = { email: EMAIL, password: PASSWORD, callbackURL: "/listings" };
    expect(await eachFieldWith("sign-in/email", signIn, "\u0000")).toEqual(refusedWith(signIn, NUL));
    const reset = { email: EMAIL, redirectTo: "/sign-in" };
    expect(await eachFieldWith("request-password-reset", reset, "\u0000")).toEqual(refusedWith(reset, NUL));
  });

  it("refuses a body that is not UTF-8, NUL in a form, and over-long values, each with its message", async () => {
    const notUtf8 = new Uint8Array([
      ...new TextEncoder().encode('{"name":"'),
      0xff,
      ...new TextEncoder().encode('","email":"x@y.example"}'),
    ]);
    expect(await post("sign-up/email", notUtf8)).toMatchObject({ status: 400, body: { error: "The request is not valid UTF-8 text." } });
    const form = await post("sign-up/email", "name=A%00B&email=form%40bodies.example&password=a+good+long+password", {
      contentType: "application/x-www-form-urlencoded",
    });
    expect([form.status, form.body.error]).toEqual([400, NUL]);
    const longEmail = await post("sign-up/email", json({ name: "Long", email: `${"a".repeat(300)}@bodies.example`, password: PASSWORD }));
    expect([longEmail.status, longEmail.body.error]).toEqual([400, "email is too long: at most 254 characters."]);
    const longToken = await post("sign-in/social", json({ provider: "google", idToken: { token: "t".repeat(9_000) } }));
    expect([longToken.status, longToken.body.error]).toEqual([400, "idToken.token is too long: at most 8,192 characters."]);
  });

  it("refuses a body nested deeper than Better Auth's bodies go with a 400, however deep (no stack overflow, no 500)", async () => {
    for (const path of ["sign-in/email", "sign-up/email"]) {
      const deep = await post(path, `${"[".repeat(50_000)}${"]".repeat(50_000)}`);
      expect([path, deep.status, deep.body.error]).toEqual([path, 400, "The body is nested too deeply: at most 16 levels."]);
    }
    const idToken = await post("sign-in/social", json({ provider: "google", idToken: { token: "t".repeat(20) } }));
    expect(idToken.status).not.toBe(400);
  });

  it("does not serve over HTTP what the account pages do behind their limits (decision 0076)", async () => {
    for (const path of [
      "request-password-reset",
      "reset-password",
      "change-email",
      "change-password",
      "revoke-other-sessions",
      "unlink-account",
    ]) {
      const answer = await post(path, json({ email: EMAIL, token: "t", newPassword: "another good password", newEmail: "x@y.example" }), {
        cookie,
      });
      expect([path, answer.status]).toEqual([path, 404]);
    }
  });

  it("writes nothing to stdout or stderr: Better Auth's own lines go to the app's logger", async () => {
    const written: string[] = [];
    const capture = (chunk: unknown) => {
      written.push(String(chunk));
      return true;
    };
    const out = vi.spyOn(process.stdout, "write").mockImplementation(capture);
    const err = vi.spyOn(process.stderr, "write").mockImplementation(capture);
    const logged = vi.spyOn(logger, "error");
    try {
      await post("sign-up/email", json({ name: "A\u0000B", email: "quiet@bodies.example", password: PASSWORD }));
      await post("update-user", json({ name: "A\u0000B" }), { cookie });
      // A request Better Auth refuses itself, and logs as an error: a provider it does not have.
      const social = await post("sign-in/social", json({ provider: "myspace", callbackURL: "/" }));
      expect(social.status).toBe(404);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    expect(written).toEqual([]);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ source: "better-auth" }), expect.stringMatching(/^Provider not found/));
  });
});
