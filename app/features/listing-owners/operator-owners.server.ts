/**
 * What operators do with a listing's owners (issue 36 "Claiming" and "Trust and safety", decision 0114): see them,
 * grant ownership to a member by their account's address, revoke it, and freeze or unfreeze the owners'
 * self-editing with a reason. Every change is audited.
 */
import { eq } from "drizzle-orm";
import { users } from "#db/schema/accounts.ts";
import { listingEditFreezes } from "#db/schema/listing-owners.ts";
import { listings } from "#db/schema/listings.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import type { Database } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { listingOwnersPage, type ListingOwnerRow } from "./owner-invites.server.ts";
import { grantOwnership, revokeOwnership } from "./ownership.server.ts";

export interface OperatorOwnersPage {
  listing: { id: string; type: string; slug: string; name: string; status: string };
  owners: ListingOwnerRow[];
  frozen: { reason: string; at: Date } | null;
}

async function listingOf({ db }: Database, listingId: string) {
  const [listing] = await db
    .select({ id: listings.id, type: listings.type, slug: listings.slug, name: listings.name, status: listings.processingStatus })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!listing) notFound("No such listing.");
  return listing;
}

/** The listing's owners and freeze, for the operator's page. */
export async function operatorOwnersPage(database: Database, listingId: string): Promise<OperatorOwnersPage> {
  const listing = await listingOf(database, listingId);
  const { owners } = await listingOwnersPage(database, listing.id);
  const [freeze] = await database.db
    .select({ reason: listingEditFreezes.reason, at: listingEditFreezes.frozenAt })
    .from(listingEditFreezes)
    .where(eq(listingEditFreezes.listingId, listing.id));
  return { listing, owners, frozen: freeze ?? null };
}

/** Makes the member with this account address an owner (via "operator"). Only a confirmed address names a member. */
export async function grantByEmail(
  database: Database,
  { admin, listingId, email }: { admin: SessionUser; listingId: string; email: string },
) {
  const listing = await listingOf(database, listingId);
  if (listing.status !== "published") throw new AppError("conflict", "Only a published listing can have owners.");
  const [member] = await database.db
    .select({ id: users.id, name: users.name, verified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  if (!member?.verified) throw new AppError("bad_request", "No member has confirmed that address. They need an account with it first.");
  const added = await grantOwnership(database.db, {
    listingId: listing.id,
    listingName: listing.name,
    userId: member.id,
    via: "operator",
    grantedBy: admin.id,
    actor: { id: admin.id, source: "admin" },
  });
  if (!added) throw new AppError("conflict", `${member.name} already keeps this listing.`);
  return member.name;
}

export async function revokeByOperator(
  database: Database,
  { admin, listingId, userId, reason }: { admin: SessionUser; listingId: string; userId: string; reason: string },
) {
  const listing = await listingOf(database, listingId);
  const removed = await revokeOwnership(database.db, {
    listingId: listing.id,
    listingName: listing.name,
    userId,
    reason,
    actor: { id: admin.id, source: "admin" },
  });
  if (!removed) throw new AppError("not_found", "That member does not keep this listing.");
}

/** Freezes the owners' self-editing (proposals and instant publishes are refused until unfrozen). */
export async function freezeEditing(
  database: Database,
  { admin, listingId, reason, now = new Date() }: { admin: SessionUser; listingId: string; reason: string; now?: Date },
) {
  const listing = await listingOf(database, listingId);
  await database.db.transaction(async (tx) => {
    const added = await tx
      .insert(listingEditFreezes)
      .values({ listingId: listing.id, reason, frozenBy: admin.id, frozenAt: now })
      .onConflictDoNothing()
      .returning({ id: listingEditFreezes.listingId });
    if (!added.length) throw new AppError("conflict", "Editing of this listing is already frozen.");
    await recordAudit(tx, {
      operation: "listing_ownership",
      source: "admin",
      action: "frozen",
      companyName: listing.name,
      recordId: listing.id,
      actorId: admin.id,
      details: { reason },
    });
  });
}

export async function unfreezeEditing(database: Database, { admin, listingId }: { admin: SessionUser; listingId: string }) {
  const listing = await listingOf(database, listingId);
  await database.db.transaction(async (tx) => {
    const removed = await tx
      .delete(listingEditFreezes)
      .where(eq(listingEditFreezes.listingId, listing.id))
      .returning({ id: listingEditFreezes.listingId });
    if (!removed.length) throw new AppError("conflict", "Editing of this listing is not frozen.");
    await recordAudit(tx, {
      operation: "listing_ownership",
      source: "admin",
      action: "unfrozen",
      companyName: listing.name,
      recordId: listing.id,
      actorId: admin.id,
    });
  });
}
