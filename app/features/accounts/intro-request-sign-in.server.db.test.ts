/**
 * signInAndSendIntroRequest (decision 0109): a forged claim is refused before any password is checked; the right
 * password hands the waiting request over; a right password whose request can no longer be theirs still signs in.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { createIntroRequest } from "~/features/introductions/intro-requests.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { signInAndSendIntroRequest } from "./intro-request-sign-in.server.ts";
import { signUpWithPassword } from "./password-sign-up.server.ts";

let database: Database;
let recipient: { type: "startup"; slug: string; name: string };
const PASSWORD = "a long enough password";
const MEMBER = "member@example.org";

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 10);
  recipient = (
    await database.rows<{ type: "startup"; slug: string; name: string }>(
      sql`SELECT type, slug, name FROM listings WHERE visibility = 'public' ORDER BY slug LIMIT 1`,
    )
  )[0]!;
  await signUpWithPassword(database, { name: "Mia Member", email: MEMBER, password: PASSWORD }, new Headers());
  await database.rows(sql`UPDATE users SET email_verified = true WHERE email = ${MEMBER}`);
});

afterAll(async () => {
  await database?.close();
});

let visitor = 0;
async function waitingClaim() {
  visitor += 1;
  const created = await createIntroRequest(database, {
    input: {
      recipientType: recipient.type,
      recipientSlug: recipient.slug,
      senderName: "Mia Member",
      senderEmail: MEMBER,
      message: "We build tooling your customers ask for; an intro would help.",
    },
    user: null,
    clientAddress: `192.0.2.${100 + visitor}`,
  });
  if (created.status !== "awaiting_sign_up") throw new Error("expected a waiting request");
  return { requestId: created.id, claimToken: created.claimToken };
}

const step = (claim: { requestId: string; claimToken: string }, password: string) =>
  signInAndSendIntroRequest(database, { claim, email: MEMBER, password, headers: new Headers(), clientAddress: "198.51.100.9" });
const signInAttempts = async () =>
  (await database.rows<{ n: number }>(sql`SELECT coalesce(sum(count), 0)::int AS n FROM rate_limit_windows WHERE key LIKE 'sign-in%'`))[0]!
    .n;
const statusOf = async (id: string) =>
  (await database.rows<{ status: string }>(sql`SELECT status FROM intro_requests WHERE id = ${id}`))[0]!.status;

describe("signInAndSendIntroRequest", () => {
  it("refuses a forged claim before the password is checked or counted", async () => {
    const claim = await waitingClaim();
    const before = await signInAttempts();
    const outcome = await step({ ...claim, claimToken: "forged" }, PASSWORD);
    expect(outcome).toEqual({
      ok: false,
      code: "bad_request",
      message: "This request cannot be completed. Please send it again.",
      cookies: [],
    });
    expect(await signInAttempts()).toBe(before);
  });

  it("answers a wrong password beside its field, with no session, and leaves the request waiting", async () => {
    const claim = await waitingClaim();
    const outcome = await step(claim, "not the password");
    expect(outcome).toMatchObject({ ok: false, code: "unauthorized", passwordError: expect.any(String), cookies: [] });
    expect(await statusOf(claim.requestId)).toBe("awaiting_sign_up");
  });

  it("signs in and sends the request to review; a second request the member may not send still signs them in", async () => {
    const claim = await waitingClaim();
    const sent = await step(claim, PASSWORD);
    expect(sent).toMatchObject({ ok: true, sent: { status: "pending_review", recipientName: recipient.name } });
    expect(sent.cookies.some((c) => c.startsWith("ib.session_token="))).toBe(true);
    expect(await statusOf(claim.requestId)).toBe("pending_review");
    // Spent: refused before the password.
    expect(await step(claim, PASSWORD)).toMatchObject({ ok: false, code: "conflict", cookies: [] });

    // One request to a listing at a time: the second is refused after the right password, which signed in all the same.
    const second = await waitingClaim();
    const refused = await step(second, PASSWORD);
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining(recipient.name) });
    expect(refused.cookies.some((c) => c.startsWith("ib.session_token="))).toBe(true);
    expect(await statusOf(second.requestId)).toBe("awaiting_sign_up");
  });
});
