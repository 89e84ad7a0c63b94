/**
 * A claimed listing's introduction requests (issue 36, decision 0116) against a real database: after the operators'
 * screening they go to the owners (each owner e-mailed links of their own, the request in the listing's inbox) and not
 * to the contact address; owners accept with a note, decline with a reason from the list, or ask one question the
 * requester answers; the e-mailed links and the inbox race for the same request; reminders go to the owners.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { auditLog } from "#db/schema/audit.ts";
import { introRequests } from "#db/schema/introductions.ts";
import { listings } from "#db/schema/listings.ts";
import { grantOwnership, revokeOwnership } from "~/features/listing-owners/ownership.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { answerIntroRequest, answerOwnerQuestion, listInbox } from "./intro-answers.server.ts";
import { runIntroFollowUps } from "./intro-follow-ups.server.ts";
import { DECLINE_REASONS } from "./intro-preferences.ts";
import { ownersOf } from "./intro-preferences.server.ts";
import { createIntroRequest, listMyIntroRequests } from "./intro-requests.server.ts";
import { readResponseLink, respondToIntro, reviewIntroRequest } from "./intro-review.server.ts";
import { insertMember } from "./test-support.ts";

let database: Database;
let claimed: { id: string; type: "startup" | "investor" | "partner"; slug: string; name: string; contact: string };
const admin = { id: "inbox-admin" };
const owners = {
  a: { id: "owner-a", name: "Member owner-a", email: "owner-a@members.test" },
  b: { id: "owner-b", name: "Member owner-b", email: "owner-b@members.test" },
};
const DAY = 24 * 60 * 60 * 1000;
const APPROVED_AT = Date.parse("2031-03-02T09:00:00Z");
let address = 0;
let requesters = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedListings(database, 20);
  const [row] = await database.db
    .select({ id: listings.id, type: listings.type, slug: listings.slug, name: listings.name, contact: listings.primaryContactEmail })
    .from(listings)
    .where(
      sql`${listings.visibility} = 'public' AND ${listings.primaryContactEmail} IS NOT NULL AND ${listings.processingStatus} = 'published'`,
    )
    .limit(1);
  claimed = { ...row!, contact: row!.contact! };
  await insertMember(database, admin.id, "premium", "admin");
  for (const owner of Object.values(owners)) {
    await insertMember(database, owner.id, "subscriber");
    await grantOwnership(database.db, {
      listingId: claimed.id,
      listingName: claimed.name,
      userId: owner.id,
      via: "operator",
      actor: { id: admin.id, source: "admin" },
    });
  }
});

afterAll(async () => {
  await database?.close();
});

async function outbox(kind: string) {
  return database.rows<{ to: string[]; subject: string; text: string }>(
    sql`SELECT "to", subject, text FROM outbox_emails WHERE kind = ${kind} ORDER BY created_at, id`,
  );
}

const linkIn = (text: string, which: "accept" | "decline") =>
  [...text.matchAll(/\/introductions\/respond\/(\S+)/g)].map((m) => m[1]!)[which === "accept" ? 0 : 1]!;

/** A new requester's request to the claimed listing, approved by an operator: returns it and the owners' ask mails. */
async function approvedRequest() {
  const requester = await insertMember(database, `inbox-requester-${++requesters}`, "subscriber");
  const created = await createIntroRequest(database, {
    input: {
      recipientType: claimed.type,
      recipientSlug: claimed.slug,
      senderName: requester.name,
      senderEmail: requester.email,
      message: `Request ${requesters}: we would like to talk about a pilot with your team.`,
    },
    user: requester,
    clientAddress: `10.9.0.${++address}`,
  });
  const before = (await outbox("intro_request")).length;
  await reviewIntroRequest(database, { requestId: created.id, decision: "approve", reason: null, admin }, APPROVED_AT);
  const asks = (await outbox("intro_request")).slice(before);
  return { id: created.id, requester, asks };
}

const owner = (key: "a" | "b") => ownersOf(database, claimed.id).then((list) => list.find((o) => o.id === owners[key].id)!);

