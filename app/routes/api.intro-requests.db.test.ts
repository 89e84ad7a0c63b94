/** POST /api/intro-requests and its sign-up step as a client sees them: statuses, messages, cookies. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#db/seed/seed-database.ts";
import { solvedProof } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "~/lib/test-database.ts";
import { answerOf, loaderArgs } from "~/lib/test-route.ts";
import * as requests from "./api.intro-requests.ts";
import * as signUp from "./api.intro-requests.sign-up.ts";
import * as verifyEmail from "./verify-email.tsx";

let database: Database;
let recipient: { type: string; slug: string };

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 10);
  const [row] = await database.rows<{ type: string; slug: string }>(
    sql`SELECT type, slug FROM listings WHERE visibility = 'public' LIMIT 1`,
  );
  recipient = row!;
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

async function post(route: typeof requests | typeof signUp, path: string, body: unknown, raw = false): Promise<Response> {
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
      message: "Your account has been created.",
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

  it("tells a visitor whose e-mail already has a verified account, beside the e-mail field", async () => {
    const { data: created } = await (
      await post(requests, "/api/intro-requests", { ...request(), proofOfWork: await solvedProof(database) })
    ).json();
    const again = await post(signUp, "/api/intro-requests/sign-up", {
      requestId: created.id,
      claimToken: created.claimToken,
      fullName: "Vera Again",
      email: "vera@example.org",
      phone: "+1 555 0100",
      password: "a long enough password",
    });
    expect(again.status).toBe(400);
    expect((await again.json()).errors.email).toBe("An account with this e-mail already exists. Sign in, then send your request again.");
  });
});
