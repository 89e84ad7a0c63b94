/**
 * The operators' and the recipient's side of an introduction (issue 4 §2): the review queue, an operator's
 * screening, and the recipient's answer through the signed links of the approval e-mail. The requester's side (asking,
 * limits, the sign-up step) is intro-requests.server.ts. Each transition is one conditional UPDATE with its audit
 * entry in the same transaction, as there.
 */
import { and, count, desc, eq, notInArray } from "drizzle-orm";
import { listings } from "#db/schema/listings.ts";
import { introRequests, type IntroStatus } from "#db/schema/introductions.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import { purposeKey } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl, type Env } from "~/lib/env.server.ts";
import { AppError, notFound, type ErrorCode } from "~/lib/errors.ts";
import { formatDateTime } from "~/lib/format-date.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import { declinedEmail, introductionEmail, recipientAskEmail, rejectedEmail } from "./intro-emails.ts";
import { NOT_YET_SENT } from "./intro-requests.server.ts";
import { checkResponseToken, responseToken, type IntroResponse } from "./response-links.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

async function responseKey(database: Database) {
  return purposeKey(database, "intro-request:response");
}

/** Who the request goes to: the listing's primary contact. */
async function recipientOf({ db }: Database, listingId: string) {
  const [row] = await db
    .select({ email: listings.primaryContactEmail, contactName: listings.primaryContact, name: listings.name })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  return row;
}

export interface ReviewDecision {
  requestId: string;
  decision: "approve" | "reject";
  reason: string | null;
  admin: { id: string };
}

/** An operator's screening. Approving e-mails the recipient the accept and decline links; rejecting tells the requester. */
export async function reviewIntroRequest(
  database: Database,
  { requestId, decision, reason, admin }: ReviewDecision,
  now = Date.now(),
): Promise<void> {
  const { db } = database;
  const [request] = await db.select().from(introRequests).where(eq(introRequests.id, requestId)).limit(1);
  if (!request) notFound("No such introduction request.");
  if (NOT_YET_SENT.includes(request.status)) throw new AppError("conflict", "This request has not been sent for review yet.");
  if (request.status !== "pending_review") throw new AppError("conflict", "This request was already reviewed.");
  const recipient = decision === "approve" ? await recipientOf(database, request.listingId) : undefined;
  if (decision === "approve" && !recipient?.email) {
    throw new AppError("conflict", `${request.recipientName} has no primary contact e-mail. Add one to the listing before approving.`);
  }
  const status: IntroStatus = decision === "approve" ? "awaiting_recipient" : "rejected";
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(introRequests)
      .set({ status, reviewedBy: admin.id, reviewedAt: new Date(now), decisionNote: reason, recipientEmail: recipient?.email ?? null })
      .where(and(eq(introRequests.id, requestId), eq(introRequests.status, "pending_review")))
      .returning({ id: introRequests.id });
    if (!row) throw new AppError("conflict", "This request was already reviewed.");
    await recordAudit(tx, {
      operation: "intro_request",
      source: "admin",
      action: decision === "approve" ? "approved" : "rejected",
      companyName: request.recipientName,
      recordId: requestId,
      actorId: admin.id,
      details: reason ? { reason } : {},
    });
  });
  if (decision === "reject") {
    await sendEmail(database, rejectedEmail(request, reason));
    return;
  }
  const { expiresOn, ...links } = await answerLinks(database, requestId, now);
  await sendEmail(
    database,
    recipientAskEmail({ ...request, recipientEmail: recipient!.email!, contactName: recipient!.contactName }, links, expiresOn),
  );
}

/**
 * The recipient's accept and decline links of a request asked at `askedAt`: they live as long as the request may wait
 * for an answer (INTRO_EXPIRE_AFTER_DAYS, decision 0094), so the reminder's links end when the first ones do.
 */
export async function answerLinks(
  database: Database,
  requestId: string,
  askedAt: number,
  env: Env = getEnv(),
): Promise<{ accept: string; decline: string; expiresOn: string }> {
  const key = await responseKey(database);
  const expiresAt = askedAt + env.INTRO_EXPIRE_AFTER_DAYS * DAY_MS;
  const base = publicUrl(env);
  const link = (response: IntroResponse) => `${base}/introductions/respond/${responseToken(key, requestId, response, expiresAt)}`;
  const expiresOn = formatDateTime(expiresAt);
  return { accept: link("accept"), decline: link("decline"), expiresOn };
}

