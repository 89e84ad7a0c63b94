/**
 * The requester's side of an introduction (issue 4 §1): the request, its limits, the sign-up step and the wait for a
 * verified address; the review and the recipient's answer are intro-review.server.ts. Every
 * transition is one conditional UPDATE (WHERE status = the expected one) with its audit entry in the same
 * transaction, so a double click, a replayed link or two operators at once can move a request only once.
 */
import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { listings } from "#db/schema/listings.ts";
import { introRequests, type IntroStatus } from "#db/schema/introductions.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { purposeKey } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { hmac, sameSignature } from "~/lib/hmac.server.ts";
import { countAttempt, defineRateLimit } from "~/lib/rate-limit.server.ts";
import { inTransactionOf, underLock } from "~/lib/atomic-limit.server.ts";
import { SIGN_UP_WINDOW_MS, type IntroRequestInput } from "./intro-request.ts";
import { checkIntroEligibility, introRefusal, refusalError } from "./intro-preferences.server.ts";
import { declineReasonText } from "./intro-preferences.ts";
import { plural } from "~/lib/wording.ts";

/** Requests per client address per hour (signed in or not): generous for people, a wall for scripts. */
export const INTRO_REQUESTS_PER_ADDRESS_PER_HOUR = 5;
/** Requests per account per 24 hours, counted in the database so restarts and several processes agree. */
export const INTRO_REQUESTS_PER_ACCOUNT_PER_DAY = 10;

/** Requests that are not the operators' business yet: waiting for a sign-up, or for the requester's address. */
export const NOT_YET_SENT: IntroStatus[] = ["awaiting_sign_up", "awaiting_verification"];

