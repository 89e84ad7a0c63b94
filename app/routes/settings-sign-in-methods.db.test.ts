/**
 * Issue 30 §1: linking and unlinking Google and LinkedIn in /settings, through the real authorization-code flow
 * against a local OpenID provider. A provider links only with the account's own address, verified by the provider
 * (DESIGN D15); an identity already on another account stays there; and an account never loses its last way in,
 * not even to two unlinks at once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accounts } from "#db/schema/accounts.ts";
import { getAuth } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import * as settingsRoute from "./settings.tsx";
import { signInWithProvider, type ProviderIdentity } from "../../tests/support/test-identity-provider.ts";
import { listSignInMethods, startLinking } from "~/features/accounts/sign-in-methods.server.ts";
import { answered, makePasswordAccount, newestMail, routeArgs, signedInCookie } from "~/features/accounts/test-support.ts";
import * as resetRoute from "./reset-password.tsx";

const idp = await vi.hoisted(async () => {
  const { startTestIdentityProvider } = await import("../../tests/support/test-identity-provider.ts");
  const provider = await startTestIdentityProvider();
  process.env.PUBLIC_URL = provider.origin;
  process.env.SIGN_IN_ATTEMPTS_PER_MINUTE = "1000";
  return provider;
});

const PASSWORD = "correct horse battery";
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
  await idp.close();
});

const identity = (sub: string, email: string, verified = true): ProviderIdentity => ({
  sub,
  email,
  email_verified: verified,
  name: "Someone",
});

/** Links `provider` from the settings page of the browser holding `cookie`, the provider answering as `who`. */
async function link(cookie: string, who: ProviderIdentity, provider: "google" | "linkedin" = "google") {
  idp.answerWith(who);
  const headers = new Headers({ cookie, origin: idp.origin });
  return signInWithProvider(
    () => startLinking(database, provider, headers),
    (request) => getAuth(database).handler(request),
  );
}

async function providerSignIn(who: ProviderIdentity, provider: "google" | "linkedin" = "google") {
  idp.answerWith(who);
  const { startSignIn } = await import("~/features/accounts/sign-in.server.ts");
  return signInWithProvider(
    () => startSignIn(database, provider, "/listings", new Headers({ origin: idp.origin })),
    (request) => getAuth(database).handler(request),
  );
}

async function post(cookie: string, form: Record<string, string>) {
  return answered(await settingsRoute.action(await routeArgs(database, "/settings", { cookie, form })));
}

describe("linking", () => {
  it("links a provider identity with the account's own, provider-verified address; it then signs in", async () => {
    const account = await makePasswordAccount(database, { name: "Linker", email: "linker@methods.example", password: PASSWORD });
    const cookie = await signedInCookie(database, account.email, PASSWORD);
    const started = await post(cookie, { intent: "link-provider", provider: "google" });
    expect(started.status).toBe(302);
    expect(started.location).toContain("/dev/oidc/google/");

    const linked = await link(cookie, identity("g-linker", account.email));
    expect(new URL(linked.location, idp.origin).pathname + new URL(linked.location, idp.origin).search).toBe("/settings?linked=google");
    expect((await listSignInMethods(database, account.id)).providers.find((p) => p.id === "google")?.linked).toBe(true);
    const viaGoogle = await providerSignIn(identity("g-linker", account.email));
    expect(viaGoogle.cookie).toMatch(/session_token=/);
  });

  it("refuses another address, an address the provider has not verified, and an identity on another account", async () => {
    const account = await makePasswordAccount(database, { name: "Careful", email: "careful@methods.example", password: PASSWORD });
    const cookie = await signedInCookie(database, account.email, PASSWORD);
    const other = await link(cookie, identity("g-other", "someone.else@methods.example"));
    expect(other.location).toMatch(/\/settings\?linkError=google&error=email_does_not_match/);
    const unverified = await link(cookie, identity("g-unverified", account.email, false));
    expect(unverified.location).toMatch(/linkError=google&error=/);

    const first = await makePasswordAccount(database, { name: "First", email: "first@methods.example", password: PASSWORD });
    await link(await signedInCookie(database, first.email, PASSWORD), identity("g-shared", first.email));
    const stolen = await link(cookie, identity("g-shared", account.email));
    expect(stolen.location).toMatch(/linkError=google/);
    expect((await listSignInMethods(database, account.id)).providers.every((p) => !p.linked)).toBe(true);
    const settings = await settingsRoute.loader(
      await routeArgs(database, "/settings?linkError=google&error=email_does_not_match", { cookie }),
    );
    expect(settings.user && settings.security.linkNotice).toEqual({ provider: "google", error: "email_does_not_match" });
  });
});