export type ResponseLinkState =
  | { state: "open"; requestId: string; response: IntroResponse; requesterName: string; recipientName: string; message: string }
  | { state: "invalid" | "expired" | "answered" };

/**
 * The status a response link's page answers with (issue 29): a link that can do nothing is a 4xx, opened or posted,
 * with the page saying why. Opening an answered link stays a 200 (it shows what happened); answering it again is a 409.
 */
export function responseLinkErrorCode(state: ResponseLinkState["state"] | "accepted" | "declined", posted: boolean): ErrorCode | null {
  if (state === "invalid") return "not_found";
  if (state === "expired") return "gone";
  if (state === "answered" && posted) return "conflict";
  return null;
}

/** What a link leads to, without acting on it (a mail scanner opening the link must not accept anything). */
export async function readResponseLink(database: Database, token: string, now = Date.now()): Promise<ResponseLinkState> {
  const checked = checkResponseToken(await responseKey(database), token, now);
  if (!checked.ok) return { state: checked.reason };
  const [request] = await database.db.select().from(introRequests).where(eq(introRequests.id, checked.requestId)).limit(1);
  // No recipient address any more: the person it was sent to deleted their account (decision 0077); nothing may mail it.
  if (!request || !request.recipientEmail) return { state: "invalid" };
  // Expired unanswered (decision 0094), though the link may still have time: a site can shorten the wait after sending it.
  if (request.status === "expired") return { state: "expired" };
  if (request.status !== "awaiting_recipient") return { state: "answered" };
  return {
    state: "open",
    requestId: request.id,
    response: checked.response,
    requesterName: request.requesterName,
    recipientName: request.recipientName,
    message: request.message,
  };
}

/** The recipient's answer. Accept: one e-mail introducing both sides. Decline: a polite note to the requester only. */
export async function respondToIntro(
  database: Database,
  token: string,
  now = Date.now(),
): Promise<ResponseLinkState["state"] | "accepted" | "declined"> {
  const link = await readResponseLink(database, token, now);
  if (link.state !== "open") return link.state;
  const status = link.response === "accept" ? "accepted" : "declined";
  const request = await database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(introRequests)
      .set({ status, respondedAt: new Date(now) })
      .where(and(eq(introRequests.id, link.requestId), eq(introRequests.status, "awaiting_recipient")))
      .returning();
    if (!row) return null;
    await recordAudit(tx, {
      operation: "intro_request",
      source: "recipient",
      action: status,
      companyName: row.recipientName,
      recordId: row.id,
    });
    return row;
  });
  if (!request) return "answered";
  if (status === "declined") {
    await sendEmail(database, declinedEmail(request));
    return status;
  }
  const sent = await sendEmail(database, introductionEmail({ ...request, recipientEmail: request.recipientEmail! }));
  // The funnel's last step: the introduction went out (or waits in the outbox), not merely the click (decision 0094).
  if (sent.status !== "failed") {
    await database.db
      .update(introRequests)
      .set({ introducedAt: new Date(now) })
      .where(eq(introRequests.id, request.id));
  }
  return status;
}

/** The operators' queue, newest first; requests not sent yet (see NOT_YET_SENT) are left out of "all". */
export function listIntroRequests({ db }: Database, status: IntroStatus | null) {
  return db
    .select({
      request: introRequests,
      listingSlug: listings.slug,
      listingType: listings.type,
      primaryContactEmail: listings.primaryContactEmail,
    })
    .from(introRequests)
    .innerJoin(listings, eq(listings.id, introRequests.listingId))
    .where(status ? eq(introRequests.status, status) : notInArray(introRequests.status, NOT_YET_SENT))
    .orderBy(desc(introRequests.createdAt))
    .limit(200);
}

export async function countIntroRequestsByStatus({ db }: Database): Promise<Partial<Record<IntroStatus, number>>> {
  const rows = await db.select({ status: introRequests.status, n: count() }).from(introRequests).groupBy(introRequests.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
