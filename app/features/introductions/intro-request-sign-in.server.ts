/**
 * The other way through the dialog's last step (decision 0076): a visitor whose address already has an account signs
 * in with its password, and the waiting request becomes that member's and goes to review at once (their address is
 * confirmed). It counts against the member's limits as a request sent signed in does, under the same lock.
 */
import { and, eq, gt } from "drizzle-orm";
import { introRequests } from "#db/schema/introductions.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import { underLock } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError } from "~/lib/errors.ts";
import { SIGN_UP_WINDOW_MS } from "./intro-request.ts";
import { checkAccountLimits, checkClaim, EXPIRED_CLAIM } from "./intro-requests.server.ts";

export async function attachRequestToMember(
  database: Database,
  {
    requestId,
    claimToken,
    user,
    now = Date.now(),
  }: { requestId: string; claimToken: string; user: { id: string; name: string; email: string }; now?: number },
): Promise<{ status: "pending_review"; recipientName: string }> {
  await checkClaim(database, { requestId, claimToken, now });
  return underLock(database, `intro-requests:account:${user.id}`, async (tx) => {
    const waiting = and(
      eq(introRequests.id, requestId),
      eq(introRequests.status, "awaiting_sign_up"),
      gt(introRequests.createdAt, new Date(now - SIGN_UP_WINDOW_MS)),
    );
    const [request] = await tx.db
      .select({ listingId: introRequests.listingId, recipientName: introRequests.recipientName })
      .from(introRequests)
      .where(waiting)
      .limit(1);
    if (!request) throw new AppError("conflict", EXPIRED_CLAIM);
    await checkAccountLimits(tx, user.id, { id: request.listingId, name: request.recipientName }, now);
    const [row] = await tx.db
      .update(introRequests)
      .set({ requesterId: user.id, requesterName: user.name, requesterEmail: user.email, status: "pending_review" })
      .where(waiting)
      .returning({ id: introRequests.id });
    if (!row) throw new AppError("conflict", EXPIRED_CLAIM);
    await recordAudit(tx.db, {
      operation: "intro_request",
      source: "member",
      action: "signed_in",
      companyName: request.recipientName,
      recordId: requestId,
      actorId: user.id,
      details: { status: "pending_review" },
    });
    return { status: "pending_review", recipientName: request.recipientName };
  });
}
