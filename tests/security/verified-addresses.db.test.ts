/**
 * Issue 14, findings 2 and 3 (DESIGN D15, decision 0031): an e-mail address counts only once it is proven.
 * Typing ADMIN_EMAILS' address at sign-up makes nobody an admin; a password sign-up of someone else's address
 * neither keeps the address from its owner's provider sign-in nor survives it; a provider that has not verified
 * an address links to nothing; a refused sign-up step leaves nothing behind; a verification link works once,
 * for a while, and only with the account's password. Provider sign-ins run the real authorization-code flow
 * against a local OpenID provider (tests/support/test-identity-provider.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeSignature } from "better-auth/crypto";
import { seedListings } from "#demo/seed-database.ts";
import { accounts, sessions, users } from "#db/schema/accounts.ts";
import { introRequests } from "#db/schema/introductions.ts";
import { listings } from "#db/schema/listings.ts";
import { grantAdmin } from "~/features/accounts/grant-admin.server.ts";
import { startSignIn } from "~/features/accounts/sign-in.server.ts";
import { createIntroRequest } from "~/features/introductions/intro-requests.server.ts";
import { listIntroRequests } from "~/features/introductions/intro-review.server.ts";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getSessionUser } from "~/lib/session.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { loaderArgs } from "#test-support/test-route.ts";
import * as authCatchAll from "~/routes/api.auth.$.ts";
import * as introSignUp from "~/routes/api.intro-requests.sign-up.ts";
import * as verifyPage from "~/routes/verify-email.tsx";
import { cookieHeader, signInWithProvider, type ProviderIdentity } from "../support/test-identity-provider.ts";

// Before any module reads the environment: the local providers live under PUBLIC_URL, and the boss's address is
// an admin address.
const idp = await vi.hoisted(async () => {
  const { startTestIdentityProvider } = await import("../support/test-identity-provider.ts");
  const provider = await startTestIdentityProvider();
  process.env.PUBLIC_URL = provider.origin;
  process.env.ADMIN_EMAILS = "boss@corp.example";
  process.env.SIGN_IN_ATTEMPTS_PER_MINUTE = "1000";
  return provider;
});

const BOSS = "boss@corp.example";
const PASSWORD = "correct horse battery";
let database: Database;
let listing: { type: "startup" | "investor" | "partner"; slug: string };
let requests = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 10);
  const [row] = await database.db
    .select({ type: listings.type, slug: listings.slug })
    .from(listings)
    .where(eq(listings.visibility, "public"))
    .limit(1);
  listing = row!;
});

afterAll(async () => {
  await database?.close();
  await idp.close();
});

afterEach(() => {
  vi.useRealTimers();
});

const origin = () => new Headers({ origin: idp.origin });
const withCookie = (cookie: string) => new Headers({ cookie });

/** The token of the newest verification link mailed to `email` (read from the outbox, as the e-mail says it). */
async function mailedToken(email: string): Promise<string> {
  const [mail] = await database.rows<{ text: string }>(
    sql`SELECT text FROM outbox_emails WHERE kind = 'verify_email' AND ${email} = ANY("to") ORDER BY created_at DESC LIMIT 1`,
  );
  const token = /\/verify-email\?token=(\S+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no verification link for ${email}`);
  return decodeURIComponent(token);
}

async function mailsTo(email: string): Promise<number> {
  const [row] = await database.rows<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM outbox_emails WHERE kind = 'verify_email' AND ${email} = ANY("to")`,
  );
  return row!.n;
}

/** Opens the link (GET): what the page shows. */
async function openLink(token: string) {
  return verifyPage.loader(loaderArgs(database, `/verify-email?token=${encodeURIComponent(token)}`) as never);
}

/** Submits the page's form (POST), as a browser without JavaScript does. */
async function submitLink(token: string, fields: Record<string, string>) {
  const init = {
    method: "POST",
    body: new URLSearchParams({ token, ...fields }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  };
  const result = (await verifyPage.action(loaderArgs(database, "/verify-email", {}, { init }) as never)) as unknown;
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("location"), cookie: cookieHeader(result.headers.getSetCookie()) };
  const { data, init: responseInit } = result as { data: Record<string, unknown>; init?: { status?: number } };
  return { status: responseInit?.status ?? 200, data };
}

function providerSignIn(identity: ProviderIdentity, provider: "google" | "linkedin" = "google") {
  idp.answerWith(identity);
  return signInWithProvider(
    () => startSignIn(database, provider, "/listings", origin()),
    (request) => getAuth(database).handler(request),
  );
}

