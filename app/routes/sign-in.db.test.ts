/**
 * Issue 30 §1: password sign-in on /sign-in (and the dialog, which posts here), as a browser without JavaScript sends
 * it, and as an attacker tries it: an unknown address and a wrong password answer alike, guessing is limited per
 * account and per client address, bad input is a 400 beside its field, and the session after sign-in is a new one.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { answered, makePasswordAccount, newestMail, routeArgs } from "~/features/accounts/test-support.ts";
import { PASSWORD_ATTEMPTS_PER_ACCOUNT } from "~/features/accounts/account-limits.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getSessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf } from "#test-support/test-route.ts";
import { getAuth } from "~/lib/auth.server.ts";
import * as authCatchAll from "./api.auth.$.ts";
import * as signInRoute from "./sign-in.tsx";

/** Sign-in attempts per client address a minute: small, as every unknown address costs a password hash's time. */
const PER_CLIENT = 6;
vi.hoisted(() => {
  process.env.SIGN_IN_ATTEMPTS_PER_MINUTE = "6";
});

const PASSWORD = "correct horse battery";
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await makePasswordAccount(database, { name: "Member", email: "member@sign-in.example", password: PASSWORD });
});

afterAll(async () => {
  await database?.close();
});

let client = 0;
/** Each call from its own client address unless one is given: the per-address limit stays out of the way. */
async function signIn(fields: Record<string, string>, options: { clientAddress?: string; cookie?: string; returnTo?: string } = {}) {
  const path = `/sign-in?returnTo=${encodeURIComponent(options.returnTo ?? "/listings")}`;
  const clientAddress = options.clientAddress ?? `198.51.100.${++client}`;
  return answered(await signInRoute.action(await routeArgs(database, path, { form: fields, clientAddress, cookie: options.cookie })));
}

describe("password sign-in", () => {
  it("signs in with the right password and goes on to returnTo with a working session", async () => {
    const done = await signIn({ email: "Member@Sign-In.example", password: PASSWORD });
    expect([done.status, done.location]).toEqual([302, "/listings"]);
    const user = await getSessionUser(database, new Headers({ cookie: done.cookie! }));
    expect(user?.email).toBe("member@sign-in.example");
  });

  it("answers a wrong password and an unknown address with the same status and the same words", async () => {
    const wrong = await signIn({ email: "member@sign-in.example", password: "not the password at all" });
    const unknown = await signIn({ email: "nobody@sign-in.example", password: "not the password at all" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.data).toEqual({ ...wrong.data, values: { email: "nobody@sign-in.example" } });
    expect(wrong.data?.errors).toEqual({ password: expect.stringContaining("do not match an account") });
    expect(JSON.stringify(wrong.data)).not.toContain("not the password at all");
  });

  it("refuses NUL and an over-long password with a 400 beside the field, keeping the address", async () => {
    const nul = await signIn({ email: "member@sign-in.example", password: "correct\u0000horse" });
    expect(nul.status).toBe(400);
    expect(nul.data).toMatchObject({ errors: { password: expect.stringContaining("NUL") }, values: { email: "member@sign-in.example" } });
    const long = await signIn({ email: "member@sign-in.example", password: "x".repeat(129) });
    expect(long.status).toBe(400);
    expect(long.data).toMatchObject({ errors: { password: "A password has at most 128 characters." } });
    const bad = await signIn({ email: "not an address", password: PASSWORD });
    expect(bad.data).toMatchObject({ errors: { email: expect.stringContaining("valid e-mail") }, values: { email: "not an address" } });
  });

  it("limits guesses at one account from many addresses, whether or not it exists, and leaves other accounts alone", async () => {
    await makePasswordAccount(database, { name: "Target", email: "target@sign-in.example", password: PASSWORD });
    for (let i = 0; i < PASSWORD_ATTEMPTS_PER_ACCOUNT; i++) {
      expect((await signIn({ email: "target@sign-in.example", password: `guess number ${i}` })).status).toBe(401);
      expect((await signIn({ email: "ghost@sign-in.example", password: `guess number ${i}` })).status).toBe(401);
    }
    const blocked = await signIn({ email: "target@sign-in.example", password: PASSWORD });
    const ghost = await signIn({ email: "ghost@sign-in.example", password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    expect([ghost.status, ghost.data]).toEqual([blocked.status, { ...blocked.data, values: { email: "ghost@sign-in.example" } }]);
    expect((await signIn({ email: "member@sign-in.example", password: PASSWORD })).status).toBe(302);
  });

  it("counts the API's password sign-in (POST /api/auth/sign-in/email) against the same account limit", async () => {
    await makePasswordAccount(database, { name: "Api", email: "api@sign-in.example", password: PASSWORD });
    const viaApi = async (password: string) => {
      const args = await routeArgs<Parameters<typeof authCatchAll.action>[0]>(database, "/api/auth/sign-in/email", {
        clientAddress: `192.0.2.${++client % 250}`,
      });
      const request = new Request(args.request.url, {
        method: "POST",
        headers: { origin: args.request.headers.get("origin")!, "content-type": "application/json" },
        body: JSON.stringify({ email: "api@sign-in.example", password }),
      });
      // Answered as the server answers it: the limit's refusal is thrown to the error pipeline.
      return (await answerOf(authCatchAll.action({ ...args, request }))).status;
    };
    for (let i = 0; i < PASSWORD_ATTEMPTS_PER_ACCOUNT; i++) expect(await viaApi(`api guess ${i}`)).toBe(401);
    expect(await viaApi(PASSWORD)).toBe(429);
    expect((await signIn({ email: "api@sign-in.example", password: PASSWORD })).status).toBe(429);
  });

  it("limits guesses from one client address across accounts", async () => {
    const answers: number[] = [];
    for (let i = 0; i <= PER_CLIENT; i++)
      answers.push(
        (await signIn({ email: `spray${i}@sign-in.example`, password: "one common password" }, { clientAddress: "203.0.113.9" })).status,
      );
    expect(answers.slice(0, PER_CLIENT).every((s) => s === 401)).toBe(true);
    expect(answers[PER_CLIENT]).toBe(429);
  });

  it("tells the owner of an unconfirmed account (right password only) that a new link is on its way", async () => {
    await getAuth(database).api.signUpEmail({ body: { name: "Late", email: "late@sign-in.example", password: PASSWORD } });
    const wrong = await signIn({ email: "late@sign-in.example", password: "a wrong password here" });
    expect(wrong.status).toBe(401);
    const right = await signIn({ email: "late@sign-in.example", password: PASSWORD });
    expect(right.status).toBe(403);
    expect(right.data?.message).toContain("not confirmed yet");
    expect(await newestMail(database, "verify_email", "late@sign-in.example")).toBeDefined();
  });

  it("makes a new session on sign-in: a cookie planted before it is not the one after (no session fixation)", async () => {
    const planted = "ib.session_token=planted-by-an-attacker.signature";
    const done = await signIn({ email: "member@sign-in.example", password: PASSWORD }, { cookie: planted });
    expect(done.status).toBe(302);
    expect(done.cookie).toMatch(/session_token=/);
    expect(done.cookie).not.toContain("planted-by-an-attacker");
    expect(await getSessionUser(database, new Headers({ cookie: planted }))).toBeNull();
  });
});
