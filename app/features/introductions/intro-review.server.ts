/**
 * The operators' and the recipient's side of an introduction (issue 4 §2): the review queue, an operator's
 * screening, and the recipient's answer through the signed links of the approval e-mail. The requester's side (asking,
 * limits, the sign-up step) is intro-requests.server.ts. Each transition is one conditional UPDATE with its audit
 * entry in the same transaction, as there.
 */
import { and, count, desc, eq, notInArray, sql } from "drizzle-orm";
import { listings } from "#db/schema/listings.ts";
import { introRequests, type IntroStatus } from "#db/schema/introductions.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound, type ErrorCode } from "~/lib/errors.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import { answerLinks, responseKey } from "./answer-links.server.ts";
import { answerIntroRequest } from "./intro-answers.server.ts";
import { recipientAskEmail, rejectedEmail } from "./intro-emails.ts";
import type { DeclineReason } from "./intro-preferences.ts";
import { ownersOf, type ListingOwner } from "./intro-preferences.server.ts";
import { NOT_YET_SENT } from "./intro-requests.server.ts";
import { mailOwners } from "./owner-delivery.server.ts";
import { checkResponseToken, type IntroResponse } from "./response-links.server.ts";

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

/**
 * An operator's screening. Approving e-mails the recipient the accept and decline links; rejecting tells the requester.
 * A claimed listing's request goes to its owners instead (decision 0116): each owner is e-mailed links of their own and
 * the request waits in the listing's inbox; the contact address gets nothing, the owners chose to be reachable.
 */
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
  const owners = decision === "approve" ? await ownersOf(database, request.listingId) : [];
  const toOwners = owners.length > 0;
  const recipient = decision === "approve" && !toOwners ? await recipientOf(database, request.listingId) : undefined;
  if (decision === "approve" && !toOwners && !recipient?.email) {
    throw new AppError("conflict", `${request.recipientName} has no primary contact e-mail. Add one to the listing before approving.`);
  }
  const status: IntroStatus = decision === "approve" ? "awaiting_recipient" : "rejected";
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(introRequests)
      .set({
        status,
        reviewedBy: admin.id,
        reviewedAt: new Date(now),
        decisionNote: reason,
        recipientEmail: recipient?.email ?? null,
        deliveredToOwners: toOwners,
      })
      .where(and(eq(introRequests.id, requestId), eq(introRequests.status, "pending_review")))
      .returning();
    if (!row) throw new AppError("conflict", "This request was already reviewed.");
    await recordAudit(tx, {
      operation: "intro_request",
      source: "admin",
      action: decision === "approve" ? "approved" : "rejected",
      companyName: request.recipientName,
      recordId: requestId,
      actorId: admin.id,
      details: { ...(reason ? { reason } : {}), ...(toOwners ? { to: "owners" } : {}) },
    });
    return row;
  });
  if (decision === "reject") {
    await sendEmail(database, rejectedEmail(request, reason));
    return;
  }
  if (toOwners) {
    await mailOwners(database, "ask", updated, owners);
    return;
  }
  const { expiresOn, ...links } = await answerLinks(database, requestId, now);
  await sendEmail(
    database,
    recipientAskEmail({ ...request, recipientEmail: recipient!.email!, contactName: recipient!.contactName }, links, expiresOn),
  );
}

export type ResponseLinkState =
  | {
      state: "open";
      requestId: string;
      response: IntroResponse;
      requesterName: string;
      recipientName: string;
      message: string;
      /** The owner whose link it is (decision 0116); null for the listing contact's link. */
      owner: ListingOwner | null;
    }
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
  if (!request || request.deliveredToOwners !== (checked.ownerId !== null)) return { state: "invalid" };
  // An owner's link works while they keep the listing (a removed owner's link, or a deleted account's, does nothing).
  const owner = checked.ownerId ? ((await ownersOf(database, request.listingId)).find((o) => o.id === checked.ownerId) ?? null) : null;
  if (checked.ownerId && !owner) return { state: "invalid" };
  // No recipient address any more: the person it was sent to deleted their account (decision 0077); nothing may mail it.
  if (!owner && !request.recipientEmail) return { state: "invalid" };
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
    owner,
  };
}

/**
 * The recipient's answer through a link. Accept: one e-mail introducing both sides. Decline: a polite note to the
 * requester only. An owner's link may carry the note or the reason the page offers (decision 0116).
 */
export async function respondToIntro(
  database: Database,
  token: string,
  now = Date.now(),
  extra: { note?: string | null; reason?: DeclineReason | null } = {},
): Promise<ResponseLinkState["state"] | "accepted" | "declined"> {
  const link = await readResponseLink(database, token, now);
  if (link.state !== "open") return link.state;
  const answer =
    link.response === "accept"
      ? { kind: "accept" as const, note: extra.note ?? null }
      : { kind: "decline" as const, reason: extra.reason ?? null };
  const row = await answerIntroRequest(database, { requestId: link.requestId, answer, by: { owner: link.owner }, now });
  if (!row) return "answered";
  return row.status === "accepted" ? "accepted" : "declined";
}

/** The operators' queue, newest first; requests not sent yet (see NOT_YET_SENT) are left out of "all". */
export function listIntroRequests({ db }: Database, status: IntroStatus | null) {
  return db
    .select({
      request: introRequests,
      listingSlug: listings.slug,
      listingType: listings.type,
      primaryContactEmail: listings.primaryContactEmail,
      claimed: sql<boolean>`EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = ${introRequests.listingId})`,
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
