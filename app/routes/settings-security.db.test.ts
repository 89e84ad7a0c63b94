/**
 * Issue 30 §1, /settings › Sign-in and security and Where you're signed in, as the member's browser posts the forms
 * (no JavaScript) and as an attacker tries them: the current password is asked and its guessing limited; a new
 * password ends every session, this browser's too (it gets a new one: a session fixed on it or stolen before is
 * worthless); a session is named by id and only the member's own can be signed out; an address is changed only from a
 * link to it, never to an address another account uses (the member learns nothing either way), and the old one is told.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema/accounts.ts";
import { readEmailChangeLink } from "~/features/accounts/email-change.server.ts";
import { answered, makePasswordAccount, newestMail, routeArgs, signedInCookie } from "~/features/accounts/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { getSessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import * as confirmRoute from "./confirm-email-change.tsx";
import * as settingsRoute from "./settings.tsx";

const PASSWORD = "correct horse battery";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const userOf = (cookie: string) => getSessionUser(database, new Headers({ cookie }));

async function post(cookie: string, form: Record<string, string>) {
  return answered(await settingsRoute.action(await routeArgs(database, "/settings", { cookie, form })));
}

async function settings(cookie: string) {
  const data = await settingsRoute.loader(await routeArgs(database, "/settings", { cookie }));
  if (!data.user) throw new Error("not signed in");
  return data;
}

async function member(name: string) {
  const email = `${name}@settings.example`;
  await makePasswordAccount(database, { name, email, password: PASSWORD });
  return { email, cookie: await signedInCookie(database, email, PASSWORD, FIREFOX) };
}

describe("change of password", () => {
  it("asks the current password, then ends every session and gives this browser a new one", async () => {
    const { email, cookie } = await member("changer");
    const phone = await signedInCookie(database, email, PASSWORD, SAFARI);

    const wrong = await post(cookie, { intent: "change-password", currentPassword: "not my password", newPassword: "a new passphrase" });
    expect([wrong.status, wrong.data?.errors]).toEqual([400, { currentPassword: "That is not your current password." }]);
    const short = await post(cookie, { intent: "change-password", currentPassword: PASSWORD, newPassword: "short" });
    expect([short.status, short.data?.errors]).toEqual([400, { newPassword: "Use at least 10 characters." }]);
    const nul = await post(cookie, { intent: "change-password", currentPassword: PASSWORD, newPassword: "has a \u0000 in it" });
    expect(nul.status).toBe(400);
    expect(JSON.stringify(nul.data)).not.toContain("has a");

    const done = await post(cookie, { intent: "change-password", currentPassword: PASSWORD, newPassword: "a new passphrase" });
    expect([done.status, done.location]).toEqual([302, "/settings?passwordChanged=1"]);
    const fresh = done.cookie!;
    expect(fresh).toMatch(/session_token=/);
    expect(fresh).not.toBe(cookie);
    expect(await userOf(cookie)).toBeNull();
    expect(await userOf(phone)).toBeNull();
    expect((await userOf(fresh))?.email).toBe(email);
    await expect(signedInCookie(database, email, PASSWORD)).rejects.toThrow();
    expect(await signedInCookie(database, email, "a new passphrase")).toMatch(/session_token=/);
  });

  it("limits guesses of the current password from a signed-in session", async () => {
    const { cookie } = await member("guessed");
    for (let i = 0; i < 10; i++) {
      expect(
        (await post(cookie, { intent: "change-password", currentPassword: `guess ${i}`, newPassword: "a new passphrase" })).status,
      ).toBe(400);
    }
    const blocked = await post(cookie, { intent: "change-password", currentPassword: PASSWORD, newPassword: "a new passphrase" });
    expect(blocked.status).toBe(429);
  });
});

describe("sessions", () => {
  it("lists each session with its browser, address and last activity, and this browser's first", async () => {
    const { email, cookie } = await member("lister");
    await signedInCookie(database, email, PASSWORD, SAFARI);
    await getSessionUser(database, new Headers({ cookie, "user-agent": FIREFOX }), { clientAddress: "198.51.100.7" });
    const { security } = await settings(cookie);
    expect(security.sessions.map((s) => [s.device, s.current])).toEqual([
      ["Firefox on Linux", true],
      ["Safari on iPhone", false],
    ]);
    expect(security.sessions[0]!.address).toBe("198.51.100.7");
    expect(JSON.stringify(security)).not.toMatch(/token/i);
  });

  it("signs out one other session by id, and never another member's or this browser's", async () => {
    const { email, cookie } = await member("revoker");
    const phone = await signedInCookie(database, email, PASSWORD, SAFARI);
    const victim = await member("victim");
    const victimSession = (await settings(victim.cookie)).security.sessions[0]!.id;

    const theirs = await post(cookie, { intent: "revoke-session", sessionId: victimSession });
    expect(theirs.status).toBe(404);
    expect(await userOf(victim.cookie)).not.toBeNull();
    const own = (await settings(cookie)).security.sessions;
    const self = await post(cookie, { intent: "revoke-session", sessionId: own.find((s) => s.current)!.id });
    expect(self.status).toBe(409);

    const done = await post(cookie, { intent: "revoke-session", sessionId: own.find((s) => !s.current)!.id });
    expect(done.status).toBe(200);
    expect(await userOf(phone)).toBeNull();
    expect(await userOf(cookie)).not.toBeNull();
  });

  it("signs out everywhere else", async () => {
    const { email, cookie } = await member("everywhere");
    const others = [await signedInCookie(database, email, PASSWORD, SAFARI), await signedInCookie(database, email, PASSWORD)];
    expect((await post(cookie, { intent: "revoke-other-sessions" })).status).toBe(200);
    for (const other of others) expect(await userOf(other)).toBeNull();
    expect(await userOf(cookie)).not.toBeNull();
    expect((await settings(cookie)).security.sessions).toHaveLength(1);
  });
});

/** The token of the newest change link mailed to `email`. */
async function changeToken(email: string): Promise<string> {
  const mail = await newestMail(database, "email_change", email);
  const token = /\/confirm-email-change\?token=(\S+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no change link for ${email}`);
  return decodeURIComponent(token);
}

async function confirm(token: string, cookie?: string) {
  return answered(await confirmRoute.action(await routeArgs(database, "/confirm-email-change", { form: { token }, cookie })));
}

const emailOf = async (name: string) =>
  (await database.db.select({ email: users.email }).from(users).where(eq(users.name, name)))[0]?.email;

describe("change of address", () => {
  it("moves the account only once the new address confirms, tells the old one, and works once", async () => {
    const { email, cookie } = await member("mover");
    const wrong = await post(cookie, { intent: "change-email", newEmail: "moved@settings.example", currentPassword: "not it at all" });
    expect([wrong.status, wrong.data?.errors, wrong.data?.values]).toEqual([
      400,
      { currentPassword: "That is not your current password." },
      { newEmail: "moved@settings.example" },
    ]);
    const asked = await post(cookie, { intent: "change-email", newEmail: "Moved@Settings.example", currentPassword: PASSWORD });
    expect(asked.status).toBe(200);
    expect(await emailOf("mover")).toBe(email);
    expect((await newestMail(database, "email_change_notice", email))?.text).toContain("moved@settings.example");

    const token = await changeToken("moved@settings.example");
    const opened = await confirmRoute.loader(await routeArgs(database, `/confirm-email-change?token=${encodeURIComponent(token)}`));
    expect(opened).toEqual({ state: "open", from: email, to: "moved@settings.example", token });
    expect(await emailOf("mover")).toBe(email);

    const done = await confirm(token, cookie);
    expect([done.status, done.location]).toEqual([302, "/settings?emailChanged=1"]);
    expect(await emailOf("mover")).toBe("moved@settings.example");
    const again = await confirm(token, cookie);
    expect([again.status, again.data?.target]).toEqual([409, "invalid"]);
  });

  it("never takes an address another account uses, and answers the member as for a free one", async () => {
    const owner = await member("owner");
    const { email, cookie } = await member("taker");
    const taken = await post(cookie, { intent: "change-email", newEmail: owner.email, currentPassword: PASSWORD });
    const free = await post(cookie, { intent: "change-email", newEmail: "free@settings.example", currentPassword: PASSWORD });
    expect(taken.status).toBe(free.status);
    expect(taken.data?.message).toBe(String(free.data?.message).replace("free@settings.example", owner.email));
    expect(await newestMail(database, "email_in_use", owner.email)).toBeDefined();
    expect(await newestMail(database, "email_change", owner.email)).toBeUndefined();
    expect(await emailOf("taker")).toBe(email);

    // Taken between the request and the confirmation: refused, nothing changes.
    const token = await changeToken("free@settings.example");
    await makePasswordAccount(database, { name: "Quick", email: "free@settings.example", password: PASSWORD });
    const late = await confirm(token, cookie);
    expect([late.status, late.data?.target]).toEqual([409, "taken"]);
    expect(await emailOf("taker")).toBe(email);
    expect(await emailOf("owner")).toBe(owner.email);
  });

  it("expires (judged by the clock it is given), dies with a password change, and is not for another member's browser", async () => {
    const { email, cookie } = await member("slowmover");
    await post(cookie, { intent: "change-email", newEmail: "later@settings.example", currentPassword: PASSWORD });
    const token = await changeToken("later@settings.example");
    const { exp } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { exp: number };
    expect(await readEmailChangeLink(database, token, exp * 1000 - 1000)).toMatchObject({ state: "open" });
    expect(await readEmailChangeLink(database, token, exp * 1000 + 1000)).toEqual({ state: "expired" });

    const stranger = await member("stranger");
    const wrongBrowser = await confirm(token, stranger.cookie);
    expect([wrongBrowser.status, wrongBrowser.data?.target]).toEqual([409, "other_account"]);
    expect(await emailOf("slowmover")).toBe(email);

    // The owner, warned by the notice, changes the password: the link asked for before is void.
    // The link's time is in whole seconds: the change comes in a later one, as a warned owner's would.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await post(cookie, { intent: "change-password", currentPassword: PASSWORD, newPassword: "stopped it in time" });
    expect(await readEmailChangeLink(database, token)).toEqual({ state: "invalid" });
    expect((await confirm(token)).data?.target).toBe("invalid");
    expect(await emailOf("slowmover")).toBe(email);
  });
});
