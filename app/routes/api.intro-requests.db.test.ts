/** POST /api/intro-requests and its sign-up step as a client sees them: statuses, messages, cookies. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { solvedProof } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerOf, loaderArgs } from "#test-support/test-route.ts";
import * as requests from "./api.intro-requests.ts";
import * as signUp from "./api.intro-requests.sign-up.ts";
import * as signIn from "./api.intro-requests.sign-in.ts";
import * as verifyEmail from "./verify-email.tsx";

let database: Database;
let recipient: { type: string; slug: string };
let other: { type: string; slug: string };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 10);
  const [row] = await database.rows<{ type: string; slug: string }>(
    sql`SELECT type, slug FROM listings WHERE visibility = 'public' ORDER BY slug LIMIT 2`,
  );
  recipient = row!;
  other = (
    await database.rows<{ type: string; slug: string }>(
      sql`SELECT type, slug FROM listings WHERE visibility = 'public' ORDER BY slug LIMIT 2`,
    )
  )[1]!;
});

afterAll(async () => {
  await database?.close();
});

/** Opens the verification link mailed to `email` and submits its form with the password, as the page does. */
async function confirmByEmail(email: string, password: string): Promise<Response> {
  const [mail] = await database.rows<{ text: string }>(
    sql`SELECT text FROM outbox_emails WHERE kind = 'verify_email' AND ${email} = ANY("to") ORDER BY created_at DESC LIMIT 1`,
  );
  const token = decodeURIComponent(/\/verify-email\?token=(\S+)/.exec(mail!.text)![1]!);
  const init = { method: "POST", body: new URLSearchParams({ token, password, intent: "confirm" }) };
  return (await verifyEmail.action(loaderArgs(database, "/verify-email", {}, { init }) as never)) as Response;
}

async function post(route: typeof requests | typeof signUp | typeof signIn, path: string, body: unknown, raw = false): Promise<Response> {
  const init = { method: "POST", headers: { "Content-Type": "application/json" }, body: raw ? String(body) : JSON.stringify(body) };
  return answerOf(route.action(loaderArgs(database, path, {}, { init }) as never));
}

const request = () => ({
  recipientType: recipient.type,
  recipientSlug: recipient.slug,
  senderName: "Vera Visitor",
  senderEmail: "vera@example.org",
  message: "We build tooling your customers ask for; an intro would help.",
});

