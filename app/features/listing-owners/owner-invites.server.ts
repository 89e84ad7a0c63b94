/**
 * Owners bring colleagues in, and take them out (issue 36 "Claiming", decision 0114). An owner invites an address at
 * the listing's own domain (the rule a claim by domain e-mail follows); a signed link that works once and for a week
 * is mailed there. Whoever opens it and accepts while signed in becomes an owner via "invite", proved by that address:
 * the link reached the address, which is the proof, so a colleague may accept with whatever account they already have
 * (their sign-in address may be elsewhere). An owner may remove a co-owner, or leave; every change is audited.
 */
import { and, eq, sql } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { listingInvites } from "#db/schema/listing-claims.ts";
import { listingOwners } from "#db/schema/listing-owners.ts";
import { listings } from "#db/schema/listings.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { getEnv, publicUrl, type Env } from "~/lib/env.server.ts";
import { AppError } from "~/lib/errors.ts";
import { sendEmail } from "~/lib/mailer.server.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { withinInviteLimit } from "./claim-limits.server.ts";
import { checkClaimLinkToken, claimLinkToken } from "./claim-links.server.ts";
import { INVITE_LINK_DAYS } from "./claim-links.ts";
import { inviteEmail } from "./claim-emails.ts";
import { judgeClaimAddress } from "./claim-rules.ts";
import { claimKey, claimableById } from "./claims.server.ts";
import { grantOwnership, revokeOwnership, type OwnedListing } from "./ownership.server.ts";

export interface ListingOwnerRow {
  userId: string;
  name: string;
  via: "domain_email" | "operator" | "invite";
  since: Date;
}

export interface PendingInvite {
  id: string;
  email: string;
  at: Date;
}

/** The listing's owners (name, how, since) and the invitations still open, for its owners and its operators. */
export async function listingOwnersPage(
  { db }: Database,
  listingId: string,
): Promise<{ owners: ListingOwnerRow[]; invites: PendingInvite[] }> {
  const owners = await db
    .select({ userId: listingOwners.userId, name: users.name, via: listingOwners.via, since: listingOwners.createdAt })
    .from(listingOwners)
    .innerJoin(users, eq(users.id, listingOwners.userId))
    .where(eq(listingOwners.listingId, listingId))
    .orderBy(listingOwners.createdAt);
  const invites = await db
    .select({ id: listingInvites.id, email: listingInvites.email, at: listingInvites.createdAt })
    .from(listingInvites)
    .where(
      and(
        eq(listingInvites.listingId, listingId),
        eq(listingInvites.status, "pending"),
        sql`${listingInvites.createdAt} > now() - interval '${sql.raw(String(INVITE_LINK_DAYS))} days'`,
      ),
    )
    .orderBy(listingInvites.createdAt);
  return { owners, invites };
}

/** Invites a colleague at the listing's domain: judged like a claim's address, limited per listing, mailed. */
export async function inviteColleague(
  database: Database,
  {
    owner,
    listing,
    email,
    now = new Date(),
    env = getEnv(),
  }: { owner: SessionUser; listing: OwnedListing; email: string; now?: Date; env?: Env },
): Promise<{ ok: true } | { ok: false; code: "bad_request" | "rate_limited"; message: string }> {
  const target = await claimableById(database, listing.id);
  const verdict = target ? judgeClaimAddress(email, target) : null;
  if (!verdict?.ok) {
    const message = verdict?.message.replace(/ You can ask our team.*$/, "") ?? "This listing cannot take invitations.";
    return { ok: false, code: "bad_request", message: `${message} Invitations go to addresses at the company's own domain.` };
  }
  const limited = await withinInviteLimit(database, { listingId: listing.id, now }, async (tx) => {
    const [invite] = await tx.db
      .insert(listingInvites)
      .values({ listingId: listing.id, email, invitedBy: owner.id, createdAt: now })
      .returning({ id: listingInvites.id });
    await recordAudit(tx.db, {
      operation: "listing_ownership",
      source: "member",
      action: "invited",
      companyName: listing.name,
      recordId: listing.id,
      actorId: owner.id,
    });
    return invite!.id;
  });
  if (!limited.allowed) return { ok: false, code: "rate_limited", message: limited.message };
  const token = claimLinkToken(await claimKey(database), "invite", limited.value, now.getTime() + INVITE_LINK_DAYS * 86_400_000);
  const url = `${publicUrl(env)}/owner-invitation?${new URLSearchParams({ token })}`;
  await sendEmail(database, inviteEmail({ to: email, inviterName: owner.name, listingName: listing.name, url }), env);
  return { ok: true };
}

