/**
 * The claim limits (issue 36 "Trust and safety", decision 0114): a member may start only so many claims a day, a
 * listing may receive only so many (whoever asks), and a listing's owners may send only so many invitations a day. So
 * nobody can mail-bomb a company's domain through us, nor flood the operators' queue. Counted in PostgreSQL from the
 * claim and invitation rows themselves, under advisory locks (app/lib/atomic-limit.server.ts), so any number of
 * processes and parallel requests never pass a limit together.
 */
import { and, count, eq, gt } from "drizzle-orm";
import { listingClaims, listingInvites } from "#db/schema/listing-claims.ts";
import { underLock } from "~/lib/atomic-limit.server.ts";
import type { Database } from "~/lib/db.server.ts";

export const CLAIMS_PER_MEMBER_PER_DAY = 5;
export const CLAIMS_PER_LISTING_PER_DAY = 10;
export const INVITES_PER_LISTING_PER_DAY = 10;
const DAY_MS = 86_400_000;

export type Limited<T> = { allowed: true; value: T } | { allowed: false; message: string };

/**
 * Runs `use` (which records the claim) only while the member and the listing are both under their daily claims. The
 * member's lock is always taken before the listing's, so two requests never wait on each other in a circle.
 */
export async function withinClaimLimits<T>(
  database: Database,
  { userId, listingId, now }: { userId: string; listingId: string; now: Date },
  use: (tx: Database) => Promise<T>,
): Promise<Limited<T>> {
  const since = new Date(now.getTime() - DAY_MS);
  return underLock(database, `listing-claims:member:${userId}`, (outer) =>
    underLock(outer, `listing-claims:listing:${listingId}`, async (tx) => {
      const [mine] = await tx.db
        .select({ n: count() })
        .from(listingClaims)
        .where(and(eq(listingClaims.userId, userId), gt(listingClaims.createdAt, since)));
      if ((mine?.n ?? 0) >= CLAIMS_PER_MEMBER_PER_DAY)
        return { allowed: false as const, message: `You can make ${CLAIMS_PER_MEMBER_PER_DAY} claims a day. Please try again tomorrow.` };
      const [theirs] = await tx.db
        .select({ n: count() })
        .from(listingClaims)
        .where(and(eq(listingClaims.listingId, listingId), gt(listingClaims.createdAt, since)));
      if ((theirs?.n ?? 0) >= CLAIMS_PER_LISTING_PER_DAY)
        return { allowed: false as const, message: "This listing has had too many claims today. Please try again tomorrow." };
      return { allowed: true as const, value: await use(tx) };
    }),
  );
}

/** Runs `use` (which records the invitation) only while the listing is under its daily invitations. */
export async function withinInviteLimit<T>(
  database: Database,
  { listingId, now }: { listingId: string; now: Date },
  use: (tx: Database) => Promise<T>,
): Promise<Limited<T>> {
  const since = new Date(now.getTime() - DAY_MS);
  return underLock(database, `listing-invites:listing:${listingId}`, async (tx) => {
    const [sent] = await tx.db
      .select({ n: count() })
      .from(listingInvites)
      .where(and(eq(listingInvites.listingId, listingId), gt(listingInvites.createdAt, since)));
    if ((sent?.n ?? 0) >= INVITES_PER_LISTING_PER_DAY)
      return {
        allowed: false as const,
        message: `A listing can send ${INVITES_PER_LISTING_PER_DAY} invitations a day. Please try again tomorrow.`,
      };
    return { allowed: true as const, value: await use(tx) };
  });
}