describe("POST /api/intro-requests", () => {
  it("answers 400 with a message per field for bad input, and for a body that is not JSON", async () => {
    const response = await post(requests, "/api/intro-requests", { ...request(), senderEmail: ["x"], message: "" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors).toEqual({
      senderEmail: "Enter your e-mail address.",
      message: "Tell them in a sentence or two why you would like to be introduced (at least 20 characters).",
    });
    expect(body.values.senderName).toBe("Vera Visitor");
    const broken = await post(requests, "/api/intro-requests", "{nope", true);
    expect(broken.status).toBe(400);
    expect((await broken.json()).error).toMatch(/^The body is not valid JSON/);
  });

  it("refuses an unticked robot check with the spec's words", async () => {
    const response = await post(requests, "/api/intro-requests", request());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: "Please confirm you're not a robot before submitting.",
      errors: { proof: "Please confirm you're not a robot before submitting." },
    });
  });

  it("stores the request, then refuses the same proof again", async () => {
    const proofOfWork = await solvedProof(database);
    const first = await post(requests, "/api/intro-requests", { ...request(), proofOfWork });
    expect(first.status).toBe(201);
    const { data: created } = await first.json();
    expect(created).toMatchObject({ status: "awaiting_sign_up", claimToken: expect.any(String) });
    const replay = await post(requests, "/api/intro-requests", { ...request(), proofOfWork });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({
      errors: { proof: "This robot check was already used. Please tick the box again." },
      error: "This robot check was already used. Please tick the box again.",
    });

    // The sign-up step creates a real account; the request goes to review once its address is verified.
    const bad = await post(signUp, "/api/intro-requests/sign-up", {
      ...created,
      requestId: created.id,
      fullName: "Vera",
      email: "vera@example.org",
      phone: "12",
      password: "x",
    });
    expect(bad.status).toBe(400);
    const badBody = await bad.json();
    expect(Object.keys(badBody.errors).sort()).toEqual(["password", "phone"]);
    expect(badBody.values).not.toHaveProperty("password");
    const done = await post(signUp, "/api/intro-requests/sign-up", {
      requestId: created.id,
      claimToken: created.claimToken,
      fullName: "Vera Visitor",
      email: "vera@example.org",
      phone: "+1 555 0100",
      password: "a long enough password",
    });
    expect(done.status).toBe(201);
    expect(await done.json()).toEqual({
      ok: true,
      message: "Check your e-mail to finish signing up.",
      data: { status: "awaiting_verification", user: { name: "Vera Visitor", email: "vera@example.org" } },
    });
    // Not signed in: the address is not proven yet (DESIGN D15).
    expect(done.headers.getSetCookie()).toEqual([]);
    const statusOf = async () =>
      (
        await database.rows<{ status: string; requester_id: string }>(
          sql`SELECT status, requester_id FROM intro_requests WHERE id = ${created.id}`,
        )
      )[0]!;
    expect(await statusOf()).toMatchObject({ status: "awaiting_verification", requester_id: expect.any(String) });

    // The link from the e-mail, confirmed with the password: signed in, and the request goes to review.
    const confirmed = await confirmByEmail("vera@example.org", "a long enough password");
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.getSetCookie().some((c) => c.startsWith("ib.session_token="))).toBe(true);
    expect((await statusOf()).status).toBe("pending_review");
  });

  it("answers a sign-up with an address that has an account as it answers a new one, and mails its owner instead (issue 30 §1)", async () => {
    // To another listing: Vera's request to the first one is in progress, and one member asks each listing once at a time.
    const toOther = { ...request(), recipientType: other.type, recipientSlug: other.slug };
    const { data: created } = await (
      await post(requests, "/api/intro-requests", { ...toOther, proofOfWork: await solvedProof(database) })
    ).json();
    const fresh = await (await post(requests, "/api/intro-requests", { ...request(), proofOfWork: await solvedProof(database) })).json();
    const step = (claim: { id: string; claimToken: string }, email: string) =>
      post(signUp, "/api/intro-requests/sign-up", {
        requestId: claim.id,
        claimToken: claim.claimToken,
        fullName: "Vera Again",
        email,
        phone: "+1 555 0100",
        password: "a different long password",
      });
    const again = await step(created, "vera@example.org");
    const newcomer = await step(fresh.data, "newcomer@example.org");
    expect(again.status).toBe(201);
    expect(again.status).toBe(newcomer.status);
    const [againBody, newBody] = [await again.json(), await newcomer.json()];
    expect(againBody).toEqual({ ...newBody, data: { ...newBody.data, user: { ...newBody.data.user, email: "vera@example.org" } } });
    const [exists] = await database.rows<{ subject: string; text: string }>(
      sql`SELECT subject, text FROM outbox_emails WHERE kind = 'account_exists' AND 'vera@example.org' = ANY("to")`,
    );
    expect(exists?.subject).toBe("You already have an Introbase account");
    expect(exists?.text).toMatch(/\/forgot-password/);
    // No second account, the first one's password unchanged, and the request still waits for its owner.
    const [{ n }] = (await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users WHERE email = 'vera@example.org'`)) as [
      { n: number },
    ];
    expect(n).toBe(1);
    const statusOf = async (id: string) =>
      (await database.rows<{ status: string }>(sql`SELECT status FROM intro_requests WHERE id = ${id}`))[0]!.status;
    expect(await statusOf(created.id)).toBe("awaiting_sign_up");

    // The dialog's sign-in: a wrong password and an unknown address answer alike; the right one sends the request.
    const attempt = (email: string, password: string) =>
      post(signIn, "/api/intro-requests/sign-in", { requestId: created.id, claimToken: created.claimToken, email, password });
    const wrong = await attempt("vera@example.org", "not the password");
    const unknown = await attempt("nobody@example.org", "not the password");
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    const [wrongBody, unknownBody] = [await wrong.json(), await unknown.json()];
    expect(unknownBody).toEqual({ ...wrongBody, values: { email: "nobody@example.org" } });
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const forged = await post(signIn, "/api/intro-requests/sign-in", {
      requestId: created.id,
      claimToken: "forged",
      email: "vera@example.org",
      password: "a long enough password",
    });
    expect(forged.status).toBe(400);
    const done = await attempt("vera@example.org", "a long enough password");
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ ok: true, message: "Introduction request sent!", data: { status: "pending_review" } });
    expect(done.headers.getSetCookie().some((c) => c.startsWith("ib.session_token="))).toBe(true);
    expect(await statusOf(created.id)).toBe("pending_review");
    // Once: the claim is spent.
    expect((await attempt("vera@example.org", "a long enough password")).status).toBe(409);
  });
});
