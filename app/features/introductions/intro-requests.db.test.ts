/**
 * The introduction workflow against a real database: a request behind a spent-once proof of work, the sign-up
 * step, the operator's review, the recipient's signed single-use links, the e-mails each step sends (read
 * from the outbox: no SMTP here) and the audit trail. Rate limits per account and per address.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { users } from "#db/schema/accounts.ts";
import { introRequests } from "#db/schema/introductions.ts";
import { listings } from "#db/schema/listings.ts";
import { spendProof } from "~/features/verification/proof-of-work.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import {
  attachRequestToAccount,
  checkClaim,
  createIntroRequest,
  INTRO_REQUESTS_PER_ACCOUNT_PER_DAY,
  INTRO_REQUESTS_PER_ADDRESS_PER_HOUR,
  sendWaitingRequestsToReview,
} from "./intro-requests.server.ts";
import { listIntroRequests, readResponseLink, respondToIntro, reviewIntroRequest } from "./intro-review.server.ts";
import { insertMember, solvedProof } from "./test-support.ts";

let database: Database;
let recipient: { type: "startup" | "investor" | "partner"; slug: string; name: string; email: string };
let address = 0;
/** Each test its own client address, so the per-address limit only bites where a test wants it to. */
const nextAddress = () => `10.0.0.${++address}`;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 20);
  const [row] = await database.db
    .select({ type: listings.type, slug: listings.slug, name: listings.name, email: listings.primaryContactEmail })
    .from(listings)
    .where(sql`${listings.visibility} = 'public' AND ${listings.primaryContactEmail} IS NOT NULL`)
    .limit(1);
  recipient = { ...row!, email: row!.email! };
});

afterAll(async () => {
  await database?.close();
});

const input = () => ({
  recipientType: recipient.type,
  recipientSlug: recipient.slug,
  senderName: "Vera Visitor",
  senderEmail: "vera@example.org",
  message: "We build tooling your customers ask for; an intro would help both sides.",
});

async function outbox(kind: string) {
  return database.rows<{ to: string[]; subject: string; text: string }>(
    sql`SELECT "to", subject, text FROM outbox_emails WHERE kind = ${kind} ORDER BY created_at`,
  );
}

function linksIn(text: string): { accept: string; decline: string } {
  const [accept, decline] = [...text.matchAll(/\/introductions\/respond\/(\S+)/g)].map((m) => m[1]!);
  return { accept: accept!, decline: decline! };
}

const admin = { id: "admin-1" };
beforeEach(async () => {
  await insertMember(database, "admin-1", "premium", "admin");
});

describe("proof of work", () => {
  it("accepts a solved challenge once and refuses its replay", async () => {
    const payload = await solvedProof(database);
    expect(await spendProof(database, payload)).toEqual({ ok: true });
    expect(await spendProof(database, payload)).toEqual({ ok: false, reason: "replayed" });
  });

  it("refuses a missing, malformed, tampered or expired payload", async () => {
    expect(await spendProof(database, undefined)).toEqual({ ok: false, reason: "missing" });
    expect(await spendProof(database, "not base64 json")).toEqual({ ok: false, reason: "invalid" });
    const payload = JSON.parse(Buffer.from(await solvedProof(database), "base64").toString());
    payload.solution.counter += 1;
    payload.solution.derivedKey = "00".repeat(32);
    expect(await spendProof(database, Buffer.from(JSON.stringify(payload)).toString("base64"))).toEqual({ ok: false, reason: "invalid" });
    // A challenge lives 30 minutes: spent 31 minutes after it was made, it is refused.
    const madeAt = Date.parse("2031-05-01T12:00:00Z");
    const old = await solvedProof(database, madeAt);
    expect(await spendProof(database, old, madeAt + 31 * 60 * 1000)).toEqual({ ok: false, reason: "expired" });
  });
});

