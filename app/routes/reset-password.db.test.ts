/**
 * Issue 30 §1: forgot password and reset, as a person uses them and as an attacker tries them. One answer (status,
 * words, and one e-mail sent before answering) whether or not the address has an account; a link that works once, for
 * an hour (judged by an injected clock), is stored only as a hash, ends every session and frees the account's
 * sign-in limit; limits per client address and per address; bad input answered beside its field.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, verifications } from "#db/schema/accounts.ts";
import { readResetLink, resetPassword } from "~/features/accounts/password-reset.server.ts";
import { answered, mailCount, makePasswordAccount, newestMail, routeArgs, signedInCookie } from "~/features/accounts/test-support.ts";
import { ACCOUNT_EMAILS_PER_HOUR } from "~/lib/account-mail.server.ts";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getSessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import * as forgotRoute from "./forgot-password.tsx";
import * as resetRoute from "./reset-password.tsx";
import * as signInRoute from "./sign-in.tsx";

const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new passphrase";
let database: Database;
let client = 0;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

async function forgot(email: string, clientAddress = `198.51.100.${++client}`) {
  return answered(await forgotRoute.action(await routeArgs(database, "/forgot-password", { form: { email }, clientAddress })));
}

async function openLink(token: string) {
  return resetRoute.loader(await routeArgs(database, `/reset-password?token=${encodeURIComponent(token)}`));
}

async function reset(token: string, password: string) {
  return answered(await resetRoute.action(await routeArgs(database, "/reset-password", { form: { token, password } })));
}

async function signIn(email: string, password: string) {
  const args = await routeArgs(database, "/sign-in?returnTo=%2F", { form: { email, password }, clientAddress: `203.0.113.${++client}` });
  return (await answered(await signInRoute.action(args as never))).status;
}

/** The token of the newest reset link mailed to `email`, as the e-mail shows it. */
async function mailedToken(email: string): Promise<string> {
  const mail = await newestMail(database, "reset_password", email);
  const token = /\/reset-password\?token=(\S+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no reset link for ${email}`);
  return decodeURIComponent(token);
}

describe("asking for a reset", () => {
  it("answers alike for an account, an unknown address and an unconfirmed one, and mails each address once before answering", async () => {
    await makePasswordAccount(database, { name: "Known", email: "known@reset.example", password: PASSWORD });
    await getAuth(database).api.signUpEmail({ body: { name: "Pending", email: "pending@reset.example", password: PASSWORD } });
    const answers = [];
    for (const email of ["known@reset.example", "unknown@reset.example", "pending@reset.example"]) {
      const before = await mailCount(database, email);
      const answer = await forgot(email);
      answers.push({ status: answer.status, data: { ...answer.data, data: { email: "" } } });
      expect(await mailCount(database, email)).toBe(before + 1);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toEqual({ status: 200, data: { ok: true, data: { email: "" } } });
    // The account gets its link; the others are told there is no password to reset here.
    expect(await newestMail(database, "reset_password", "known@reset.example")).toMatchObject({ subject: "Reset your Introbase password" });
    expect(await newestMail(database, "no_account", "unknown@reset.example")).toBeDefined();
    expect(await newestMail(database, "no_account", "pending@reset.example")).toBeDefined();
    expect(await newestMail(database, "reset_password", "pending@reset.example")).toBeUndefined();
  });

  it("stores the token only as a hash", async () => {
    await makePasswordAccount(database, { name: "Hash", email: "hash@reset.example", password: PASSWORD });
    await forgot("hash@reset.example");
    const token = await mailedToken("hash@reset.example");
    const rows = await database.db.select({ identifier: verifications.identifier }).from(verifications);
    expect(rows.some((r) => r.identifier.includes(token))).toBe(false);
    expect((await openLink(token)).state).toBe("open");
  });

  it("refuses bad input beside the field, keeping what was typed", async () => {
    const nul = await forgot("a\u0000b@reset.example");
    expect(nul.status).toBe(400);
    expect(nul.data?.errors).toEqual({ email: expect.stringContaining("NUL") });
    const bad = await forgot("not an address");
    expect([bad.status, bad.data?.values]).toEqual([400, { email: "not an address" }]);
    expect(bad.data?.errors).toEqual({ email: expect.stringContaining("valid e-mail") });
  });

  it("limits requests per client address (429) and e-mails per address (the same answer, no more mail)", async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await forgot(`spray${i}@reset.example`, "203.0.113.200")).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);

    await makePasswordAccount(database, { name: "Bombed", email: "bombed@reset.example", password: PASSWORD });
    for (let i = 0; i < ACCOUNT_EMAILS_PER_HOUR + 3; i++) expect((await forgot("bombed@reset.example")).status).toBe(200);
    expect(await mailCount(database, "bombed@reset.example", "reset_password")).toBe(ACCOUNT_EMAILS_PER_HOUR);
  });
});

describe("the link", () => {
  it("sets the new password once, ends every session, and the old password stops working", async () => {
    const account = await makePasswordAccount(database, { name: "Forgetful", email: "forgetful@reset.example", password: PASSWORD });
    const elsewhere = await signedInCookie(database, account.email, PASSWORD);
    await forgot(account.email);
    const token = await mailedToken(account.email);
    expect(await openLink(token)).toEqual({ state: "open", email: account.email, token });

    const done = await reset(token, NEW_PASSWORD);
    expect([done.status, done.location]).toEqual([302, "/sign-in?reset=1"]);
    expect(await getSessionUser(database, new Headers({ cookie: elsewhere }))).toBeNull();
    expect(await signIn(account.email, PASSWORD)).toBe(401);
    expect(await signIn(account.email, NEW_PASSWORD)).toBe(302);

    // Replayed: the link is spent.
    expect(await openLink(token)).toEqual({ state: "invalid" });
    const again = await reset(token, "yet another passphrase");
    expect([again.status, again.data?.target]).toEqual([409, "invalid"]);
    expect(await signIn(account.email, NEW_PASSWORD)).toBe(302);
  });

  it("expires after an hour, judged by the clock it is given", async () => {
    const account = await makePasswordAccount(database, { name: "Slow", email: "slow@reset.example", password: PASSWORD });
    await forgot(account.email);
    const token = await mailedToken(account.email);
    const [row] = await database.db
      .select({ expiresAt: verifications.expiresAt, createdAt: verifications.createdAt })
      .from(verifications)
      .where(eq(verifications.value, account.id))
      .orderBy(desc(verifications.createdAt))
      .limit(1);
    expect(Math.round((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000)).toBe(60 * 60);
    const late = row!.expiresAt.getTime() + 1;
    expect(await readResetLink(database, token, late - 2)).toEqual({ state: "open", email: account.email });
    expect(await readResetLink(database, token, late)).toEqual({ state: "expired" });
    expect(await resetPassword(database, { token, password: NEW_PASSWORD, now: late })).toEqual({ ok: false, link: { state: "expired" } });
    expect(await signIn(account.email, PASSWORD)).toBe(302);
  });

  it("refuses a short, NUL or over-long password beside the field, and a made-up token", async () => {
    const account = await makePasswordAccount(database, { name: "Picky", email: "picky@reset.example", password: PASSWORD });
    await forgot(account.email);
    const token = await mailedToken(account.email);
    for (const [password, message] of [
      ["short", "Use at least 10 characters."],
      ["x".repeat(129), "Use at most 128 characters."],
      ["long enough\u0000but NUL", expect.stringContaining("NUL")],
    ] as const) {
      const answer = await reset(token, password);
      expect(answer.status).toBe(400);
      expect(answer.data?.errors).toEqual({ password: message });
      expect(JSON.stringify(answer.data)).not.toContain(password.slice(0, 8));
    }
    expect((await openLink(token)).state).toBe("open");
    expect(await openLink("made-up-token")).toEqual({ state: "invalid" });
    expect((await reset("made-up-token", NEW_PASSWORD)).data?.target).toBe("invalid");
  });

  it("frees the account's sign-in limit: an attacker who locked it by guessing does not keep it locked", async () => {
    const account = await makePasswordAccount(database, { name: "Locked", email: "locked@reset.example", password: PASSWORD });
    for (let i = 0; i < 10; i++) await signIn(account.email, `wrong guess ${i}`);
    expect(await signIn(account.email, PASSWORD)).toBe(429);
    await forgot(account.email);
    await reset(await mailedToken(account.email), NEW_PASSWORD);
    expect(await signIn(account.email, NEW_PASSWORD)).toBe(302);
    const [user] = await database.db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, account.email));
    expect(user?.verified).toBe(true);
  });
});
