/**
 * Every e-mail the product sends, as a mailbox receives it (issue 29 §11): through the real flows, over SMTP to the
 * local server, parsed with mailparser. Each has a text/plain and a text/html part that lead to the same places, and
 * a name or message typed by somebody else shows in the HTML as text, never as markup. The digest, which needs a
 * directory and a period, is checked the same way in app/features/digests/digest.db.test.ts.
 */
import { eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedListings } from "#demo/seed-database.ts";
import { introRequests } from "#db/schema/introductions.ts";
import { listings } from "#db/schema/listings.ts";
import { parseFeatureApplication, readFeatureForm } from "~/features/applications/feature-application.ts";
import { insertMember } from "~/features/introductions/test-support.ts";
import type { Database } from "~/lib/db.server.ts";
import { openTestDatabase } from "#test-support/test-database.ts";
import { startLocalSmtp, type LocalSmtp } from "../fakes/local-smtp.ts";
import { htmlLinks, htmlWords, partsOf, textLinks } from "../support/mail-parts.ts";

/** What somebody else typed: a company name, a person's name, a message. */
const COMPANY = `<script>alert(1)</script> & "Co"`;
const PERSON = `Ada <b>Lovelace</b> & 'Sons'`;
const MESSAGE = `Hello <img src=x onerror=alert(2)>\nSecond line with "quotes" & <i>tags</i>`;
const REASON = `Not a <a href="https://evil.example">fit</a> & sorry`;

/**
 * The flows as the server runs them. They read the settings themselves (getEnv, kept from the first call, which the
 * logger makes as it loads), so they are loaded afresh once the local SMTP server's address is in the environment
 * (FRESH_FILE_STATE puts the environment back after this file).
 */
async function loadFlows() {
  vi.resetModules();
  return {
    ...(await import("~/features/applications/feature-applications.server.ts")),
    ...(await import("~/features/introductions/intro-review.server.ts")),
    ...(await import("~/lib/email-verification.server.ts")),
    ...(await import("~/lib/account-mail.server.ts")),
    ...(await import("~/lib/account-emails.ts")),
    ...(await import("~/lib/env.server.ts")),
  };
}

let database: Database;
let smtp: LocalSmtp;
let flows: Awaited<ReturnType<typeof loadFlows>>;
const admin = { id: "mail-admin" };

beforeAll(async () => {
  smtp = await startLocalSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.PUBLIC_URL = "https://introbase.example";
  flows = await loadFlows();
  database = await openTestDatabase();
  await seedListings(database, 10);
  await insertMember(database, admin.id, "premium", "admin");
});

afterAll(async () => {
  await smtp?.stop();
  await database?.close();
});

function lastMail(kind: string): ParsedMail {
  const subjects: Record<string, RegExp> = {
    verify_email: /^Confirm your e-mail address/,
    application_received: /^We received/,
    application_approved: /is now listed on Introbase$/,
    application_rejected: /^Your application to feature/,
    intro_request: /would like an introduction to/,
    intro_accepted: /^Introduction: /,
  };
  const found = smtp.received.findLast((m) => subjects[kind]!.test(m.subject ?? ""));
  if (!found) throw new Error(`no ${kind} e-mail arrived`);
  return found;
}

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(key, v);
  return data;
}