const introRequestsByAddress = defineRateLimit({
  name: "intro-request",
  limit: INTRO_REQUESTS_PER_ADDRESS_PER_HOUR,
  windowSeconds: 60 * 60,
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function claimKey(database: Database) {
  return purposeKey(database, "intro-request:claim");
}

/** Proof that the browser that sent a request may attach it to the account it creates next. */
async function claimTokenFor(database: Database, requestId: string): Promise<string> {
  return hmac(await claimKey(database), requestId);
}

/** Inside the account's lock: refuses a request past the daily limit or to a recipient already asked. */
export async function checkAccountLimits(
  { db }: Database,
  userId: string,
  listing: { id: string; name: string },
  now: number,
): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(introRequests)
    .where(and(eq(introRequests.requesterId, userId), gt(introRequests.createdAt, new Date(now - DAY_MS))));
  if ((row?.n ?? 0) >= INTRO_REQUESTS_PER_ACCOUNT_PER_DAY) {
    throw new AppError(
      "rate_limited",
      `You have sent ${INTRO_REQUESTS_PER_ACCOUNT_PER_DAY} introduction requests in the last 24 hours, the daily limit. Please try again tomorrow.`,
    );
  }
  const [open] = await db
    .select({ id: introRequests.id })
    .from(introRequests)
    .where(
      and(
        eq(introRequests.requesterId, userId),
        eq(introRequests.listingId, listing.id),
        inArray(introRequests.status, ["pending_review", "awaiting_recipient", "awaiting_requester"]),
      ),
    )
    .limit(1);
  if (open) throw new AppError("conflict", `You already have a request for an introduction to ${listing.name} in progress.`);
}

/**
 * Counts the request against its address. Inside a member's transaction the count is the transaction's: a request
 * that is refused or fails later is not counted, and other requests from the address wait for it to end.
 */
async function checkAddressLimit(database: Database, clientAddress: string, now: number): Promise<void> {
  const attempt = await countAttempt(database, introRequestsByAddress, clientAddress, { now });
  if (!attempt.allowed) {
    const minutes = Math.ceil(attempt.retryAfterSeconds / 60);
    throw new AppError(
      "rate_limited",
      `Too many introduction requests from your network. Please try again in ${plural(minutes, "minute")}.`,
    );
  }
}

export type CreatedRequest = { id: string; status: "pending_review" } | { id: string; status: "awaiting_sign_up"; claimToken: string };

/**
 * Stores a request. Signed in, it goes straight to review; signed out, it waits for the sign-up step. The
 * recipient must be a published listing the requester may see (a locked listing's intros are gated too).
 */
export async function createIntroRequest(
  database: Database,
  {
    input,
    user,
    clientAddress,
    now = Date.now(),
  }: { input: IntroRequestInput; user: SessionUser | null; clientAddress: string; now?: number },
): Promise<CreatedRequest> {
  const { listing, refusal } = await checkIntroEligibility(database, { recipient: input, user, now });
  // A claimed listing's preferences (decision 0116), before anything is counted: a refused requester spends nothing.
  if (refusal) throw refusalError(refusal);
  const status: IntroStatus = user ? "pending_review" : "awaiting_sign_up";
  const store = async (txDatabase: Database) => {
    // Asked again under the listing's lock: two requests for the last place of a monthly cap take turns (decision 0034).
    const late = await underLock(txDatabase, `intro-requests:listing:${listing.id}`, (locked) =>
      introRefusal(locked, { listing, user, now }),
    );
    if (late) throw refusalError(late);
    const tx = txDatabase.db;
    const [row] = await tx
      .insert(introRequests)
      .values({
        listingId: listing.id,
        recipientName: listing.name,
        recipientType: listing.type,
        requesterId: user?.id ?? null,
        requesterName: input.senderName,
        requesterEmail: user?.email ?? input.senderEmail,
        message: input.message,
        status,
        clientAddress,
        // Made at the injected clock's moment: the daily limit and the monthly cap count by it.
        createdAt: new Date(now),
      })
      .returning({ id: introRequests.id });
    await recordAudit(tx, {
      operation: "intro_request",
      source: user ? "member" : "visitor",
      action: "created",
      companyName: listing.name,
      recordId: row!.id,
      actorId: user?.id ?? null,
      details: { listingId: listing.id, status },
    });
    return row!.id;
  };
  // A member's limits are counted and the request stored under the account's lock (decision 0034): parallel
  // requests would otherwise all count the same rows and all pass.
  let id: string;
  if (user) {
    id = await underLock(database, `intro-requests:account:${user.id}`, async (tx) => {
      await checkAccountLimits(tx, user.id, listing, now);
      await checkAddressLimit(tx, clientAddress, now);
      return store(tx);
    });
  } else {
    await checkAddressLimit(database, clientAddress, now);
    id = await database.db.transaction((tx) => store(inTransactionOf(database, tx)));
  }
  return user ? { id, status: "pending_review" } : { id, status: "awaiting_sign_up", claimToken: await claimTokenFor(database, id) };
}

/**
 * Whether a signed-out visitor's request can still be claimed with this token: the token is the request's, and
 * the request still waits for its sign-up step. Checked before an account is made, so a refused claim leaves
 * nothing behind; `attachRequestToAccount` checks it again when it moves the request.
 */
export async function checkClaim(
  database: Database,
  { requestId, claimToken, now = Date.now() }: { requestId: string; claimToken: string; now?: number },
): Promise<void> {
  if (!sameSignature(claimToken, await claimTokenFor(database, requestId)))
    throw new AppError("bad_request", "This request cannot be completed. Please send it again.");
  const [open] = await database.db
    .select({ id: introRequests.id })
    .from(introRequests)
    .where(
      and(
        eq(introRequests.id, requestId),
        eq(introRequests.status, "awaiting_sign_up"),
        gt(introRequests.createdAt, new Date(now - SIGN_UP_WINDOW_MS)),
      ),
    )
    .limit(1);
  if (!open) throw new AppError("conflict", EXPIRED_CLAIM);
}

export const EXPIRED_CLAIM = "This request has expired or was already completed. Please send it again.";

/**
 * After the sign-up step: the new account takes over the request. It goes to review once the account's
 * address is verified (DESIGN D15); until then it waits (`awaiting_verification`), and
 * `sendWaitingRequestsToReview` moves it when the link is confirmed.
 */
export async function attachRequestToAccount(
  database: Database,
  {
    requestId,
    claimToken,
    user,
    phone,
    now = Date.now(),
  }: { requestId: string; claimToken: string; user: { id: string; name: string; email: string }; phone: string; now?: number },
): Promise<{ status: "pending_review" | "awaiting_verification" }> {
  if (!sameSignature(claimToken, await claimTokenFor(database, requestId)))
    throw new AppError("bad_request", "This request cannot be completed. Please send it again.");
  return database.db.transaction(async (tx) => {
    // Read in the same statement, so a link confirmed at this very moment cannot leave the request waiting.
    const status = sql<IntroStatus>`CASE WHEN EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${user.id} AND ${users.emailVerified})
      THEN 'pending_review' ELSE 'awaiting_verification' END`;
    const [row] = await tx
      .update(introRequests)
      .set({ requesterId: user.id, requesterName: user.name, requesterEmail: user.email, requesterPhone: phone, status })
      .where(
        and(
          eq(introRequests.id, requestId),
          eq(introRequests.status, "awaiting_sign_up"),
          gt(introRequests.createdAt, new Date(now - SIGN_UP_WINDOW_MS)),
        ),
      )
      .returning({ id: introRequests.id, recipientName: introRequests.recipientName, status: introRequests.status });
    if (!row) throw new AppError("conflict", EXPIRED_CLAIM);
    const moved = row.status === "pending_review" ? "pending_review" : "awaiting_verification";
    await recordAudit(tx, {
      operation: "intro_request",
      source: "visitor",
      action: "signed_up",
      companyName: row.recipientName,
      recordId: requestId,
      actorId: user.id,
      details: { status: moved },
    });
    return { status: moved };
  });
}

/**
 * The requester's address is verified now: their waiting requests go to review. Returns the recipients' names.
 * A conditional update, so two confirmations at once move each request once.
 */
export async function sendWaitingRequestsToReview(database: Database, userId: string): Promise<string[]> {
  return database.db.transaction(async (tx) => {
    const rows = await tx
      .update(introRequests)
      .set({ status: "pending_review" })
      .where(and(eq(introRequests.requesterId, userId), eq(introRequests.status, "awaiting_verification")))
      .returning({ id: introRequests.id, recipientName: introRequests.recipientName });
    for (const row of rows) {
      await recordAudit(tx, {
        operation: "intro_request",
        source: "visitor",
        action: "address_verified",
        companyName: row.recipientName,
        recordId: row.id,
        actorId: userId,
        details: { status: "pending_review" },
      });
    }
    return rows.map((r) => r.recipientName);
  });
}

/**
 * A member's own requests, for /settings. The recipient's address is never part of it; a claimed listing's decline
 * reason is its polite wording from the list, and an owner's question waits there for the member's answer.
 */
export async function listMyIntroRequests({ db }: Database, userId: string) {
  const rows = await db
    .select({
      id: introRequests.id,
      recipientName: introRequests.recipientName,
      recipientType: introRequests.recipientType,
      status: introRequests.status,
      decisionNote: introRequests.decisionNote,
      declineReason: introRequests.declineReason,
      ownerQuestion: introRequests.ownerQuestion,
      requesterAnswer: introRequests.requesterAnswer,
      createdAt: introRequests.createdAt,
      slug: listings.slug,
    })
    .from(introRequests)
    .innerJoin(listings, eq(listings.id, introRequests.listingId))
    .where(eq(introRequests.requesterId, userId))
    .orderBy(desc(introRequests.createdAt))
    .limit(100);
  return rows.map((r) => ({ ...r, declineReason: declineReasonText(r.declineReason) }));
}