describe("unlinking", () => {
  it("removes a provider while a password stays, and refuses to remove the last way in", async () => {
    const account = await makePasswordAccount(database, { name: "Unlinker", email: "unlinker@methods.example", password: PASSWORD });
    const cookie = await signedInCookie(database, account.email, PASSWORD);
    await link(cookie, identity("g-unlinker", account.email));
    expect((await post(cookie, { intent: "unlink-provider", provider: "google" })).status).toBe(200);
    expect((await listSignInMethods(database, account.id)).providers.some((p) => p.linked)).toBe(false);
    expect((await post(cookie, { intent: "unlink-provider", provider: "google" })).status).toBe(404);
    expect((await post(cookie, { intent: "unlink-provider", provider: "myspace" })).status).toBe(400);

    const only = await providerSignIn(identity("g-only", "only@methods.example"));
    const last = await post(only.cookie, { intent: "unlink-provider", provider: "google" });
    expect([last.status, last.data?.message]).toEqual([409, expect.stringContaining("only way into your account")]);
    expect(await providerSignIn(identity("g-only", "only@methods.example"))).toMatchObject({
      cookie: expect.stringMatching(/session_token=/),
    });
  });

  it("keeps one way in when two unlinks come at once", async () => {
    const both = await providerSignIn(identity("g-both", "both@methods.example"));
    await link(both.cookie, identity("l-both", "both@methods.example"), "linkedin");
    const userId = (await database.db.select({ userId: accounts.userId }).from(accounts).where(eq(accounts.accountId, "g-both")))[0]!
      .userId;
    expect((await listSignInMethods(database, userId)).providers.filter((p) => p.linked)).toHaveLength(2);
    const answers = await Promise.all([
      post(both.cookie, { intent: "unlink-provider", provider: "google" }),
      post(both.cookie, { intent: "unlink-provider", provider: "linkedin" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await listSignInMethods(database, userId)).providers.filter((p) => p.linked)).toHaveLength(1);
  });
});

describe("adding a password", () => {
  it("mails a provider-only member a link to set one, proving the mailbox; then the password signs in too", async () => {
    const only = await providerSignIn(identity("g-adder", "adder@methods.example"));
    const asked = await post(only.cookie, { intent: "add-password" });
    expect([asked.status, asked.data?.message]).toEqual([200, expect.stringContaining("adder@methods.example")]);
    const mail = await newestMail(database, "reset_password", "adder@methods.example");
    const token = decodeURIComponent(/\/reset-password\?token=(\S+)/.exec(mail?.text ?? "")![1]!);
    const set = await answered(
      await resetRoute.action(await routeArgs(database, "/reset-password", { form: { token, password: "my first own password" } })),
    );
    expect(set.status).toBe(302);
    expect(await signedInCookie(database, "adder@methods.example", "my first own password")).toMatch(/session_token=/);
    // With a password, Google can go: a way in stays.
    const again = await providerSignIn(identity("g-adder", "adder@methods.example"));
    expect((await post(again.cookie, { intent: "unlink-provider", provider: "google" })).status).toBe(200);
  });
});
