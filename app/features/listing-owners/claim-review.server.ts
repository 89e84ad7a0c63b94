/**
 * The operators' queue of claims with evidence (issue 36 "Claiming", decision 0114): read the member's word, approve
 * (the member becomes an owner via "operator", audited) or reject with a note; the member is e-mailed either way.
 */
import { and, eq } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { listingClaims } from "#db/schema/listing-claims.ts";
import { listings } from "#db/schema/listings.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl, type Env } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { claimDecisionEmail } from "./claim-emails.ts";
import { ownerAreaPath } from "./owner-area.tsx";
import { grantOwnership } from "./ownership.server.ts";

export interface QueuedClaim {
  id: string;
  listing: { id: string; type: string; slug: string; name: string; websiteUrl: string | null };
  member: { id: string; name: string; email: string; emailVerified: boolean };
  role: string | null;
  evidence: string | null;
  evidenceUrl: string | null;
  at: Date;
}

/** Claims with evidence waiting for an operator, oldest first. */
export async function claimQueue({ db }: Database): Promise<QueuedClaim[]> {
  const rows = await db
    .select({
      id: listingClaims.id,
      listingId: listings.id,
      type: listings.type,
      slug: listings.slug,
      listingName: listings.name,
      websiteUrl: listings.websiteUrl,
      memberId: users.id,
      memberName: users.name,
      memberEmail: users.email,
      emailVerified: users.emailVerified,
      role: listingClaims.role,
      evidence: listingClaims.evidence,
      evidenceUrl: listingClaims.evidenceUrl,
      at: listingClaims.createdAt,
    })
    .from(listingClaims)
    .innerJoin(listings, eq(listings.id, listingClaims.listingId))
    .innerJoin(users, eq(users.id, listingClaims.userId))
    .where(and(eq(listingClaims.status, "pending"), eq(listingClaims.method, "evidence")))
    .orderBy(listingClaims.createdAt)
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    listing: { id: r.listingId, type: r.type, slug: r.slug, name: r.listingName, websiteUrl: r.websiteUrl },
    member: { id: r.memberId, name: r.memberName, email: r.memberEmail, emailVerified: r.emailVerified },
    role: r.role,
    evidence: r.evidence,
    evidenceUrl: r.evidenceUrl,
    at: r.at,
  }));
}

/** Decides a waiting claim; a claim already decided (by another operator, in another tab) is a conflict. */
export async function decideClaim(
  database: Database,
  {
    admin,
    claimId,
    decision,
    note,
    now = new Date(),
    env = getEnv(),
  }: { admin: SessionUser; claimId: string; decision: "approve" | "reject"; note: string; now?: Date; env?: Env },
): Promise<{ listingName: string; memberName: string }> {
  const decided = await database.db.transaction(async (tx) => {
    const [claim] = await tx
      .update(listingClaims)
      .set({ status: decision === "approve" ? "approved" : "rejected", decidedBy: admin.id, decisionNote: note || null, decidedAt: now })
      .where(and(eq(listingClaims.id, claimId), eq(listingClaims.status, "pending"), eq(listingClaims.method, "evidence")))
      .returning({ listingId: listingClaims.listingId, userId: listingClaims.userId });
    if (!claim) throw new AppError("conflict", "This claim was already decided.");
    const [row] = await tx
      .select({ listingName: listings.name, memberName: users.name, memberEmail: users.email, type: listings.type, slug: listings.slug })
      .from(listings)
      .innerJoin(users, eq(users.id, claim.userId))
      .where(eq(listings.id, claim.listingId));
    if (decision === "approve") {
      await grantOwnership(tx as unknown as Database["db"], {
        listingId: claim.listingId,
        listingName: row!.listingName,
        userId: claim.userId,
        via: "operator",
        grantedBy: admin.id,
        actor: { id: admin.id, source: "admin" },
      });
    } else {
      await recordAudit(tx, {
        operation: "listing_ownership",
        source: "admin",
        action: "rejected",
        companyName: row!.listingName,
        recordId: claim.listingId,
        actorId: admin.id,
        details: { claimant: claim.userId, ...(note ? { note } : {}) },
      });
    }
    return { ...row!, listingId: claim.listingId };
  });
  const base = publicUrl(env);
  const url =
    decision === "approve" ? `${base}${ownerAreaPath(decided.listingId)}` : `${base}/profile/${decided.type}/${decided.slug}/claim`;
  await sendEmail(
    database,
    claimDecisionEmail({
      to: decided.memberEmail,
      memberName: decided.memberName,
      listingName: decided.listingName,
      approved: decision === "approve",
      note: note || null,
      url,
    }),
    env,
  );
  return { listingName: decided.listingName, memberName: decided.memberName };
}
