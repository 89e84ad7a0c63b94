/**
 * The recipient's answer (issue 4 §2, issue 36 decision 0116): accept (with a note), decline (with a reason from the
 * fixed list), or ask the requester one question; and the requester's answer to that question. The inbox and the
 * e-mailed links both come here: each answer is one conditional UPDATE (WHERE status = 'awaiting_recipient') with its
 * audit entry in the same transaction, so whichever answers first wins and the other finds the request answered.
 */
import { and, desc, eq, isNull, type SQL } from "drizzle-orm";
import { introRequests } from "#db/schema/introductions.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl, type Env } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import { declinedEmail, introductionEmail } from "./intro-emails.ts";
import { DECLINE_REASONS, type DeclineReason } from "./intro-preferences.ts";
import { ownersOf, type ListingOwner } from "./intro-preferences.server.ts";
import { mailOwners } from "./owner-delivery.server.ts";
import { ownerQuestionEmail } from "./owner-emails.ts";

type IntroRow = typeof introRequests.$inferSelect;

export type RecipientAnswer =
  { kind: "accept"; note: string | null } | { kind: "decline"; reason: DeclineReason | null } | { kind: "ask"; question: string };

export interface AnswerBy {
  /** The owner answering (inbox or their own link); null: the listing's contact through the links mailed to it. */
  owner: ListingOwner | null;
  /** In the inbox, the listing whose inbox it is: a request of another listing is not found there. */
  listingId?: string;
}

export const ALREADY_ANSWERED = "This request was already answered.";

/** Records the answer and sends its e-mail; null when the request is no longer waiting for one (someone answered first). */
export async function answerIntroRequest(
  database: Database,
  {
    requestId,
    answer,
    by,
    now = Date.now(),
    env = getEnv(),
  }: { requestId: string; answer: RecipientAnswer; by: AnswerBy; now?: number; env?: Env },
): Promise<IntroRow | null> {
  const when = new Date(now);
  const set =
    answer.kind === "accept"
      ? {
          status: "accepted" as const,
          respondedAt: when,
          acceptNote: answer.note || null,
          ...(by.owner ? { recipientEmail: by.owner.email } : {}),
        }
      : answer.kind === "decline"
        ? { status: "declined" as const, respondedAt: when, declineReason: answer.reason }
        : { status: "awaiting_requester" as const, ownerQuestion: answer.question, questionAskedAt: when };
  const conditions: SQL[] = [eq(introRequests.id, requestId), eq(introRequests.status, "awaiting_recipient")];
  conditions.push(eq(introRequests.deliveredToOwners, by.owner !== null));
  if (by.listingId) conditions.push(eq(introRequests.listingId, by.listingId));
  // One question per request: the requester is asked once, then the owners accept or decline.
  if (answer.kind === "ask") conditions.push(isNull(introRequests.ownerQuestion));
  const row = await database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(introRequests)
      .set({ ...set, answeredBy: by.owner?.id ?? null })
      .where(and(...conditions))
      .returning();
    if (!updated) return null;
    await recordAudit(tx, {
      operation: "intro_request",
      // An owner is a member (a person in the audit's who-acted filter); the details say they acted as the listing's owner.
      source: by.owner ? "member" : "recipient",
      action: answer.kind === "ask" ? "asked_for_more" : updated.status,
      companyName: updated.recipientName,
      recordId: updated.id,
      actorId: by.owner?.id ?? null,
      details: { ...(by.owner ? { as: "owner" } : {}), ...(answer.kind === "decline" && answer.reason ? { reason: answer.reason } : {}) },
    });
    return updated;
  });
  if (!row) {
    if (answer.kind === "ask") await refuseSecondQuestion(database, requestId);
    return null;
  }
  if (answer.kind === "ask") {
    await sendEmail(
      database,
      ownerQuestionEmail({ ...row, ownerQuestion: answer.question }, `${publicUrl(env)}/settings#intro-requests`),
      env,
    );
  } else if (answer.kind === "decline") {
    await sendEmail(database, declinedEmail(row, answer.reason ? DECLINE_REASONS[answer.reason] : null), env);
  } else {
    const sent = await sendEmail(
      database,
      introductionEmail({ ...row, recipientEmail: row.recipientEmail!, ownerName: by.owner?.name ?? null, acceptNote: row.acceptNote }),
      env,
    );
    // The funnel's last step: the introduction went out (or waits in the outbox), not merely the click (decision 0094).
    if (sent.status !== "failed") await database.db.update(introRequests).set({ introducedAt: when }).where(eq(introRequests.id, row.id));
  }
  return row;
}

/** An owner asking a second question gets told why nothing happened, rather than "already answered". */
async function refuseSecondQuestion(database: Database, requestId: string): Promise<void> {
  const [row] = await database.db
    .select({ status: introRequests.status, question: introRequests.ownerQuestion })
    .from(introRequests)
    .where(eq(introRequests.id, requestId));
  if (row?.status === "awaiting_recipient" && row.question)
    throw new AppError("conflict", "Your team has asked this requester a question already: accept or decline the request now.");
}

/** The requester answers the owners' question (from /settings): the request goes back to the owners, by e-mail too. */
export async function answerOwnerQuestion(
  database: Database,
  {
    requestId,
    userId,
    answer,
    now = Date.now(),
    env = getEnv(),
  }: { requestId: string; userId: string; answer: string; now?: number; env?: Env },
): Promise<void> {
  const row = await database.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(introRequests)
      .set({ status: "awaiting_recipient", requesterAnswer: answer, requesterAnsweredAt: new Date(now) })
      .where(and(eq(introRequests.id, requestId), eq(introRequests.requesterId, userId), eq(introRequests.status, "awaiting_requester")))
      .returning();
    if (!updated) return null;
    await recordAudit(tx, {
      operation: "intro_request",
      source: "member",
      action: "question_answered",
      companyName: updated.recipientName,
      recordId: updated.id,
      actorId: userId,
    });
    return updated;
  });
  if (!row) throw new AppError("conflict", "This request is not waiting for your answer.");
  await mailOwners(database, "answered", row, await ownersOf(database, row.listingId), env);
}

/** A claimed listing's inbox: the requests forwarded to its owners, newest first. Never the requester's address. */
export function listInbox({ db }: Database, listingId: string) {
  return db
    .select({
      id: introRequests.id,
      requesterName: introRequests.requesterName,
      message: introRequests.message,
      status: introRequests.status,
      createdAt: introRequests.createdAt,
      acceptNote: introRequests.acceptNote,
      declineReason: introRequests.declineReason,
      ownerQuestion: introRequests.ownerQuestion,
      requesterAnswer: introRequests.requesterAnswer,
      respondedAt: introRequests.respondedAt,
    })
    .from(introRequests)
    .where(and(eq(introRequests.listingId, listingId), eq(introRequests.deliveredToOwners, true)))
    .orderBy(desc(introRequests.createdAt))
    .limit(100);
}