async function passwordSignIn(email: string, password = PASSWORD): Promise<number> {
  try {
    await getAuth(database).api.signInEmail({ body: { email, password }, headers: origin() });
    return 200;
  } catch (error) {
    return (error as { statusCode?: number }).statusCode ?? 500;
  }
}

async function userByEmail(email: string) {
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return user;
}

/** A signed session cookie for a user, as one made before this fix would be. */
async function sessionCookieFor(userId: string): Promise<string> {
  const context = await getAuth(database).$context;
  const session = await context.internalAdapter.createSession(userId);
  return `ib.session_token=${encodeURIComponent(`${session.token}.${await makeSignature(session.token, context.secret)}`)}`;
}

async function counts() {
  const [row] = await database.rows<Record<"users" | "accounts" | "sessions" | "verifications" | "mails", number>>(sql`
    SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM accounts) AS accounts,
      (SELECT count(*)::int FROM sessions) AS sessions, (SELECT count(*)::int FROM verifications) AS verifications,
      (SELECT count(*)::int FROM outbox_emails WHERE kind = 'verify_email') AS mails`);
  return row!;
}

async function waitingRequest(): Promise<{ id: string; claimToken: string }> {
  const input = {
    recipientType: listing.type,
    recipientSlug: listing.slug,
    senderName: "Vera Visitor",
    senderEmail: "vera@example.org",
    message: "We build tooling your customers ask for; an intro would help both sides.",
  };
  const created = await createIntroRequest(database, { input, user: null, clientAddress: `10.9.0.${++requests}` });
  if (created.status !== "awaiting_sign_up") throw new Error("expected a signed-out request");
  return created;
}

async function introStep(body: Record<string, string>) {
  const init = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  return (await introSignUp.action(loaderArgs(database, "/api/intro-requests/sign-up", {}, { init }) as never)) as Response;
}

describe("admin by typing an address", () => {
  it("is refused until the address is verified, and granted once it is", async () => {
    await getAuth(database).api.signUpEmail({ body: { name: "Not The Boss", email: BOSS, password: PASSWORD }, headers: origin() });
    expect(await userByEmail(BOSS)).toMatchObject({ role: "user", emailVerified: false });
    // No session for an unverified address, and one left from before counts as signed out.
    expect(await passwordSignIn(BOSS)).toBe(403);
    const legacy = await sessionCookieFor((await userByEmail(BOSS))!.id);
    expect(await getSessionUser(database, withCookie(legacy))).toBeNull();
    // Nor does `npm run user:admin` make an unverified address an admin.
    expect(await grantAdmin(database, BOSS)).toEqual({ outcome: "unverified" });
    expect((await userByEmail(BOSS))!.role).toBe("user");

    const confirmed = await submitLink(await mailedToken(BOSS), { intent: "confirm", password: PASSWORD });
    expect(confirmed).toMatchObject({ status: 302, location: "/verify-email?confirmed=1" });
    expect(await getSessionUser(database, withCookie(confirmed.cookie!))).toMatchObject({ email: BOSS, role: "admin" });
  });
});

