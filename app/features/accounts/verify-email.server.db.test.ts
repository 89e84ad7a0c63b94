/**
 * The verification link's workflows (decision 0109): opening it shows what it is and changes nothing; confirming
 * with the account's password signs in and sends the requests that waited for the address to review, and a wrong
 * password sends nothing.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { createIntroRequest } from "~/features/introductions/intro-requests.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { completeIntroSignUp } from "./intro-request-sign-up.server.ts";
import { confirmLinkAndSendRequests, verifyEmailPage } from "./verify-email.server.ts";

let database: Database;
let recipient: { type: "startup"; slug: string; name: string };
const PASSWORD = "a long enough password";

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 10);
  recipient = (
    await database.rows<{ type: "startup"; slug: string; name: string }>(
      sql`SELECT type, slug, name FROM listings WHERE visibility = 'public' ORDER BY slug LIMIT 1`,
    )
  )[0]!;
});

afterAll(async () => {
  await database?.close();
});

/** A visitor's request completed with a new account: the request waits for the address, the link is in the outbox. */
async function signedUpWithWaitingRequest(email: string, clientAddress: string) {
  const created = await createIntroRequest(database, {
    input: {
      recipientType: recipient.type,
      recipientSlug: recipient.slug,
      senderName: "Vera Visitor",
      senderEmail: email,
      message: "We build tooling your customers ask for; an intro would help.",
    },
    user: null,
    clientAddress,
  });
  if (created.status !== "awaiting_sign_up") throw new Error("expected a waiting request");
  const claim = { requestId: created.id, claimToken: created.claimToken };
  const account = { name: "Vera Visitor", email, password: PASSWORD, phone: "+1 555 0100" };
  expect((await completeIntroSignUp(database, { claim, account, headers: new Headers() })).ok).toBe(true);
  const [mail] = await database.rows<{ text: string }>(
    sql`SELECT text FROM outbox_emails WHERE kind = 'verify_email' AND ${email} = ANY("to") ORDER BY created_at DESC LIMIT 1`,
  );
  const token = decodeURIComponent(/\/verify-email\?token=(\S+)/.exec(mail!.text)![1]!);
  return { token, requestId: created.id };
}

const statusOf = async (id: string) =>
  (await database.rows<{ status: string }>(sql`SELECT status FROM intro_requests WHERE id = ${id}`))[0]!.status;

describe("verifyEmailPage", () => {
  it("shows an open link with its address and token, changes nothing, and says when a token is not ours", async () => {
    const { token, requestId } = await signedUpWithWaitingRequest("opened@example.org", "192.0.2.61");
    const page = await verifyEmailPage(database, { query: new URLSearchParams({ token }), user: null });
    expect(page).toEqual({ state: "open", email: "opened@example.org", token });
    expect(await statusOf(requestId)).toBe("awaiting_verification");
    expect(await verifyEmailPage(database, { query: new URLSearchParams({ token: "forged" }), user: null })).toEqual({ state: "invalid" });
  });
});

describe("confirmLinkAndSendRequests", () => {
  it("with a wrong password signs nobody in and leaves the request waiting", async () => {
    const { token, requestId } = await signedUpWithWaitingRequest("wrong@example.org", "192.0.2.62");
    const outcome = await confirmLinkAndSendRequests(database, { token, password: "not the password", headers: new Headers() });
    expect(outcome).toMatchObject({ ok: false, code: "bad_request", passwordError: expect.any(String) });
    expect(await statusOf(requestId)).toBe("awaiting_verification");
  });

  it("with the password signs in, sends the waiting request to review, and the used link is refused after", async () => {
    const { token, requestId } = await signedUpWithWaitingRequest("right@example.org", "192.0.2.63");
    const outcome = await confirmLinkAndSendRequests(database, { token, password: PASSWORD, headers: new Headers() });
    expect(outcome).toMatchObject({ ok: true, sentToReview: [recipient.name] });
    if (!outcome.ok) throw new Error("expected a confirmation");
    expect(outcome.cookies.some((c) => c.startsWith("ib.session_token="))).toBe(true);
    expect(await statusOf(requestId)).toBe("pending_review");

    expect(await confirmLinkAndSendRequests(database, { token, password: PASSWORD, headers: new Headers() })).toEqual({
      ok: false,
      code: "conflict",
      link: "used",
    });
    const [user] = await database.rows<{ id: string; name: string }>(sql`SELECT id, name FROM users WHERE email = 'right@example.org'`);
    const confirmedPage = await verifyEmailPage(database, { query: new URLSearchParams({ confirmed: "1" }), user: user! });
    expect(confirmedPage).toEqual({ state: "confirmed", name: "Vera Visitor", inReview: [recipient.name] });
  });
});
