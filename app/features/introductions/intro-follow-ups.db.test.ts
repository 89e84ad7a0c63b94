/**
 * Follow-ups of an approved introduction (decision 0094) against a real database and a local SMTP server: one reminder
 * to a recipient who has not answered after INTRO_REMINDER_AFTER_DAYS, expiry with a polite note to the requester after
 * INTRO_EXPIRE_AFTER_DAYS, the answer links of an expired request, and runs on several servers at once. Every time is
 * an injected instant: no test reads the wall clock.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { introRequests } from "#db/schema/introductions.ts";
import { listings } from "#db/schema/listings.ts";
import type { Database } from "~/lib/db.server.ts";
import { parseEnv } from "~/lib/env.server.ts";
import { JobWorker } from "~/lib/job-worker.server.ts";
import { openSecondHandle, openTestDatabase } from "#test-support/test-database.ts";
import { startLocalSmtp, type LocalSmtp } from "../../../tests/fakes/local-smtp.ts";
import { partsOf } from "../../../tests/support/mail-parts.ts";
import { INTRO_FOLLOW_UP_JOB, introFollowUpJobHandler, runIntroFollowUps, scheduleIntroFollowUps } from "./intro-follow-ups.server.ts";
import { readResponseLink, respondToIntro, reviewIntroRequest } from "./intro-review.server.ts";
import { RespondPage } from "./respond-page.tsx";
import { insertMember } from "./test-support.ts";

const DAY = 24 * 60 * 60 * 1000;
const REMIND_AFTER_DAYS = 3;
const EXPIRE_AFTER_DAYS = 10;

let database: Database;
let other: Database;
let smtp: LocalSmtp;
let recipient: { id: string; type: "startup" | "investor" | "partner"; name: string; email: string };
const admin = { id: "follow-up-admin" };

const env = () =>
  parseEnv({
    SMTP_URL: smtp.url,
    PUBLIC_URL: "https://introbase.example",
    INTRO_REMINDER_AFTER_DAYS: String(REMIND_AFTER_DAYS),
    INTRO_EXPIRE_AFTER_DAYS: String(EXPIRE_AFTER_DAYS),
  });

beforeAll(async () => {
  database = await openTestDatabase();
  other = await openSecondHandle(database);
  smtp = await startLocalSmtp();
  await seedListings(database, 20);
  const [row] = await database.db
    .select({ id: listings.id, type: listings.type, name: listings.name, email: listings.primaryContactEmail })
    .from(listings)
    .where(sql`${listings.visibility} = 'public' AND ${listings.primaryContactEmail} IS NOT NULL`)
    .limit(1);
  recipient = { ...row!, email: row!.email! };
  await insertMember(database, admin.id, "premium", "admin");
});

afterAll(async () => {
  await smtp?.stop();
  await other?.close();
  await database?.close();
});

/** A request approved at `approvedAt` (the operator's click, which e-mails the recipient), with its answer links. */
async function approvedRequest(name: string, approvedAt: number) {
  const member = await insertMember(database, name, "subscriber");
  const message = `Hello from ${name}: we would like to compare notes on hiring.`;
  const [row] = await database.db
    .insert(introRequests)
    .values({
      listingId: recipient.id,
      recipientName: recipient.name,
      recipientType: recipient.type,
      requesterId: member.id,
      requesterName: member.name,
      requesterEmail: member.email,
      message,
      status: "pending_review",
    })
    .returning({ id: introRequests.id });
  await reviewIntroRequest(database, { requestId: row!.id, decision: "approve", reason: null, admin }, approvedAt);
  const [ask] = await database.rows<{ text: string }>(
    sql`SELECT text FROM outbox_emails WHERE kind = 'intro_request' AND position(${message} in text) > 0`,
  );
  return { id: row!.id, member, message, links: linksIn(ask!.text) };
}

