/**
 * Leaving (issue 30 §2, decision 0077) as an attacker tries it, over real HTTP to the whole application: another
 * member's data or account named in the form, a request from another site (CSRF), an API key, a wrong password
 * guessed again and again, a confirmation link forged, expired, replayed or opened by someone else, and the download
 * kept by a cache or reachable by a link. And as a member does it: the file, the deletion, signed out, and a sign-in
 * with the same provider afterwards making a new, empty account.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "../multi-server/support/browser.ts";
import { signIn, signInThroughProvider } from "../multi-server/support/sign-in.ts";
import { startAppOverHttp, type AppOverHttp } from "../support/app-over-http.ts";
import { rawRequest, type RawRequest } from "../support/raw-request.ts";
import type { signUp as SignUp } from "./support/plant-member.ts";

/** The app's modules are imported after it started (startAppOverHttp sets the environment they read once). */
let PASSWORD = "";
let signUp: typeof SignUp;

let app: AppOverHttp;
const server = () => ({ url: app.base, name: "app" });
const send = (init: RawRequest) => rawRequest(app.base, init);
const own = () => ({ Origin: app.base });
const exists = async (id: string) => (await app.database.rows(sql`SELECT 1 FROM users WHERE id = ${id}`)).length === 1;
const me = async (cookie: string) =>
  (JSON.parse((await send({ path: "/api/auth/me", headers: { Cookie: cookie } })).body) as { user?: { id: string } }).user ?? null;

beforeAll(async () => {
  app = await startAppOverHttp();
  ({ PASSWORD, signUp } = await import("./support/plant-member.ts"));
});

afterAll(async () => {
  await app?.close();
});

