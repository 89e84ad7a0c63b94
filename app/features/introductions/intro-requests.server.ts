/**
 * The introduction workflow (issue 4 §1-2): request, sign-up, operator review, the recipient's answer. Every
 * transition is one conditional UPDATE (WHERE status = the expected one) with its audit entry in the same
 * transaction, so a double click, a replayed link or two operators at once can move a request only once.
 */
import { and, count, desc, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { listings } from "#db/schema/listings.ts";
import { introRequests, type IntroStatus } from "#db/schema/introductions.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import { canSee, normalizeLevel } from "~/features/access/tiers.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { purposeKey } from "~/lib/auth.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import { hmac, sameSignature } from "~/lib/hmac.server.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import { RateLimiter } from "~/lib/rate-limit.ts";
import { inTransactionOf, underLock } from "~/lib/atomic-limit.server.ts";
import { declinedEmail, introductionEmail, recipientAskEmail, rejectedEmail } from "./intro-emails.ts";
import type { IntroRequestInput } from "./intro-request.ts";
import { checkResponseToken, RESPONSE_LINK_TTL_MS, responseToken, type IntroResponse } from "./response-links.server.ts";
import { plural } from "~/lib/wording.ts";

/** Requests per client address per hour (signed in or not): generous for people, a wall for scripts. */
export const INTRO_REQUESTS_PER_ADDRESS_PER_HOUR = 5;
/** Requests per account per 24 hours, counted in the database so restarts and several processes agree. */
export const INTRO_REQUESTS_PER_ACCOUNT_PER_DAY = 10;
/** How long a signed-out visitor's request waits for its sign-up step before it is dropped. */
const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;

/** Requests that are not the operators' business yet: waiting for a sign-up, or for the requester's address. */
const NOT_YET_SENT: IntroStatus[] = ["awaiting_sign_up", "awaiting_verification"];

export const introRequestsByAddress = new RateLimiter(INTRO_REQUESTS_PER_ADDRESS_PER_HOUR, 60 * 60 * 1000);

const DAY_MS = 24 * 60 * 60 * 1000;

async function claimKey(database: Database) {
  return purposeKey(database, "intro-request:claim");
}

async function responseKey(database: Database) {
  return purposeKey(database, "intro-request:response");
}

/** Proof that the browser that sent a request may attach it to the account it creates next. */
export async function claimTokenFor(database: Database, requestId: string): Promise<string> {
  return hmac(await claimKey(database), requestId);
}

/** Inside the account's lock: refuses a request past the daily limit or to a recipient already asked. */
async function checkAccountLimits({ db }: Database, userId: string, listing: { id: string; name: string }, now: number): Promise<void> {
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
        inArray(introRequests.status, ["pending_review", "awaiting_recipient"]),
      ),
    )
    .limit(1);
  if (open) throw new AppError("conflict", `You already have a request for an introduction to ${listing.name} in progress.`);
}

export function checkAddressLimit(clientAddress: string): void {
  if (!introRequestsByAddress.attempt(clientAddress)) {
    const minutes = Math.ceil(introRequestsByAddress.retryAfterSeconds(clientAddress) / 60);
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
  const { db } = database;
  const [listing] = await db
    .select({ id: listings.id, name: listings.name, type: listings.type, visibility: listings.visibility })
    .from(listings)
    .where(and(eq(listings.type, input.recipientType), eq(listings.slug, input.recipientSlug), eq(listings.processingStatus, "published")))
    .limit(1);
  if (!listing) throw new AppError("not_found", "This listing does not exist or is no longer published.");
  if (!canSee(normalizeLevel(user?.tier), normalizeLevel(listing.visibility))) {
    throw new AppError("forbidden", "Introductions to this listing are for members with a higher plan.");
  }
  const status: IntroStatus = user ? "pending_review" : "awaiting_sign_up";
  const store = async ({ db: tx }: Database) => {
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
      checkAddressLimit(clientAddress);
      return store(tx);
    });
  } else {
    checkAddressLimit(clientAddress);
    id = await db.transaction((tx) => store(inTransactionOf(database, tx)));
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

const EXPIRED_CLAIM = "This request has expired or was already completed. Please send it again.";

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
  if (!request) throw new AppError("not_found", "No such introduction request.");
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
  const key = await responseKey(database);
  const expiresAt = now + RESPONSE_LINK_TTL_MS;
  const base = publicUrl(getEnv());
  const link = (response: IntroResponse) => `${base}/introductions/respond/${responseToken(key, requestId, response, expiresAt)}`;
  const expiresOn = new Date(expiresAt).toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, "");
  await sendEmail(
    database,
    recipientAskEmail(
      { ...request, recipientEmail: recipient!.email!, contactName: recipient!.contactName },
      { accept: link("accept"), decline: link("decline") },
      expiresOn,
    ),
  );
}

export type ResponseLinkState =
  | { state: "open"; requestId: string; response: IntroResponse; requesterName: string; recipientName: string; message: string }
  | { state: "invalid" | "expired" | "answered" };

/** What a link leads to, without acting on it (a mail scanner opening the link must not accept anything). */
export async function readResponseLink(database: Database, token: string, now = Date.now()): Promise<ResponseLinkState> {
  const checked = checkResponseToken(await responseKey(database), token, now);
  if (!checked.ok) return { state: checked.reason };
  const [request] = await database.db.select().from(introRequests).where(eq(introRequests.id, checked.requestId)).limit(1);
  if (!request) return { state: "invalid" };
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
  await sendEmail(
    database,
    status === "accepted" ? introductionEmail({ ...request, recipientEmail: request.recipientEmail! }) : declinedEmail(request),
  );
  return status;
}

/** A member's own requests, for /settings. The recipient's address is never part of it. */
export function listMyIntroRequests({ db }: Database, userId: string) {
  return db
    .select({
      id: introRequests.id,
      recipientName: introRequests.recipientName,
      recipientType: introRequests.recipientType,
      status: introRequests.status,
      decisionNote: introRequests.decisionNote,
      createdAt: introRequests.createdAt,
      slug: listings.slug,
    })
    .from(introRequests)
    .innerJoin(listings, eq(listings.id, introRequests.listingId))
    .where(eq(introRequests.requesterId, userId))
    .orderBy(desc(introRequests.createdAt))
    .limit(100);
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