function linksIn(text: string): { accept: string; decline: string } {
  const [accept, decline] = [...text.matchAll(/\/introductions\/respond\/(\S+)/g)].map((m) => m[1]!);
  return { accept: accept!, decline: decline! };
}

/** The outbox rows of a kind that mention `needle` (a request's message, or its requester's address). */
function outbox(kind: string, needle: string) {
  return database.rows<{ to: string[]; subject: string; text: string; html: string | null; status: string }>(
    sql`SELECT "to", subject, text, html, status FROM outbox_emails
        WHERE kind = ${kind} AND (position(${needle} in text) > 0 OR ${needle} = ANY("to")) ORDER BY created_at`,
  );
}

const statusOf = async (id: string) => (await database.db.select().from(introRequests).where(eq(introRequests.id, id)))[0]!;

describe("the reminder", () => {
  it("goes to the recipient once, N days after they were asked, and not before", async () => {
    const approvedAt = Date.parse("2031-01-05T09:00:00Z");
    const request = await approvedRequest("rhea", approvedAt);

    const early = await runIntroFollowUps(database, { now: new Date(approvedAt + REMIND_AFTER_DAYS * DAY - 60_000), env: env() });
    expect(early.reminded).not.toContain(request.id);
    expect(await outbox("intro_reminder", request.message)).toHaveLength(0);

    const before = smtp.received.length;
    const due = await runIntroFollowUps(database, { now: new Date(approvedAt + REMIND_AFTER_DAYS * DAY), env: env() });
    expect(due.reminded).toContain(request.id);
    const [reminder] = await outbox("intro_reminder", request.message);
    expect(reminder).toMatchObject({ to: [recipient.email], status: "sent" });
    expect(reminder!.subject).toBe(`Reminder: ${request.member.name} would like an introduction to ${recipient.name}`);
    // Real mail: a text and an HTML part, over SMTP; the requester's address is still not shared.
    const mail = smtp.received.slice(before).find((m) => m.subject === reminder!.subject)!;
    const parts = partsOf(mail);
    expect(parts.text).toContain(request.message);
    expect(parts.html).toContain("Accept");
    expect(parts.text).not.toContain(request.member.email);
    // The expiry as the date module prints an absolute time (no weekday, the zone said): ten days after the approval.
    expect(parts.text).toContain("the request expires on 15 Jan 2031, 09:00 UTC");
    // Its links answer the same request, and live until the request expires, not a day longer.
    const links = linksIn(reminder!.text);
    const lastMinute = approvedAt + EXPIRE_AFTER_DAYS * DAY - 60_000;
    expect(await readResponseLink(database, links.accept, lastMinute)).toMatchObject({ state: "open", requestId: request.id });
    expect(await readResponseLink(database, links.decline, approvedAt + EXPIRE_AFTER_DAYS * DAY)).toEqual({ state: "expired" });
    expect((await statusOf(request.id)).remindedAt?.getTime()).toBe(approvedAt + REMIND_AFTER_DAYS * DAY);

    // Exactly one: later runs before the expiry send nothing more.
    for (const day of [REMIND_AFTER_DAYS + 1, EXPIRE_AFTER_DAYS - 1]) {
      const later = await runIntroFollowUps(database, { now: new Date(approvedAt + day * DAY), env: env() });
      expect(later.reminded).not.toContain(request.id);
    }
    expect(await outbox("intro_reminder", request.message)).toHaveLength(1);
  });

  it("does not go to a recipient who answered, nor for a request that was never sent to them", async () => {
    const approvedAt = Date.parse("2031-02-03T09:00:00Z");
    const declined = await approvedRequest("dora", approvedAt);
    const accepted = await approvedRequest("abe", approvedAt);
    expect(await respondToIntro(database, declined.links.decline, approvedAt + DAY)).toBe("declined");
    expect(await respondToIntro(database, accepted.links.accept, approvedAt + DAY)).toBe("accepted");
    // The introduction e-mail went out (kept in the outbox here): the funnel counts it as introduced.
    expect((await statusOf(accepted.id)).introducedAt?.getTime()).toBe(approvedAt + DAY);

    const result = await runIntroFollowUps(database, { now: new Date(approvedAt + REMIND_AFTER_DAYS * DAY + DAY), env: env() });
    expect(result.reminded).not.toContain(declined.id);
    expect(result.reminded).not.toContain(accepted.id);
    expect(await outbox("intro_reminder", declined.message)).toHaveLength(0);
    expect(await outbox("intro_reminder", accepted.message)).toHaveLength(0);
    const expiredLater = await runIntroFollowUps(database, { now: new Date(approvedAt + 30 * DAY), env: env() });
    expect(expiredLater.expired).not.toContain(declined.id);
    expect(expiredLater.expired).not.toContain(accepted.id);
    expect((await statusOf(accepted.id)).status).toBe("accepted");
  });

  it("a recipient address the mailer refuses (an imported contact) costs that reminder only, not the others'", async () => {
    const approvedAt = Date.parse("2031-02-20T09:00:00Z");
    const broken = await approvedRequest("bram", approvedAt);
    const good = await approvedRequest("gwen", approvedAt);
    await database.db.update(introRequests).set({ recipientEmail: "not an address" }).where(eq(introRequests.id, broken.id));
    const result = await runIntroFollowUps(database, { now: new Date(approvedAt + REMIND_AFTER_DAYS * DAY), env: env() });
    expect(await outbox("intro_reminder", good.message)).toHaveLength(1);
    expect(await outbox("intro_reminder", broken.message)).toHaveLength(0);
    expect(result.reminded).toEqual(expect.arrayContaining([broken.id, good.id]));
  });
});