describe("address squatting", () => {
  const OWNER = "olivia@owner.example";

  it("a password sign-up of someone else's address gives way to the owner's provider-verified sign-in", async () => {
    const squat = await authCatchAll.action(
      loaderArgs(
        database,
        "/api/auth/sign-up/email",
        {},
        {
          init: {
            method: "POST",
            headers: { "content-type": "application/json", origin: idp.origin },
            body: JSON.stringify({ name: "Mallory", email: OWNER, password: PASSWORD }),
          },
        },
      ) as never,
    );
    expect(squat.status).toBe(200);
    const squatter = (await userByEmail(OWNER))!;
    expect(squatter).toMatchObject({ name: "Mallory", emailVerified: false });
    expect(await passwordSignIn(OWNER)).toBe(403);
    const squatterLink = await mailedToken(OWNER);

    const owner = await providerSignIn({ sub: "google-olivia", email: OWNER, email_verified: true, name: "Olivia Owner" });
    expect(owner.location).toBe("/listings");
    expect(await getSessionUser(database, withCookie(owner.cookie))).toMatchObject({ email: OWNER, name: "Olivia Owner" });

    // The squatter's account is gone with its password and sessions: nothing of it signs in as that address.
    const holder = (await userByEmail(OWNER))!;
    expect(holder.id).not.toBe(squatter.id);
    expect(holder.emailVerified).toBe(true);
    const ways = await database.db.select({ provider: accounts.providerId }).from(accounts).where(eq(accounts.userId, holder.id));
    expect(ways).toEqual([{ provider: "google" }]);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, squatter.id))).toEqual([]);
    expect(await passwordSignIn(OWNER)).toBe(401);
    // And the link mailed for the squatter's sign-up confirms nothing now.
    expect(await openLink(squatterLink)).toEqual({ state: "invalid" });
    expect(await submitLink(squatterLink, { intent: "confirm", password: PASSWORD })).toMatchObject({ status: 409 });
  });

  it("a provider that has not verified the address links to no account, and makes none", async () => {
    // Olivia's account exists (verified, by Google). Someone's LinkedIn claims her address without verifying it.
    const before = await counts();
    const claim = await providerSignIn({ sub: "linkedin-mallory", email: OWNER, email_verified: false, name: "Mallory" }, "linkedin");
    expect(claim.location).toMatch(/^\/sign-in\?.*error=account_not_linked/);
    expect(claim.cookie).toBe("");
    const holder = (await userByEmail(OWNER))!;
    const ways = await database.db.select({ provider: accounts.providerId }).from(accounts).where(eq(accounts.userId, holder.id));
    expect(ways).toEqual([{ provider: "google" }]);

    // A new address the provider has not verified: no account at all.
    const fresh = await providerSignIn(
      { sub: "linkedin-nobody", email: "nobody@else.example", email_verified: false, name: "Nobody" },
      "linkedin",
    );
    expect(fresh.location).toMatch(/^\/sign-in\?.*error=provider_email_unverified/);
    expect(await userByEmail("nobody@else.example")).toBeUndefined();
    expect((await counts()).users).toBe(before.users);
  });

  it("an unverified provider claim does not release a password sign-up either", async () => {
    const PENDING = "pending@signup.example";
    await getAuth(database).api.signUpEmail({ body: { name: "Pending Person", email: PENDING, password: PASSWORD }, headers: origin() });
    const pending = (await userByEmail(PENDING))!;
    const claim = await providerSignIn({ sub: "google-mallory", email: PENDING, email_verified: false, name: "Mallory" });
    expect(claim.location).toMatch(/error=account_not_linked/);
    expect((await userByEmail(PENDING))?.id).toBe(pending.id);
  });
});