async function application(name: string, clientAddress: string) {
  const parsed = parseFeatureApplication(
    "startup",
    readFeatureForm(
      form({
        name,
        websiteUrl: `www.${clientAddress.replaceAll(".", "-")}.example`,
        tagline: "Turning factory data into decisions",
        description: "Connects machines on the factory floor and tells plant managers what to fix first, every morning.",
        industryIds: ["1"],
        geographyIds: ["1"],
        fundingStageId: "2",
        contactName: PERSON,
        contactEmail: "mara@lumenforge.example",
      }),
    ),
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return flows.submitFeatureApplication(database, { type: "startup", input: parsed.data, logo: null, userId: null, clientAddress });
}

/** An introduction request waiting for review, to the first listing with a contact, renamed to `COMPANY`. */
async function pendingIntro(): Promise<string> {
  const [listing] = await database.db
    .select({ id: listings.id })
    .from(listings)
    .where(sql`${listings.primaryContactEmail} IS NOT NULL`)
    .limit(1);
  await database.db.update(listings).set({ name: COMPANY, primaryContact: PERSON }).where(eq(listings.id, listing!.id));
  const [row] = await database.db
    .insert(introRequests)
    .values({
      listingId: listing!.id,
      recipientName: COMPANY,
      recipientType: "startup",
      requesterName: PERSON,
      requesterEmail: "vera@example.org",
      message: MESSAGE,
      status: "pending_review",
    })
    .returning({ id: introRequests.id });
  return row!.id;
}

const responseTokens = (mail: ParsedMail) => [...mail.text!.matchAll(/\/introductions\/respond\/(\S+)/g)].map((m) => m[1]!);

/**
 * The two parts say the same: the same links (a mail client links every address of the text part, so the HTML part
 * links the same ones, the address shown), and every value typed by somebody else shown as text in both, none of it
 * as markup.
 */
function expectSameMessage(mail: ParsedMail, values: string[]) {
  const { text, html } = partsOf(mail);
  expect(htmlLinks(html), mail.subject).toEqual(textLinks(text));
  expect(html).not.toMatch(/<(script|img|b|i)\b/i);
  expect(html).not.toMatch(/<a\b[^>]*>fit<\/a>/);
  const words = htmlWords(html);
  for (const value of values) {
    for (const line of value.split("\n")) {
      expect(text, mail.subject).toContain(line);
      expect(words, mail.subject).toContain(line);
    }
  }
}

describe("every e-mail, as a mailbox receives it", () => {
  it("the verification e-mail", async () => {
    await flows.sendVerificationLink(database, { name: PERSON, email: "vera@example.org" }, "token&with=odd", flows.getEnv());
    const mail = lastMail("verify_email");
    expectSameMessage(mail, [PERSON]);
    expect(textLinks(mail.text!)).toEqual(["https://introbase.example/verify-email?token=token%26with%3Dodd"]);
  });

  it("the application e-mails: received, approved (with the profile link), rejected (with the reason)", async () => {
    const approved = await application(COMPANY, "10.9.0.1");
    expectSameMessage(lastMail("application_received"), [PERSON, COMPANY]);
    const listing = await flows.approveFeatureApplication(database, approved, { featured: false, admin });
    const mail = lastMail("application_approved");
    expectSameMessage(mail, [PERSON, COMPANY]);
    expect(textLinks(mail.text!)).toEqual([`https://introbase.example/profile/startup/${listing.slug}`]);
    const rejected = await application(`${COMPANY} 2`, "10.9.0.2");
    await flows.rejectFeatureApplication(database, rejected, { reason: REASON, admin });
    expectSameMessage(lastMail("application_rejected"), [PERSON, COMPANY, REASON]);
  });

  it("the introduction e-mails: the ask with accept and decline links, the introduction, the polite no, the rejection", async () => {
    const accepted = await pendingIntro();
    await flows.reviewIntroRequest(database, { requestId: accepted, decision: "approve", reason: null, admin });
    const ask = lastMail("intro_request");
    expectSameMessage(ask, [PERSON, COMPANY, MESSAGE]);
    const [accept] = responseTokens(ask);
    expect(textLinks(ask.text!)).toHaveLength(2);
    expect(await flows.respondToIntro(database, accept!)).toBe("accepted");
    expectSameMessage(lastMail("intro_accepted"), [PERSON, COMPANY, MESSAGE]);

    const declined = await pendingIntro();
    await flows.reviewIntroRequest(database, { requestId: declined, decision: "approve", reason: null, admin });
    const before = smtp.received.length;
    expect(await flows.respondToIntro(database, responseTokens(lastMail("intro_request"))[1]!)).toBe("declined");
    const [no] = smtp.received.slice(before);
    expect(no!.subject).toBe(`Your introduction request to ${COMPANY}`);
    expect(no!.text).toContain("not able to take it up");
    expectSameMessage(no!, [PERSON, COMPANY]);

    const rejected = await pendingIntro();
    const beforeRejection = smtp.received.length;
    await flows.reviewIntroRequest(database, { requestId: rejected, decision: "reject", reason: REASON, admin });
    const [rejection] = smtp.received.slice(beforeRejection);
    expectSameMessage(rejection!, [PERSON, COMPANY, REASON]);
  });

  it("the account e-mails (decision 0076): reset link, no account, already an account, change of address and its notices", async () => {
    const sent = async (send: () => Promise<unknown>) => {
      const before = smtp.received.length;
      await send();
      const [mail] = smtp.received.slice(before);
      if (!mail) throw new Error("no e-mail arrived");
      return mail;
    };
    const env = flows.getEnv();
    const reset = await sent(() => flows.sendResetLink(database, { name: PERSON, email: "ada@example.org" }, "tok&en=1", env));
    expectSameMessage(reset, [PERSON]);
    expect(textLinks(reset.text!)).toEqual(["https://introbase.example/reset-password?token=tok%26en%3D1"]);
    const none = await sent(() => flows.sendNoAccountNotice(database, "nobody@example.org", env));
    expectSameMessage(none, []);
    expect(textLinks(none.text!)).toEqual([
      "https://introbase.example/forgot-password",
      "https://introbase.example/sign-in",
      "https://introbase.example/sign-up",
    ]);
    const exists = await sent(() => flows.sendAccountExistsNotice(database, { name: PERSON, email: "ada@example.org" }, env));
    expectSameMessage(exists, [PERSON]);
    expect(textLinks(exists.text!)).toEqual(["https://introbase.example/sign-in", "https://introbase.example/forgot-password"]);
    const change = await sent(() =>
      flows.sendEmailChangeLink(database, { name: PERSON, from: "ada@example.org", to: "ada@new.example", token: "t.o.k" }, env),
    );
    expectSameMessage(change, [PERSON, "ada@example.org", "ada@new.example"]);
    expect(change.to).toMatchObject({ text: "ada@new.example" });
    expect(textLinks(change.text!)).toEqual(["https://introbase.example/confirm-email-change?token=t.o.k"]);
    const links = flows.accountLinks(env);
    const notice = await sent(() =>
      flows.sendAccountMail(
        database,
        flows.emailChangeNoticeEmail({ name: PERSON, from: "ada@example.org", to: "ada@new.example", links }),
        env,
      ),
    );
    expectSameMessage(notice, [PERSON, "ada@new.example"]);
    expect(notice.to).toMatchObject({ text: "ada@example.org" });
    const inUse = await sent(() => flows.sendAccountMail(database, flows.emailInUseEmail({ email: "taken@example.org", links }), env));
    expectSameMessage(inUse, ["taken@example.org"]);
  });
});
