/**
 * Sessions against a real database: a verified password sign-up gives a session the server recognises; forged,
 * tampered, expired and signed-out sessions are refused; the tier and role are read afresh on each request.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "#db/schema/accounts.ts";
import { getAuth } from "./auth.server.ts";
import type { Database } from "./db.server.ts";
import { getSessionUser } from "./session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";

let database: Database;
let cookie: string;

const ORIGIN = { origin: "http://localhost:3000" };

function cookieHeader(setCookies: string[]): string {
  return setCookies.map((c) => c.split(";")[0]).join("; ");
}

/**
 * A password account as a person makes one (DESIGN D15): sign up, open the link Better Auth mailed (read from
 * the outbox), and sign in, which only a verified address can. Returns the session cookie.
 */
async function signUpAndVerify(body: Record<string, string>): Promise<string> {
  const auth = getAuth(database);
  const signedUp = await auth.api.signUpEmail({ body: body as never, headers: new Headers(ORIGIN), returnHeaders: true });
  // No session before the address is verified.
  expect(signedUp.headers.getSetCookie().filter((c) => c.includes("session_token="))).toEqual([]);
  const [mail] = await database.rows<{ text: string }>(
    sql`SELECT text FROM outbox_emails WHERE kind = 'verify_email' AND ${body.email} = ANY("to") ORDER BY created_at DESC LIMIT 1`,
  );
  const token = decodeURIComponent(/\/verify-email\?token=(\S+)/.exec(mail!.text)![1]!);
  await auth.api.verifyEmail({ query: { token } });
  const { headers } = await auth.api.signInEmail({
    body: { email: body.email!, password: body.password! },
    headers: new Headers(ORIGIN),
    returnHeaders: true,
  });
  return cookieHeader(headers.getSetCookie());
}

beforeAll(async () => {
  database = await openTestDatabase();
  cookie = await signUpAndVerify({ name: "Riley Reader", email: "riley@test.introbase.test", password: "correct horse battery" });
});

afterAll(async () => {
  await database?.close();
});

const withCookie = (value: string) => new Headers({ cookie: value });

describe("getSessionUser", () => {
  it("recognises the session of a new password account, as a public-tier user", async () => {
    expect(await getSessionUser(database, withCookie(cookie))).toMatchObject({
      name: "Riley Reader",
      email: "riley@test.introbase.test",
      tier: "public",
      role: "user",
    });
  });

  it("ignores a role or tier sent at sign-up", async () => {
    const mallory = await signUpAndVerify({
      name: "Mallory",
      email: "mallory@test.introbase.test",
      password: "correct horse battery",
      role: "admin",
      tier: "premium",
    });
    const user = await getSessionUser(database, withCookie(mallory));
    expect(user).toMatchObject({ email: "mallory@test.introbase.test", role: "user", tier: "public" });
    const [row] = await database.db.select().from(users).where(eq(users.email, "mallory@test.introbase.test"));
    expect(row).toMatchObject({ role: "user", tier: "public" });
  });

  it("reads the tier from the database on every request", async () => {
    await database.db.update(users).set({ tier: "premium" }).where(eq(users.email, "riley@test.introbase.test"));
    expect((await getSessionUser(database, withCookie(cookie)))?.tier).toBe("premium");
    await database.db.update(users).set({ tier: "public" }).where(eq(users.email, "riley@test.introbase.test"));
    expect((await getSessionUser(database, withCookie(cookie)))?.tier).toBe("public");
  });

  it("refuses no cookie, a forged token and a tampered signature", async () => {
    expect(await getSessionUser(database, new Headers())).toBeNull();
    expect(await getSessionUser(database, withCookie("ib.session_token=forged.c2lnbmF0dXJl"))).toBeNull();
    const [name, value] = cookie.split("=");
    const [token] = value!.split(".");
    expect(await getSessionUser(database, withCookie(`${name}=${token}.${"A".repeat(43)}%3D`))).toBeNull();
  });

  it("refuses an expired session", async () => {
    const { headers } = await getAuth(database).api.signInEmail({
      body: { email: "riley@test.introbase.test", password: "correct horse battery" },
      headers: new Headers(ORIGIN),
      returnHeaders: true,
    });
    const second = cookieHeader(headers.getSetCookie());
    expect(await getSessionUser(database, withCookie(second))).not.toBeNull();
    const token = decodeURIComponent(second.split("=")[1]!).split(".")[0]!;
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date("2001-01-01T00:00:00Z") })
      .where(eq(sessions.token, token));
    expect(await getSessionUser(database, withCookie(second))).toBeNull();
  });

  it("refuses a session after sign-out, even with the old cookie", async () => {
    await getAuth(database).api.signOut({ headers: withCookie(cookie) });
    expect(await getSessionUser(database, withCookie(cookie))).toBeNull();
  });
});
