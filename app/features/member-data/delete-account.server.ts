/**
 * Deleting an account, the part that happens at once (decision 0077). In one transaction, holding the member's row:
 * their plan ends (billing's endMembershipForDeletion), their sessions, sign-in methods and API keys are deleted (signed
 * out everywhere; nothing signs in as them again), their address is freed (the row is renamed: the address can sign up
 * again as a new account the next second), whatever could still mail them is stopped, and the account erasure job is
 * queued with only the erasure's id. The job removes the rest (account-erasure-job.server.ts) and deletes the row.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { accountErasures } from "#db/schema/account-erasures.ts";
import { accounts, sessions, users, verifications } from "#db/schema/accounts.ts";
import { apiKeys } from "#db/schema/api-keys.ts";
import { featureApplications, pilotApplications } from "#db/schema/applications.ts";
import { introRequests } from "#db/schema/introductions.ts";
import { digestDeliveries } from "#db/schema/saved-searches.ts";
import { endMembershipForDeletion } from "~/features/billing/end-membership-for-deletion.server.ts";
import { inTransactionOf } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { enqueueJob } from "~/lib/job-queue.server.ts";
import { logger } from "~/lib/logger.server.ts";
import { likeEscape } from "./scrub-rows.server.ts";

export const ACCOUNT_ERASURE_JOB = "account_erasure";

/** The domain of the address a deleted account holds until the job removes it: reserved, never anyone's (RFC 2606). */
const ERASED_DOMAIN = "erased.invalid";

/** Introduction requests not yet answered: withdrawn at once, so no operator or recipient moves one and mails the member. */
const OPEN_INTRO_STATUSES = [
  "awaiting_sign_up",
  "awaiting_verification",
  "pending_review",
  "awaiting_recipient",
  "awaiting_requester",
] as const;
const WITHDRAWN_NOTE = "Withdrawn: the member deleted their account.";

export interface DeletedAccount {
  erasureId: string;
  jobId: string;
  /** The plan that ended, if there was one. */
  endedPlan: string | null;
}

/**
 * Deletes the account of `userId` (already re-authenticated by the caller: deletion-proof.server.ts). A second call
 * for the same account (a replayed form, two tabs) finds it already deleted and is refused with a conflict.
 */
export async function deleteAccount(database: Database, userId: string): Promise<DeletedAccount> {
  const result = await database.db.transaction(async (tx) => {
    const inTx = inTransactionOf(database, tx);
    // FOR NO KEY UPDATE: concurrent deletions take turns, while writes that only reference the row (a digest being
    // recorded for this member) are not blocked by it.
    const [member] = await inTx.rows<{ id: string; name: string; email: string; email_verified: boolean }>(
      sql`SELECT id, name, email, email_verified FROM users WHERE id = ${userId} FOR NO KEY UPDATE`,
    );
    if (!member || !member.email_verified || member.email.endsWith(`@${ERASED_DOMAIN}`)) {
      throw new AppError("conflict", "This account has already been deleted.");
    }
    const email = member.email.toLowerCase();
    const names = await namesOf(inTx, member);
    const ended = await endMembershipForDeletion(inTx, userId);
    const [erasure] = await tx.insert(accountErasures).values({ userId, email, names }).returning({ id: accountErasures.id });
    const erasureId = erasure!.id;
    await tx
      .update(users)
      .set({ email: `${erasureId}@${ERASED_DOMAIN}`, name: "Deleted member", image: null, emailVerified: false, role: "user" })
      .where(eq(users.id, userId));
    // Signed out everywhere, and nothing left to sign in with or call the API with.
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(apiKeys).where(eq(apiKeys.userId, userId));
    const [byEmail, byId] = [`%${likeEscape(email)}%`, `%${likeEscape(userId)}%`];
    await tx.delete(verifications).where(sql`${verifications.identifier} ILIKE ${byEmail} OR ${verifications.value} ILIKE ${byEmail}
      OR ${verifications.identifier} LIKE ${byId} OR ${verifications.value} LIKE ${byId}`);
    // Nothing may mail the address any more: digests recorded but not sent, requests an operator or recipient could move.
    await tx.delete(digestDeliveries).where(and(eq(digestDeliveries.userId, userId), eq(digestDeliveries.status, "pending")));
    await tx
      .update(introRequests)
      .set({ status: "rejected", decisionNote: WITHDRAWN_NOTE })
      .where(and(eq(introRequests.requesterId, userId), inArray(introRequests.status, [...OPEN_INTRO_STATUSES])));
    // Requests sent to the member as a listing's contact: their accept link would mail the introduction to the address.
    await tx
      .update(introRequests)
      .set({ recipientEmail: null })
      .where(sql`lower(${introRequests.recipientEmail}) = ${email}`);
    // Applications not decided yet: a decision would mail the applicant (and approving one would publish them as the
    // listing's contact), so they are withdrawn. Theirs by account or by address.
    const applicant = (table: typeof featureApplications | typeof pilotApplications) =>
      and(eq(table.status, "new"), sql`(${table.userId} = ${userId} OR lower(${table.contactEmail}) = ${email})`);
    await tx.update(featureApplications).set({ status: "rejected", decisionNote: WITHDRAWN_NOTE }).where(applicant(featureApplications));
    await tx.update(pilotApplications).set({ status: "declined", decidedAt: new Date() }).where(applicant(pilotApplications));
    const job = await enqueueJob(inTx, { jobType: ACCOUNT_ERASURE_JOB, parameters: { erasureId }, createdBy: null });
    return { erasureId, jobId: job.id, endedPlan: ended?.plan ?? null };
  });
  logger.info({ erasure: result.erasureId, job: result.jobId }, "account deleted; erasure queued");
  return result;
}

/** The names the member went by: the account's, and those typed into their requests and applications. */
async function namesOf({ db }: Database, member: { id: string; name: string }): Promise<string[]> {
  // One after another: these run on the deletion's one transaction.
  const requests = await db
    .selectDistinct({ name: introRequests.requesterName })
    .from(introRequests)
    .where(eq(introRequests.requesterId, member.id));
  const pilots = await db
    .selectDistinct({ name: pilotApplications.contactName })
    .from(pilotApplications)
    .where(eq(pilotApplications.userId, member.id));
  const features = await db
    .selectDistinct({ name: featureApplications.contactName })
    .from(featureApplications)
    .where(eq(featureApplications.userId, member.id));
  const all = [member.name, ...requests.map((r) => r.name), ...pilots.map((p) => p.name), ...features.map((f) => f.name)];
  return [...new Set(all.map((name) => name.trim()).filter(Boolean))];
}