describe("the expiry", () => {
  it("after M days: the request is expired and the requester gets a polite note, once", async () => {
    const approvedAt = Date.parse("2031-03-02T09:00:00Z");
    const request = await approvedRequest("esme", approvedAt);

    const early = await runIntroFollowUps(database, { now: new Date(approvedAt + EXPIRE_AFTER_DAYS * DAY - 60_000), env: env() });
    expect(early.expired).not.toContain(request.id);
    expect((await statusOf(request.id)).status).toBe("awaiting_recipient");

    const before = smtp.received.length;
    const at = approvedAt + EXPIRE_AFTER_DAYS * DAY;
    const due = await runIntroFollowUps(database, { now: new Date(at), env: env() });
    expect(due.expired).toContain(request.id);
    const row = await statusOf(request.id);
    expect(row.status).toBe("expired");
    expect(row.expiredAt?.getTime()).toBe(at);

    const notes = await outbox("intro_expired", request.member.email);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ to: [request.member.email], status: "sent" });
    expect(notes[0]!.subject).toBe(`Your introduction request to ${recipient.name}`);
    expect(notes[0]!.text).toContain(`${recipient.name} has not answered`);
    // Polite, and it shares nothing of the recipient's.
    expect(notes[0]!.text).not.toContain(recipient.email);
    const mail = smtp.received.slice(before).find((m) => [m.to].flat()[0]?.text === request.member.email)!;
    expect(partsOf(mail).html).toContain(recipient.name);

    const trail = await database.rows<{ action: string; source: string }>(
      sql`SELECT action, source FROM audit_log WHERE record_id = ${request.id} ORDER BY timestamp`,
    );
    expect(trail.map((t) => t.action)).toEqual(["approved", "reminded", "expired"]);

    const again = await runIntroFollowUps(database, { now: new Date(at + DAY), env: env() });
    expect(again.expired).not.toContain(request.id);
    expect(await outbox("intro_expired", request.member.email)).toHaveLength(1);
  });

  it("an answer link of an expired request says it expired, even while the link itself has time left", async () => {
    // Asked under the default settings (links live 14 days); this site then expires requests after 10 days.
    const approvedAt = Date.parse("2031-04-06T09:00:00Z");
    const request = await approvedRequest("ivo", approvedAt);
    const expiredAt = approvedAt + EXPIRE_AFTER_DAYS * DAY;
    await runIntroFollowUps(database, { now: new Date(expiredAt), env: env() });
    const opened = approvedAt + 11 * DAY;
    expect(await readResponseLink(database, request.links.accept, opened)).toEqual({ state: "expired" });
    expect(await respondToIntro(database, request.links.accept, opened)).toBe("expired");
    expect((await statusOf(request.id)).status).toBe("expired");
    expect(await outbox("intro_accepted", request.message)).toHaveLength(0);

    const Stub = createRoutesStub([{ path: "/", Component: () => createElement(RespondPage, { page: { state: "expired" } }) }]);
    const page = renderToStaticMarkup(createElement(Stub));
    expect(page).toContain("This introduction request has expired and can no longer be answered.");
  });
});