describe("delivery to the owners", () => {
  it("e-mails each owner links of their own, puts the request in the inbox, and sends the contact address nothing", async () => {
    const { id, asks, requester } = await approvedRequest();
    expect(asks.map((m) => m.to)).toEqual([[owners.a.email], [owners.b.email]]);
    expect(asks.flatMap((m) => m.to)).not.toContain(claimed.contact);
    expect(linkIn(asks[0]!.text, "accept")).not.toBe(linkIn(asks[1]!.text, "accept"));
    expect(asks[0]!.text).toContain(`/my-listings/${claimed.id}/inbox#request-${id}`);
    // The requester's address is theirs until an owner accepts.
    expect(asks[0]!.text).not.toContain(requester.email);
    const inbox = await listInbox(database, claimed.id);
    expect(inbox[0]).toMatchObject({ id, status: "awaiting_recipient", requesterName: requester.name });
    expect(JSON.stringify(inbox)).not.toContain(requester.email);
    expect(await readResponseLink(database, linkIn(asks[1]!.text, "accept"))).toMatchObject({ state: "open", owner: { id: owners.b.id } });
  });

  it("reads owners through a merge: whoever kept a listing merged into this one keeps this one", async () => {
    const [merged] = await database.rows<{ id: string; name: string }>(
      sql`SELECT id::text AS id, name FROM listings WHERE processing_status = 'published' AND id <> ${claimed.id} ORDER BY slug DESC LIMIT 1`,
    );
    await insertMember(database, "owner-of-merged", "subscriber");
    await grantOwnership(database.db, {
      listingId: merged!.id,
      listingName: merged!.name,
      userId: "owner-of-merged",
      via: "operator",
      actor: { id: admin.id, source: "admin" },
    });
    expect((await ownersOf(database, claimed.id)).map((o) => o.id)).not.toContain("owner-of-merged");
    await database.rows(
      sql`UPDATE listings SET processing_status = 'merged', merged_into = ${claimed.id}::uuid WHERE id = ${merged!.id}::uuid RETURNING id`,
    );
    try {
      expect((await ownersOf(database, claimed.id)).map((o) => o.id).sort()).toEqual([owners.a.id, owners.b.id, "owner-of-merged"].sort());
    } finally {
      await database.rows(
        sql`UPDATE listings SET processing_status = 'published', merged_into = NULL WHERE id = ${merged!.id}::uuid RETURNING id`,
      );
      await revokeOwnership(database.db, {
        listingId: merged!.id,
        listingName: merged!.name,
        userId: "owner-of-merged",
        reason: "test",
        actor: { id: admin.id, source: "admin" },
      });
    }
  });

  it("accept with a note: one introduction to the requester and the accepting owner, the note quoted, audited as the owner", async () => {
    const { id, requester } = await approvedRequest();
    const row = await answerIntroRequest(database, {
      requestId: id,
      answer: { kind: "accept", note: "Happy to talk; Thursday works for us." },
      by: { owner: await owner("a"), listingId: claimed.id },
      now: APPROVED_AT + DAY,
    });
    expect(row).toMatchObject({ status: "accepted", recipientEmail: owners.a.email, answeredBy: owners.a.id });
    const [intro] = (await outbox("intro_accepted")).slice(-1);
    expect(intro!.to).toEqual([requester.email, owners.a.email]);
    expect(intro!.text).toContain("Happy to talk; Thursday works for us.");
    expect(intro!.text).toContain(`${owners.a.name} (${claimed.name})`);
    const [stored] = await database.db.select().from(introRequests).where(eq(introRequests.id, id));
    expect(stored!.introducedAt).not.toBeNull();
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.recordId} = ${id} AND ${auditLog.action} = 'accepted'`);
    expect(entry).toMatchObject({ source: "member", actorId: owners.a.id, actorKind: "person", details: { as: "owner" } });
  });

  it("decline with a reason from the list: the requester reads its polite wording, by e-mail and in their settings", async () => {
    const { id, requester } = await approvedRequest();
    await answerIntroRequest(database, {
      requestId: id,
      answer: { kind: "decline", reason: "no_capacity" },
      by: { owner: await owner("b") },
    });
    const [mail] = (await outbox("intro_declined")).slice(-1);
    expect(mail!.to).toEqual([requester.email]);
    expect(mail!.text).toContain(DECLINE_REASONS.no_capacity);
    expect(mail!.text).not.toContain(owners.b.email);
    const [mine] = await listMyIntroRequests(database, requester.id);
    expect(mine).toMatchObject({ status: "declined", declineReason: DECLINE_REASONS.no_capacity });
  });

  it("an owner's own decline link takes the reason its page offers, and the requester reads it", async () => {
    const { asks, requester } = await approvedRequest();
    expect(await respondToIntro(database, linkIn(asks[0]!.text, "decline"), APPROVED_AT + DAY, { reason: "not_a_fit" })).toBe("declined");
    const [mail] = (await outbox("intro_declined")).slice(-1);
    expect(mail!.to).toEqual([requester.email]);
    expect(mail!.text).toContain(DECLINE_REASONS.not_a_fit);
  });

  it("ask for more: the requester is asked once, answers from their side, and the request comes back to the owners", async () => {
    const { id, requester } = await approvedRequest();
    const question = "Which of our products would the pilot use?";
    await answerIntroRequest(database, {
      requestId: id,
      answer: { kind: "ask", question },
      by: { owner: await owner("a"), listingId: claimed.id },
      now: APPROVED_AT + DAY,
    });
    const [asked] = (await outbox("intro_question")).slice(-1);
    expect(asked!.to).toEqual([requester.email]);
    expect(asked!.text).toContain(question);
    expect((await listMyIntroRequests(database, requester.id))[0]).toMatchObject({ status: "awaiting_requester", ownerQuestion: question });

    // Only the requester answers, once; nobody answers for them.
    await expect(
      answerOwnerQuestion(database, { requestId: id, userId: owners.b.id, answer: "Not mine to answer at all." }),
    ).rejects.toThrow("not waiting for your answer");
    // While the question waits for them, the request is still theirs in progress: a second one to the listing is refused.
    await expect(
      createIntroRequest(database, {
        input: {
          recipientType: claimed.type,
          recipientSlug: claimed.slug,
          senderName: requester.name,
          senderEmail: requester.email,
          message: "A second request while the first waits for me.",
        },
        user: requester,
        clientAddress: `10.9.1.${++address}`,
      }),
    ).rejects.toThrow("in progress");
    await answerOwnerQuestion(database, {
      requestId: id,
      userId: requester.id,
      answer: "The analytics one, for about ten stores.",
      now: APPROVED_AT + 2 * DAY,
    });
    const back = (await outbox("intro_answered")).slice(-2);
    expect(back.map((m) => m.to)).toEqual([[owners.a.email], [owners.b.email]]);
    expect(back[0]!.text).toContain("The analytics one, for about ten stores.");
    expect((await listInbox(database, claimed.id)).find((r) => r.id === id)).toMatchObject({ status: "awaiting_recipient" });

    // One question per request: the owners now accept or decline.
    await expect(
      answerIntroRequest(database, {
        requestId: id,
        answer: { kind: "ask", question: "And one more thing, please?" },
        by: { owner: await owner("b") },
      }),
    ).rejects.toThrow("asked this requester a question already");
    const answered = await respondToIntro(database, linkIn(back[1]!.text, "accept"), APPROVED_AT + 3 * DAY);
    expect(answered).toBe("accepted");
  });

  it("the e-mailed link and the inbox race for one request: one answer wins, the other finds it answered, one e-mail goes", async () => {
    const { id, asks } = await approvedRequest();
    const [accepted, declined] = [(await outbox("intro_accepted")).length, (await outbox("intro_declined")).length];
    const [byLink, byInbox] = await Promise.all([
      respondToIntro(database, linkIn(asks[0]!.text, "accept"), APPROVED_AT + DAY),
      answerIntroRequest(database, {
        requestId: id,
        answer: { kind: "decline", reason: "timing" },
        by: { owner: await owner("b"), listingId: claimed.id },
      }),
    ]);
    const linkWon = byLink === "accepted";
    expect(linkWon ? byInbox : byLink).toEqual(linkWon ? null : "answered");
    expect((await outbox("intro_accepted")).length - accepted + (await outbox("intro_declined")).length - declined).toBe(1);
    expect(await readResponseLink(database, linkIn(asks[1]!.text, "decline"))).toEqual({ state: "answered" });
  });

  it("a removed owner's link does nothing, and the inbox of another listing does not reach the request", async () => {
    const { id, asks } = await approvedRequest();
    const [other] = await database.db
      .select({ id: listings.id })
      .from(listings)
      .where(sql`${listings.processingStatus} = 'published' AND ${listings.id} <> ${claimed.id}`)
      .limit(1);
    expect(
      await answerIntroRequest(database, {
        requestId: id,
        answer: { kind: "accept", note: null },
        by: { owner: await owner("a"), listingId: other!.id },
      }),
    ).toBeNull();
    await revokeOwnership(database.db, {
      listingId: claimed.id,
      listingName: claimed.name,
      userId: owners.b.id,
      reason: "left",
      actor: { id: admin.id, source: "admin" },
    });
    try {
      expect(await readResponseLink(database, linkIn(asks[1]!.text, "accept"))).toEqual({ state: "invalid" });
      expect(await respondToIntro(database, linkIn(asks[1]!.text, "accept"), APPROVED_AT + DAY)).toBe("invalid");
    } finally {
      await grantOwnership(database.db, {
        listingId: claimed.id,
        listingName: claimed.name,
        userId: owners.b.id,
        via: "operator",
        actor: { id: admin.id, source: "admin" },
      });
    }
    expect(await readResponseLink(database, linkIn(asks[0]!.text, "accept"))).toMatchObject({ state: "open" });
  });

  it("reminds the owners once, and counts the wait again from the requester's answer to a question", async () => {
    const env = parseEnv({ PUBLIC_URL: "https://introbase.example", INTRO_REMINDER_AFTER_DAYS: "3", INTRO_EXPIRE_AFTER_DAYS: "10" });
    const waiting = await approvedRequest();
    const asked = await approvedRequest();
    const silent = await approvedRequest();
    const question = { kind: "ask" as const, question: "Which region would the pilot be in?" };
    await answerIntroRequest(database, { requestId: silent.id, answer: question, by: { owner: await owner("b") }, now: APPROVED_AT + DAY });
    await answerIntroRequest(database, {
      requestId: asked.id,
      answer: { kind: "ask", question: "Could you say more about it?" },
      by: { owner: await owner("a") },
    });
    await answerOwnerQuestion(database, {
      requestId: asked.id,
      userId: asked.requester.id,
      answer: "Certainly: it is a ten-store pilot.",
      now: APPROVED_AT + 9 * DAY,
    });

    const before = (await outbox("intro_reminder")).length;
    const first = await runIntroFollowUps(database, { now: new Date(APPROVED_AT + 4 * DAY), env });
    expect(first.reminded).toContain(waiting.id);
    expect(first.reminded).not.toContain(asked.id);
    expect([...first.reminded, ...first.expired]).not.toContain(silent.id);
    const reminders = (await outbox("intro_reminder")).slice(before);
    expect(reminders.map((m) => m.to[0])).toEqual(expect.arrayContaining([owners.a.email, owners.b.email]));
    expect(reminders.flatMap((m) => m.to)).not.toContain(claimed.contact);

    // Day 11: ten days after the approval the first has expired; the second was put to the owners again on day 9.
    const later = await runIntroFollowUps(database, { now: new Date(APPROVED_AT + 11 * DAY), env });
    expect(later.expired).toContain(waiting.id);
    // A question left unanswered as long closes the request too, and the requester is told.
    expect(later.expired).toContain(silent.id);
    const [closed] = (await outbox("intro_expired")).filter((m) => m.to.includes(silent.requester.email));
    expect(closed!.text).toContain("asked you a question");
    expect(later.expired).not.toContain(asked.id);
    expect(later.reminded).not.toContain(asked.id);
    const last = await runIntroFollowUps(database, { now: new Date(APPROVED_AT + 13 * DAY), env });
    expect(last.reminded).toContain(asked.id);
  });
});