describe("the whole workflow", () => {
  it("signed out: the request waits for sign-up, then review, the recipient accepts, both are introduced", async () => {
    const created = await createIntroRequest(database, { input: input(), user: null, clientAddress: nextAddress() });
    expect(created.status).toBe("awaiting_sign_up");
    if (created.status !== "awaiting_sign_up") return;
    const member = await insertMember(database, "vera");
    await expect(
      attachRequestToAccount(database, { requestId: created.id, claimToken: "forged", user: member, phone: "+1 555 0100" }),
    ).rejects.toThrow("This request cannot be completed");
    await attachRequestToAccount(database, { requestId: created.id, claimToken: created.claimToken, user: member, phone: "+1 555 0100" });
    const [row] = await database.db.select().from(introRequests).where(eq(introRequests.id, created.id));
    expect(row).toMatchObject({
      status: "pending_review",
      requesterId: "vera",
      requesterEmail: member.email,
      requesterPhone: "+1 555 0100",
    });

    await reviewIntroRequest(database, { requestId: created.id, decision: "approve", reason: null, admin });
    const [ask] = (await outbox("intro_request")).slice(-1);
    expect(ask!.to).toEqual([recipient.email]);
    expect(ask!.text).toContain(input().message);
    // The requester's address is only shared once the recipient accepts.
    expect(ask!.text).not.toContain(member.email);
    const links = linksIn(ask!.text);

    expect(await readResponseLink(database, links.accept)).toMatchObject({ state: "open", response: "accept" });
    expect(await respondToIntro(database, links.accept)).toBe("accepted");
    const [intro] = (await outbox("intro_accepted")).slice(-1);
    expect(intro!.to).toEqual([member.email, recipient.email]);
    expect(intro!.text).toContain(recipient.email);

    // Single use: the same link, or the other one, no longer acts.
    expect(await respondToIntro(database, links.accept)).toBe("answered");
    expect(await respondToIntro(database, links.decline)).toBe("answered");
    expect((await outbox("intro_accepted")).length).toBe(1);

    const trail = await database.rows<{ action: string; source: string }>(
      sql`SELECT action, source FROM audit_log WHERE record_id = ${created.id} ORDER BY timestamp`,
    );
    expect(trail).toEqual([
      { action: "created", source: "visitor" },
      { action: "signed_up", source: "visitor" },
      { action: "approved", source: "admin" },
      { action: "accepted", source: "recipient" },
    ]);
  });

  it("an account whose address is not verified yet: the request waits, out of the operators' queue, until it is", async () => {
    const created = await createIntroRequest(database, { input: input(), user: null, clientAddress: nextAddress() });
    if (created.status !== "awaiting_sign_up") throw new Error("expected a signed-out request");
    await expect(checkClaim(database, { requestId: created.id, claimToken: "forged" })).rejects.toThrow("This request cannot be completed");
    await checkClaim(database, { requestId: created.id, claimToken: created.claimToken });
    await database.db.insert(users).values({ id: "unverified", name: "Una Verified", email: "una@members.test" });
    const member = { id: "unverified", name: "Una Verified", email: "una@members.test" };
    const attached = await attachRequestToAccount(database, {
      requestId: created.id,
      claimToken: created.claimToken,
      user: member,
      phone: "+1 555 0100",
    });
    expect(attached).toEqual({ status: "awaiting_verification" });
    // Claimed now: a second claim is refused before anything is made.
    await expect(checkClaim(database, { requestId: created.id, claimToken: created.claimToken })).rejects.toThrow(
      "expired or was already completed",
    );
    const queue = async (status: "pending_review" | null) => (await listIntroRequests(database, status)).map((r) => r.request.id);
    expect(await queue(null)).not.toContain(created.id);
    expect(await queue("pending_review")).not.toContain(created.id);
    await expect(reviewIntroRequest(database, { requestId: created.id, decision: "approve", reason: null, admin })).rejects.toThrow(
      "not been sent for review yet",
    );

    await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, "unverified"));
    expect(await sendWaitingRequestsToReview(database, "unverified")).toEqual([recipient.name]);
    expect(await sendWaitingRequestsToReview(database, "unverified")).toEqual([]);
    expect(await queue("pending_review")).toContain(created.id);
    const trail = await database.rows<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE record_id = ${created.id} ORDER BY timestamp`,
    );
    expect(trail.map((t) => t.action)).toEqual(["created", "signed_up", "address_verified"]);
  });

  it("decline tells the requester politely without the recipient's address", async () => {
    const member = await insertMember(database, "dana", "subscriber");
    const created = await createIntroRequest(database, { input: input(), user: member, clientAddress: nextAddress() });
    expect(created.status).toBe("pending_review");
    await reviewIntroRequest(database, { requestId: created.id, decision: "approve", reason: null, admin });
    const links = linksIn((await outbox("intro_request")).at(-1)!.text);
    expect(await respondToIntro(database, links.decline)).toBe("declined");
    const declined = (await outbox("intro_declined")).at(-1)!;
    expect(declined.to).toEqual([member.email]);
    expect(declined.text).not.toContain(recipient.email);
    expect(declined.text).toContain("not able to take it up");
  });

  it("refuses an expired or forged link", async () => {
    const member = await insertMember(database, "eli", "subscriber");
    const created = await createIntroRequest(database, { input: input(), user: member, clientAddress: nextAddress() });
    // The links live 14 days from the approval: answered on the 15th day, they are refused.
    const approvedAt = Date.parse("2031-05-01T12:00:00Z");
    await reviewIntroRequest(database, { requestId: created.id, decision: "approve", reason: null, admin }, approvedAt);
    const links = linksIn((await outbox("intro_request")).at(-1)!.text);
    const fifteenDays = approvedAt + 15 * 24 * 60 * 60 * 1000;
    expect(await respondToIntro(database, links.accept, fifteenDays)).toBe("expired");
    expect(
      await respondToIntro(
        database,
        links.accept.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
      ),
    ).toBe("invalid");
    expect(await respondToIntro(database, links.accept.replace("accept", "decline"))).toBe("invalid");
    const [row] = await database.db.select({ status: introRequests.status }).from(introRequests).where(eq(introRequests.id, created.id));
    expect(row!.status).toBe("awaiting_recipient");
  });

  it("rejecting tells the requester the operator's reason; a second review is refused", async () => {
    const member = await insertMember(database, "finn");
    const created = await createIntroRequest(database, { input: input(), user: member, clientAddress: nextAddress() });
    await reviewIntroRequest(database, { requestId: created.id, decision: "reject", reason: "Please say what you offer them.", admin });
    const rejected = (await outbox("intro_rejected")).at(-1)!;
    expect(rejected.to).toEqual([member.email]);
    expect(rejected.text).toContain("Please say what you offer them.");
    await expect(reviewIntroRequest(database, { requestId: created.id, decision: "approve", reason: null, admin })).rejects.toThrow(
      "already reviewed",
    );
  });

  it("will not approve a request to a listing without a contact e-mail", async () => {
    const member = await insertMember(database, "gus");
    const created = await createIntroRequest(database, { input: input(), user: member, clientAddress: nextAddress() });
    await database.db.update(listings).set({ primaryContactEmail: null }).where(eq(listings.slug, recipient.slug));
    try {
      await expect(reviewIntroRequest(database, { requestId: created.id, decision: "approve", reason: null, admin })).rejects.toThrow(
        "no primary contact e-mail",
      );
    } finally {
      await database.db.update(listings).set({ primaryContactEmail: recipient.email }).where(eq(listings.slug, recipient.slug));
    }
  });

  it("refuses a listing the requester's tier cannot see, and a second open request to the same listing", async () => {
    const [premium] = await database.db
      .select({ type: listings.type, slug: listings.slug })
      .from(listings)
      .where(eq(listings.visibility, "premium"))
      .limit(1);
    if (premium) {
      await expect(
        createIntroRequest(database, {
          input: { ...input(), recipientType: premium.type, recipientSlug: premium.slug },
          user: null,
          clientAddress: nextAddress(),
        }),
      ).rejects.toThrow("higher plan");
    }
    const member = await insertMember(database, "hana", "premium");
    await createIntroRequest(database, { input: input(), user: member, clientAddress: nextAddress() });
    await expect(createIntroRequest(database, { input: input(), user: member, clientAddress: nextAddress() })).rejects.toThrow(
      "already have a request",
    );
  });
});

describe("rate limits", () => {
  it(`refuses request ${INTRO_REQUESTS_PER_ACCOUNT_PER_DAY + 1} of an account in 24 hours`, async () => {
    const member = await insertMember(database, "ivy");
    const targets = await database.db
      .select({ type: listings.type, slug: listings.slug })
      .from(listings)
      .where(eq(listings.visibility, "public"))
      .limit(INTRO_REQUESTS_PER_ACCOUNT_PER_DAY + 1);
    expect(targets.length).toBe(INTRO_REQUESTS_PER_ACCOUNT_PER_DAY + 1);
    for (const target of targets.slice(0, -1)) {
      await createIntroRequest(database, {
        input: { ...input(), recipientType: target.type, recipientSlug: target.slug },
        user: member,
        clientAddress: nextAddress(),
      });
    }
    const last = targets.at(-1)!;
    await expect(
      createIntroRequest(database, {
        input: { ...input(), recipientType: last.type, recipientSlug: last.slug },
        user: member,
        clientAddress: nextAddress(),
      }),
    ).rejects.toThrow(
      `You have sent ${INTRO_REQUESTS_PER_ACCOUNT_PER_DAY} introduction requests in the last 24 hours, the daily limit. Please try again tomorrow.`,
    );
  });

  it(`refuses request ${INTRO_REQUESTS_PER_ADDRESS_PER_HOUR + 1} from one address in an hour`, async () => {
    const shared = nextAddress();
    for (let i = 0; i < INTRO_REQUESTS_PER_ADDRESS_PER_HOUR; i++) {
      await createIntroRequest(database, { input: input(), user: null, clientAddress: shared });
    }
    await expect(createIntroRequest(database, { input: input(), user: null, clientAddress: shared })).rejects.toThrow(
      /^Too many introduction requests from your network\. Please try again in \d+ minutes?\.$/,
    );
  });
});
