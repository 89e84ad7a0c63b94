/**
 * A disabled account (issue 30 §6, decision 0081) over real HTTP, through the whole application: the member's session
 * from before ends at once, and nothing signs them in again while the account is disabled (the sign-in page's password,
 * Better Auth's own password endpoint, a Google sign-in through the demo provider, an API key), each saying why, and
 * only once the credential was right. Enabled again, every way works as before.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser } from "../multi-server/support/browser.ts";
import { signIn, signInThroughProvider } from "../multi-server/support/sign-in.ts";
import { startAppOverHttp, type AppOverHttp } from "../support/app-over-http.ts";
import { rawRequest, type RawAnswer } from "../support/raw-request.ts";
import type { signUp as SignUp } from "./support/plant-member.ts";

const DISABLED = "This account is disabled: it cannot sign in. If you think this is a mistake, contact the site's operators.";
const ADMIN = { id: "demo-admin" };

let app: AppOverHttp;
let PASSWORD = "";
let signUp: typeof SignUp;
let member: { id: string; cookie: string };
let key = "";
const EMAIL = "dee.disabled@example.org";

const server = () => ({ url: app.base, name: "app" });
const send = (path: string, headers: Record<string, string> = {}) => rawRequest(app.base, { path, headers });
const me = async (cookie: string) =>
  (JSON.parse((await send("/api/auth/me", { Cookie: cookie })).body) as { user?: { id: string } }).user ?? null;
const sessionsOf = async (id: string) =>
  (await app.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${id}`))[0]!.n;
const setCookies = (answer: RawAnswer) => answer.headers["set-cookie"] ?? "";

function passwordSignIn(password = PASSWORD) {
  return rawRequest(app.base, {
    method: "POST",
    path: "/sign-in?returnTo=%2Fsettings",
    form: { email: EMAIL, password },
    headers: { Accept: "text/html", Origin: app.base },
  });
}

function betterAuthSignIn(password = PASSWORD) {
  return rawRequest(app.base, {
    method: "POST",
    path: "/api/auth/sign-in/email",
    headers: { Origin: app.base, "Content-Type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password }),
  });
}

const withKey = () => send("/api/listings?limit=1", { Authorization: `Bearer ${key}` });

async function disable(id: string) {
  const { disableMember } = await import("~/features/members/member-actions.server.ts");
  await disableMember(app.database, ADMIN, id, "Sending spam through introductions", new Date());
}

async function enable(id: string) {
  const { enableMember } = await import("~/features/members/member-actions.server.ts");
  await enableMember(app.database, ADMIN, id, "", new Date());
}

beforeAll(async () => {
  app = await startAppOverHttp();
  ({ PASSWORD, signUp } = await import("./support/plant-member.ts"));
  member = await signUp(app.database, "Dee Disabled", EMAIL);
  // A plan with API access, and a key.
  await app.database.rows(sql`UPDATE users SET tier = 'premium' WHERE id = ${member.id} RETURNING id`);
  const { createApiKey } = await import("~/features/api-keys/api-keys.server.ts");
  ({ secret: key } = await createApiKey(app.database, member.id, "CRM sync"));
});

afterAll(async () => {
  await app?.close();
});

describe("a disabled member", () => {
  it("is signed out at once: the session they had no longer counts, and is gone", async () => {
    expect(await me(member.cookie)).toMatchObject({ id: member.id });
    expect((await withKey()).status).toBe(200);
    await disable(member.id);
    expect(await me(member.cookie)).toBeNull();
    expect(await sessionsOf(member.id)).toBe(0);
    const billing = await send("/settings/billing", { Cookie: member.cookie, Accept: "text/html" });
    expect(billing.status).toBe(302);
    expect(billing.headers.location).toMatch(/^\/sign-in/);
  });

  it("cannot sign in with the password, on the sign-in page or at Better Auth's endpoint, and is told why", async () => {
    const page = await passwordSignIn();
    expect(page.status).toBe(403);
    expect(page.body).toContain(DISABLED.replaceAll("'", "&#x27;"));
    expect(setCookies(page)).not.toMatch(/session_token=[^;]/);
    const api = await betterAuthSignIn();
    expect(api.status).toBe(403);
    expect(JSON.parse(api.body)).toMatchObject({ code: "account_disabled", message: DISABLED });
    expect(setCookies(api)).not.toMatch(/session_token=[^;]/);
    expect(await sessionsOf(member.id)).toBe(0);
  });

  it("learns nothing new with a wrong password: the answer is the one for any wrong password", async () => {
    const page = await passwordSignIn("not the password at all");
    expect(page.status).toBe(401);
    expect(page.body).not.toContain("is disabled");
    const api = await betterAuthSignIn("not the password at all");
    expect(api.status).toBe(401);
    expect(api.body).not.toContain("is disabled");
  });

  it("cannot use an API key, which says why", async () => {
    const answer = await withKey();
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({
      error: "The account this API key belongs to is disabled: its keys do not work while it is.",
    });
  });

  it("counts as signed out even with a session made while the account was being disabled", async () => {
    // The race: a sign-in that passed its check a moment before the account was disabled inserts its session after.
    const other = await signUp(app.database, "Ray Racing", "ray.racing@example.org");
    await app.database.rows(sql`UPDATE users SET disabled_at = now() WHERE id = ${other.id} RETURNING id`);
    expect(await sessionsOf(other.id)).toBe(1);
    expect(await me(other.cookie)).toBeNull();
  });

  it("is enabled again: the password and the key work as before", async () => {
    await enable(member.id);
    const page = await passwordSignIn();
    expect([page.status, page.headers.location]).toEqual([302, "/settings"]);
    expect(setCookies(page)).toMatch(/session_token=[^;]/);
    expect((await withKey()).status).toBe(200);
  });
});

describe("a disabled member who signs in with Google", () => {
  it("is refused at the provider's callback and sent to the sign-in page, which says why; enabled, signs in", async () => {
    const browser = new Browser();
    await signIn(browser, server(), "demo-subscriber");
    await disable("demo-subscriber");
    expect(((await (await browser.get(server(), "/api/auth/me")).json()) as { user?: unknown }).user).toBeUndefined();

    const again = new Browser();
    await expect(signInThroughProvider(again, server(), "demo-subscriber")).rejects.toThrow(/error=account_disabled/);
    expect([...again.cookies.keys()].filter((name) => name.includes("session_token"))).toEqual([]);
    expect(await sessionsOf("demo-subscriber")).toBe(0);
    const page = await (await again.get(server(), "/sign-in?returnTo=%2F&error=account_disabled")).text();
    expect(page).toContain(DISABLED.replaceAll("'", "&#x27;"));

    await enable("demo-subscriber");
    expect(await signInThroughProvider(again, server(), "demo-subscriber")).toMatchObject({ id: "demo-subscriber" });
  });
});