export type InviteLinkState =
  | { state: "open"; listing: { id: string; name: string }; email: string; inviterName: string }
  | { state: "invalid" | "expired" | "used" | "already_owner" };

/** What an invitation link leads to for the signed-in member, without acting on it. */
export async function readInvite(database: Database, token: string, user: SessionUser, now = Date.now()): Promise<InviteLinkState> {
  const checked = checkClaimLinkToken(await claimKey(database), "invite", token, now);
  if (!checked.ok) return { state: checked.reason };
  const [invite] = await database.db
    .select({
      listingId: listingInvites.listingId,
      email: listingInvites.email,
      status: listingInvites.status,
      listingName: listings.name,
      published: sql<boolean>`${listings.processingStatus} = 'published'`,
      inviterName: users.name,
    })
    .from(listingInvites)
    .innerJoin(listings, eq(listings.id, listingInvites.listingId))
    .innerJoin(users, eq(users.id, listingInvites.invitedBy))
    .where(eq(listingInvites.id, checked.id))
    .limit(1);
  if (!invite || !invite.published) return { state: "invalid" };
  if (invite.status !== "pending") return { state: "used" };
  const [owner] = await database.db
    .select({ id: listingOwners.userId })
    .from(listingOwners)
    .where(and(eq(listingOwners.listingId, invite.listingId), eq(listingOwners.userId, user.id)));
  if (owner) return { state: "already_owner" };
  return {
    state: "open",
    listing: { id: invite.listingId, name: invite.listingName },
    email: invite.email,
    inviterName: invite.inviterName,
  };
}

/** Accepts an invitation: the member becomes an owner (audited), once. */
export async function acceptInvite(database: Database, token: string, user: SessionUser, now = Date.now()): Promise<InviteLinkState> {
  const link = await readInvite(database, token, user, now);
  if (link.state !== "open") return link;
  const checked = checkClaimLinkToken(await claimKey(database), "invite", token, now);
  if (!checked.ok) return { state: checked.reason };
  return database.db.transaction(async (tx) => {
    const spent = await tx
      .update(listingInvites)
      .set({ status: "accepted", acceptedBy: user.id, acceptedAt: new Date(now) })
      .where(and(eq(listingInvites.id, checked.id), eq(listingInvites.status, "pending")))
      .returning({ invitedBy: listingInvites.invitedBy });
    if (!spent.length) return { state: "used" as const };
    await grantOwnership(tx as unknown as Database["db"], {
      listingId: link.listing.id,
      listingName: link.listing.name,
      userId: user.id,
      via: "invite",
      provedBy: link.email,
      grantedBy: spent[0]!.invitedBy,
      actor: { id: user.id, source: "member" },
    });
    return link;
  });
}

/** An owner removes a co-owner, or themselves (leaving); the last owner may leave too (the listing is then unclaimed). */
export async function removeOwner(
  database: Database,
  { owner, listing, userId }: { owner: SessionUser; listing: OwnedListing; userId: string },
) {
  const removed = await revokeOwnership(database.db, {
    listingId: listing.id,
    listingName: listing.name,
    userId,
    reason: userId === owner.id ? "left" : "removed by a co-owner",
    actor: { id: owner.id, source: "member" },
  });
  if (!removed) throw new AppError("not_found", "That person does not keep this listing.");
}
