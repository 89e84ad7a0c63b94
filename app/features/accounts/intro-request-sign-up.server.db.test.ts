/**
 * completeIntroSignUp (decision 0109): the claim checked before anything is made, the account made and handed the
 * request, and the account removed again when the request could not be handed to it.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import * as introRequests from "~/features/introductions/intro-requests.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { completeIntroSignUp } from "./intro-request-sign-up.server.ts";

/**
 * The moment between the claim's check and the hand-over, where another sign-up can take the request: a test sets
 * `beforeHandOver` to act in it. The hand-over itself is the real one.
 */
const between = vi.hoisted(() => ({ beforeHandOver: null as null | (() => Promise<void>) }));
vi.mock("~/features/introductions/intro-requests.server.ts", async (original) => {
  const real = await original<typeof introRequests>();
  return {
    ...real,
    attachRequestToAccount: async (...args: Parameters<typeof real.attachRequestToAccount>) => {
      const act = between.beforeHandOver;
      between.beforeHandOver = null;
      if (act) await act();
      return real.attachRequestToAccount(...args);
    },
  };
});

let database: Database;
let recipient: { type: "startup" | "investor" | "partner"; slug: string };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 10);
  const [row] = await database.rows<{ type: "startup"; slug: string }>(
    sql`SELECT type, slug FROM listings WHERE visibility = 'public' ORDER BY slug LIMIT 1`,
  );
  recipient = row!;
});

afterAll(async () => {
  await database?.close();
});

let visitor = 0;
/** A signed-out visitor's request, waiting for its sign-up step; each from its own address (the hourly limit). */
async function waitingRequest(): Promise<{ requestId: string; claimToken: string }> {
  visitor += 1;
  const created = await introRequests.createIntroRequest(database, {
    input: {
      recipientType: recipient.type,
      recipientSlug: recipient.slug,
      senderName: "Vera Visitor",
      senderEmail: `vera${visitor}@example.org`,
      message: "We build tooling your customers ask for; an intro would help.",
    },
    user: null,
    clientAddress: `192.0.2.${visitor}`,
  });
  if (created.status !== "awaiting_sign_up") throw new Error("expected a request waiting for its sign-up");
  return { requestId: created.id, claimToken: created.claimToken };
}

const account = (email: string) => ({ name: "Vera Visitor", email, password: "a long enough password", phone: "+1 555 0100" });
const headers = () => new Headers({ origin: "http://localhost" });
const usersWith = async (email: string) =>
  (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE email = ${email}`))[0]!.n;
const requestRow = async (id: string) =>
  (
    await database.rows<{ status: string; requester_email: string | null }>(
      sql`SELECT status, requester_email FROM intro_requests WHERE id = ${id}`,
    )
  )[0]!;

describe("completeIntroSignUp", () => {
  it("makes an unverified account and hands it the request, which waits for the address to be confirmed", async () => {
    const claim = await waitingRequest();
    const outcome = await completeIntroSignUp(database, { claim, account: account("new.member@example.org"), headers: headers() });
    expect(outcome).toEqual({ ok: true, user: { name: "Vera Visitor", email: "new.member@example.org" } });
    expect(await usersWith("new.member@example.org")).toBe(1);
    expect(await requestRow(claim.requestId)).toEqual({ status: "awaiting_verification", requester_email: "new.member@example.org" });
  });

  it("makes nothing for a forged claim", async () => {
    const claim = await waitingRequest();
    const outcome = await completeIntroSignUp(database, {
      claim: { ...claim, claimToken: "forged" },
      account: account("forger@example.org"),
      headers: headers(),
    });
    expect(outcome).toEqual({ ok: false, code: "bad_request", message: "This request cannot be completed. Please send it again." });
    expect(await usersWith("forger@example.org")).toBe(0);
    expect((await requestRow(claim.requestId)).status).toBe("awaiting_sign_up");
  });

  it("removes the account it made when another sign-up took the request in the meantime", async () => {
    const claim = await waitingRequest();
    between.beforeHandOver = async () => {
      const first = await completeIntroSignUp(database, { claim, account: account("quicker@example.org"), headers: headers() });
      expect(first.ok).toBe(true);
    };
    const outcome = await completeIntroSignUp(database, { claim, account: account("slower@example.org"), headers: headers() });
    expect(outcome).toEqual({
      ok: false,
      code: "conflict",
      message: "This request has expired or was already completed. Please send it again.",
    });
    // The compensation: no account left behind for the address whose sign-up lost the race.
    expect(await usersWith("slower@example.org")).toBe(0);
    expect(await usersWith("quicker@example.org")).toBe(1);
    expect(await requestRow(claim.requestId)).toEqual({ status: "awaiting_verification", requester_email: "quicker@example.org" });
  });

  it("answers an address that has an account as a new one, makes no second account and leaves the request waiting", async () => {
    const first = await completeIntroSignUp(database, {
      claim: await waitingRequest(),
      account: account("taken@example.org"),
      headers: headers(),
    });
    expect(first.ok).toBe(true);
    await database.rows(sql`UPDATE users SET email_verified = true WHERE email = 'taken@example.org'`);
    const claim = await waitingRequest();
    const again = await completeIntroSignUp(database, {
      claim,
      account: { ...account("taken@example.org"), name: "Someone Else" },
      headers: headers(),
    });
    expect(again).toEqual({ ok: true, user: { name: "Someone Else", email: "taken@example.org" } });
    expect(await usersWith("taken@example.org")).toBe(1);
    expect((await requestRow(claim.requestId)).status).toBe("awaiting_sign_up");
  });
});