describe("the intro dialog's sign-up step", () => {
  it("with a wrong claim token creates nothing: no user, account, session, verification row or e-mail", async () => {
    const request = await waitingRequest();
    const before = await counts();
    const response = await introStep({
      requestId: request.id,
      claimToken: "forged-claim-token",
      fullName: "Eve Eavesdropper",
      email: "eve@attacker.example",
      phone: "+1 555 0100",
      password: PASSWORD,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("This request cannot be completed. Please send it again.");
    expect(await counts()).toEqual(before);
    expect(await userByEmail("eve@attacker.example")).toBeUndefined();
  });

  it("with a request that no longer waits creates nothing either", async () => {
    const request = await waitingRequest();
    await database.db
      .update(introRequests)
      .set({ createdAt: new Date("2001-01-01T00:00:00Z") })
      .where(eq(introRequests.id, request.id));
    const before = await counts();
    const response = await introStep({
      requestId: request.id,
      claimToken: request.claimToken,
      fullName: "Late Larry",
      email: "larry@late.example",
      phone: "+1 555 0100",
      password: PASSWORD,
    });
    expect(response.status).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it("keeps the request from review until the address is verified, then sends it", async () => {
    const request = await waitingRequest();
    const response = await introStep({
      requestId: request.id,
      claimToken: request.claimToken,
      fullName: "Vera Visitor",
      email: "vera@visitor.example",
      phone: "+1 555 0100",
      password: PASSWORD,
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      ok: true,
      data: { status: "awaiting_verification", user: { email: "vera@visitor.example" } },
    });
    // Not signed in by the step: the address is not proven yet.
    expect(response.headers.getSetCookie()).toEqual([]);
    const queue = async () => (await listIntroRequests(database, null)).map((r) => r.request.id);
    expect(await queue()).not.toContain(request.id);

    expect(await submitLink(await mailedToken("vera@visitor.example"), { intent: "confirm", password: PASSWORD })).toMatchObject({
      status: 302,
    });
    const [row] = await database.db.select().from(introRequests).where(eq(introRequests.id, request.id));
    expect(row).toMatchObject({ status: "pending_review", requesterEmail: "vera@visitor.example" });
    expect(await queue()).toContain(request.id);
  });
});

describe("the verification link", () => {
  it("is refused when replayed: the second use confirms nothing and says the link was used", async () => {
    const EMAIL = "riley@replay.example";
    await getAuth(database).api.signUpEmail({ body: { name: "Riley", email: EMAIL, password: PASSWORD }, headers: origin() });
    const token = await mailedToken(EMAIL);
    // Opening it (a mail scanner, a preview) confirms nothing.
    expect(await openLink(token)).toMatchObject({ state: "open", email: EMAIL });
    expect(await openLink(token)).toMatchObject({ state: "open" });
    expect((await userByEmail(EMAIL))!.emailVerified).toBe(false);
    expect(await submitLink(token, { intent: "confirm", password: PASSWORD })).toMatchObject({ status: 302 });

    expect(await openLink(token)).toEqual({ state: "used", email: EMAIL });
    const replay = await submitLink(token, { intent: "confirm", password: PASSWORD });
    expect(replay).toMatchObject({ status: 409, data: { ok: false, target: "used" } });
    expect("cookie" in replay).toBe(false);
  });

  it("is refused once expired, and a new one can be asked for from the page", async () => {
    const EMAIL = "sam@expired.example";
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-03-01T09:00:00Z"));
    await getAuth(database).api.signUpEmail({ body: { name: "Sam", email: EMAIL, password: PASSWORD }, headers: origin() });
    const token = await mailedToken(EMAIL);

    vi.setSystemTime(new Date("2031-03-02T09:00:01Z"));
    expect(await openLink(token)).toMatchObject({ state: "expired", email: EMAIL });
    expect(await submitLink(token, { intent: "confirm", password: PASSWORD })).toMatchObject({
      status: 409,
      data: { ok: false, target: "expired" },
    });
    expect((await userByEmail(EMAIL))!.emailVerified).toBe(false);

    expect(await submitLink(token, { intent: "resend" })).toMatchObject({
      status: 200,
      data: { ok: true, intent: "resend", target: "sent", data: { email: EMAIL } },
    });
    const fresh = await mailedToken(EMAIL);
    expect(fresh).not.toBe(token);
    expect(await submitLink(fresh, { intent: "confirm", password: PASSWORD })).toMatchObject({ status: 302 });
    expect((await userByEmail(EMAIL))!.emailVerified).toBe(true);
  });

  it("confirms only with the account's password: the mailbox alone cannot verify a stranger's sign-up", async () => {
    const EMAIL = "victim@mailbox.example";
    await getAuth(database).api.signUpEmail({ body: { name: "Mallory", email: EMAIL, password: PASSWORD }, headers: origin() });
    const token = await mailedToken(EMAIL);
    expect(await submitLink(token, { intent: "confirm", password: "the mailbox owner's guess" })).toMatchObject({ status: 400 });
    expect(await submitLink(token, { intent: "confirm", password: "" })).toMatchObject({ status: 400 });
    expect((await userByEmail(EMAIL))!.emailVerified).toBe(false);
  });

  it("is refused when forged or tampered with", async () => {
    const EMAIL = "tess@tamper.example";
    await getAuth(database).api.signUpEmail({ body: { name: "Tess", email: EMAIL, password: PASSWORD }, headers: origin() });
    const token = await mailedToken(EMAIL);
    const [header, payload, signature] = token.split(".");
    const forged = JSON.parse(Buffer.from(payload!, "base64url").toString());
    forged.email = BOSS;
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${signature}`;
    for (const bad of [tampered, "not-a-token", `${token}x`]) {
      expect(await openLink(bad)).toEqual({ state: "invalid" });
      expect(await submitLink(bad, { intent: "confirm", password: PASSWORD })).toMatchObject({ status: 409 });
    }
  });

  it("is mailed at most three times an hour to one address, however often it is signed up", async () => {
    const EMAIL = "target@mailbomb.example";
    for (let i = 0; i < 5; i++) {
      await getAuth(database).api.signUpEmail({ body: { name: `Spammer ${i}`, email: EMAIL, password: PASSWORD }, headers: origin() });
    }
    expect(await mailsTo(EMAIL)).toBe(3);
    // Each new sign-up replaced the last unverified one: one account holds the address.
    expect(
      await database.db
        .select()
        .from(users)
        .where(and(eq(users.email, EMAIL))),
    ).toHaveLength(1);
  });
});