describe("several app servers", () => {
  it("runs at the same moment send one reminder and one expiry note per request", async () => {
    const approvedAt = Date.parse("2031-05-04T09:00:00Z");
    const requests = [await approvedRequest("cato", approvedAt), await approvedRequest("cleo", approvedAt)];
    const run = (db: Database, at: number) => runIntroFollowUps(db, { now: new Date(at), env: env() });

    const reminders = await Promise.all([database, other, database, other].map((db) => run(db, approvedAt + REMIND_AFTER_DAYS * DAY)));
    const expiries = await Promise.all([other, database, other, database].map((db) => run(db, approvedAt + EXPIRE_AFTER_DAYS * DAY)));
    for (const request of requests) {
      expect(reminders.flatMap((r) => r.reminded).filter((id) => id === request.id)).toHaveLength(1);
      expect(expiries.flatMap((r) => r.expired).filter((id) => id === request.id)).toHaveLength(1);
      expect(await outbox("intro_reminder", request.message)).toHaveLength(1);
      expect(await outbox("intro_expired", request.member.email)).toHaveLength(1);
      expect(smtp.received.filter((m) => m.subject?.startsWith("Reminder: ") && m.text?.includes(request.message))).toHaveLength(1);
    }
  });

  it("the job is queued when something is due, once however many servers look, and runs on the queue with the injected clock", async () => {
    const approvedAt = Date.parse("2031-06-01T09:00:00Z");
    const request = await approvedRequest("juno", approvedAt);
    const look = (db: Database, at: number) => scheduleIntroFollowUps(db, { now: new Date(at), env: env() });
    // Everything before is followed up; nothing is due a day after the approval: no empty job on the queue.
    await runIntroFollowUps(database, { now: new Date(approvedAt), env: env() });
    expect(await look(database, approvedAt + DAY)).toBeNull();

    const due = approvedAt + REMIND_AFTER_DAYS * DAY;
    const [a, b] = await Promise.all([look(database, due), look(other, due)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    // While it waits on the queue, no second one is added.
    expect(await look(database, due)).toBeNull();

    const worker = new JobWorker(database, {
      [INTRO_FOLLOW_UP_JOB]: introFollowUpJobHandler({ now: () => new Date(due), env }),
    });
    await worker.tick();
    const [job] = await database.rows<{ status: string; processed_output: { reminded: number; expired: number } }>(
      sql`SELECT status, processed_output FROM jobs WHERE id = ${(a ?? b)!.id}`,
    );
    expect(job!.status).toBe("completed");
    expect(job!.processed_output.reminded).toBeGreaterThanOrEqual(1);
    expect(await outbox("intro_reminder", request.message)).toHaveLength(1);
    // Done and reminded: nothing due until the expiry, which the next look queues.
    expect(await look(database, due + DAY)).toBeNull();
    expect(await look(database, approvedAt + EXPIRE_AFTER_DAYS * DAY)).not.toBeNull();
  });
});