describe("Download my data", () => {
  it("is the signed-in member's own file, as an attachment no cache keeps, whatever account the form names", async () => {
    const ann = await signUp(app.database, "Ann Export", "ann.export@example.org");
    const ben = await signUp(app.database, "Ben Export", "ben.export@example.org");
    const answer = await send({
      method: "POST",
      path: "/settings/my-data",
      headers: { Cookie: ann.cookie, ...own() },
      form: { userId: ben.id, id: ben.id },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(answer.headers["content-disposition"]).toMatch(/^attachment; filename="introbase-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const file = JSON.parse(answer.body) as { profile: { id: string; name: string } };
    expect(file.profile).toMatchObject({ id: ann.id, name: "Ann Export" });
    expect(answer.body).not.toContain(ben.id);
    expect(answer.body).not.toContain("Ben Export");
  });

  it("is refused to a visitor, to another site's page, to an API key and to a GET (no link to leak)", async () => {
    const cam = await signUp(app.database, "Cam Export", "cam.export@example.org");
    await app.database.rows(sql`UPDATE users SET tier = 'premium' WHERE id = ${cam.id} RETURNING id`);
    const { createApiKey } = await import("~/features/api-keys/api-keys.server.ts");
    const { secret } = await createApiKey(app.database, cam.id, "script");
    const answers = await Promise.all([
      send({ method: "POST", path: "/settings/my-data", headers: own(), form: {} }),
      send({ method: "POST", path: "/settings/my-data", headers: { Cookie: cam.cookie, Origin: "https://evil.example" }, form: {} }),
      send({ method: "POST", path: "/settings/my-data", headers: { Authorization: `Bearer ${secret}` }, form: {} }),
      send({ method: "GET", path: "/settings/my-data", headers: { Cookie: cam.cookie } }),
    ]);
    // The key is not a credential here at all (not under /api/): the request is a visitor's.
    expect(answers.map((a) => a.status)).toEqual([401, 403, 401, 405]);
    for (const answer of answers) expect(answer.body).not.toContain("Cam Export");
  });

  it("is limited per member: a loop of downloads is refused with Retry-After", async () => {
    const dee = await signUp(app.database, "Dee Export", "dee.export@example.org");
    const post = () => send({ method: "POST", path: "/settings/my-data", headers: { Cookie: dee.cookie, ...own() }, form: {} });
    for (let i = 0; i < 5; i++) expect((await post()).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});

const deleteWith = (cookie: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  send({ method: "POST", path: "/settings/delete-account", headers: { Cookie: cookie, ...own(), ...headers }, form });

describe("Delete my account, with a password", () => {
  it("refuses another site's page, an API key, and a wrong password, and limits the guesses", async () => {
    const eve = await signUp(app.database, "Eve Keeps", "eve.keeps@example.org");
    const form = { intent: "delete-account", password: PASSWORD };
    expect((await deleteWith(eve.cookie, form, { Origin: "https://evil.example" })).status).toBe(403);
    await app.database.rows(sql`UPDATE users SET tier = 'premium' WHERE id = ${eve.id} RETURNING id`);
    const { createApiKey } = await import("~/features/api-keys/api-keys.server.ts");
    const { secret } = await createApiKey(app.database, eve.id, "script");
    const byKey = await send({ method: "POST", path: "/settings/delete-account", headers: { Authorization: `Bearer ${secret}` }, form });
    expect(byKey.status).toBe(401);
    const guesses = [];
    for (let i = 0; i < 5; i++) guesses.push((await deleteWith(eve.cookie, { intent: "delete-account", password: `wrong ${i}` })).status);
    expect(guesses).toEqual([400, 400, 400, 400, 400]);
    // The sixth try is refused before the password is even looked at, the right one included.
    expect((await deleteWith(eve.cookie, form)).status).toBe(429);
    expect(await exists(eve.id)).toBe(true);
    expect(await me(eve.cookie)).toMatchObject({ id: eve.id });
  });

  it("deletes the signed-in account, never the one the form names, signs it out and refuses a replay", async () => {
    const fay = await signUp(app.database, "Fay Target", "fay.target@example.org");
    const gus = await signUp(app.database, "Gus Leaving", "gus.leaving@example.org");
    const form = { intent: "delete-account", password: PASSWORD, userId: fay.id, id: fay.id, email: "fay.target@example.org" };
    const answer = await deleteWith(gus.cookie, form);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/account-deleted");
    expect(answer.headers["set-cookie"]).toMatch(/ib\.session_token=; Path=\/; Max-Age=0/);
    expect(await me(gus.cookie)).toBeNull();
    expect(await exists(fay.id)).toBe(true);
    expect(await me(fay.cookie)).toMatchObject({ id: fay.id });
    // The same post again: its session is gone, so it reaches nobody.
    const replay = await deleteWith(gus.cookie, form);
    expect(replay.status).toBe(401);
    expect(await exists(fay.id)).toBe(true);
    // The page the browser lands on says what happens next, signed out.
    const landing = await send({ path: "/account-deleted", headers: { Cookie: gus.cookie } });
    expect(landing.body).toContain("Your account is deleted");
  });
});

describe("Delete my account, without a password (a Google sign-in)", () => {
  let browser: Browser;
  let oldId = "";
  /** The link that deleted the account, kept to be replayed. */
  let usedToken = "";

  beforeAll(async () => {
    browser = new Browser();
    await signIn(browser, server(), "demo-subscriber");
    oldId = "demo-subscriber";
  });

  const linkFor = async (email: string) => {
    const [mail] = await app.database.rows<{ text: string }>(sql`
      SELECT text FROM outbox_emails WHERE kind = 'account_deletion_link' AND ${email} = ANY("to") ORDER BY created_at DESC LIMIT 1`);
    return new URL(/https?:\/\/\S+\/settings\/delete-account\?token=\S+/.exec(mail!.text)![0]);
  };

  it("says what happens, and confirms only through a link e-mailed to the address, opened by the same account", async () => {
    const page = await browser.get(server(), "/settings/delete-account");
    const html = await page.text();
    expect(html).toContain("What happens when you delete your account");
    expect(html).toContain("Your Subscriber plan ends now");
    expect(html).toContain("E-mail me a confirmation link");
    // Without a link, "Delete my account" deletes nothing.
    expect((await browser.post(server(), "/settings/delete-account", { intent: "delete-account", token: "" })).status).toBe(409);
    expect((await browser.post(server(), "/settings/delete-account", { intent: "send-deletion-link" })).status).toBe(200);
    const link = await linkFor("sam.subscriber@demo.introbase.test");
    const token = link.searchParams.get("token")!;

    // Another member without a password, who got hold of the link (forwarded, leaked), cannot use it: it is bound to the
    // account it was sent for.
    const stranger = new Browser();
    await signIn(stranger, server(), "demo-public");
    expect((await stranger.post(server(), "/settings/delete-account", { intent: "delete-account", token })).status).toBe(409);
    expect(await exists(oldId)).toBe(true);
    expect(await exists("demo-public")).toBe(true);
    // A forged or expired token is refused.
    const { deletionToken } = await import("~/features/member-data/deletion-proof.server.ts");
    const member = { id: oldId, email: "sam.subscriber@demo.introbase.test" };
    const expired = await deletionToken(app.database, member, Date.now() - 31 * 60_000);
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const bad of [expired, forged]) {
      expect((await browser.post(server(), "/settings/delete-account", { intent: "delete-account", token: bad })).status).toBe(409);
    }
    expect(await exists(oldId)).toBe(true);

    // Opening the link shows the last step; the post deletes the account and signs the browser out.
    const opened = await (await browser.get(server(), link.pathname + link.search)).text();
    expect(opened).toContain("This is the last step");
    const done = await browser.post(server(), "/settings/delete-account", { intent: "delete-account", token });
    usedToken = token;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/account-deleted");
    expect(browser.cookies.has("ib.session_token")).toBe(false);
  });

  it("refuses the link replayed, and the same Google sign-in makes a new, empty account", async () => {
    const signedIn = await signInThroughProvider(browser, server(), "demo-subscriber");
    expect(signedIn).toMatchObject({ email: "sam.subscriber@demo.introbase.test", tier: "public" });
    expect(signedIn!.id).not.toBe(oldId);
    // The old link, posted again by the new account of the same address: it was the old account's, and confirms nothing.
    const replay = await browser.post(server(), "/settings/delete-account", { intent: "delete-account", token: usedToken });
    expect(replay.status).toBe(409);
    expect(await exists(signedIn!.id!)).toBe(true);
    const file = JSON.parse(await (await browser.post(server(), "/settings/my-data", {})).text()) as Record<string, unknown[]>;
    expect(file.savedSearches).toEqual([]);
    expect(file.subscriptionChanges).toEqual([]);
  });
});
