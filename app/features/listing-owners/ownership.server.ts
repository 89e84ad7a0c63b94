/**
 * Ownership of listings (issue 36, decision 0114): the one place that says whether a member keeps a listing. Every
 * owner page and endpoint goes through `requireOwnedListing`, so ownership of one listing never reaches another's
 * data, and it grants nothing of an operator's. An ownership recorded on a listing that was later merged away counts
 * for its survivor (a merge joins two records of one company); an archived listing has no owners' area.
 */
import { and, eq, sql } from "drizzle-orm";
import { listingEditFreezes, listingOwners, type OwnershipRoute } from "#db/schema/listing-owners.ts";
import { recordAudit } from "~/features/audit/audit-log.server.ts";
import { getAppContext } from "~/lib/app-context.ts";
import type { Database, Db } from "~/lib/db.server.ts";
import { AppError, notFound } from "~/lib/errors.ts";
import type { SessionUser } from "~/lib/session.server.ts";
import { redirect, type RouterContextProvider } from "react-router";

export interface OwnedListing {
  id: string;
  slug: string;
  type: "startup" | "investor" | "partner";
  name: string;
  /** Set while an operator has frozen the listing's self-editing. */
  frozen: { reason: string; at: Date } | null;
}

const NOT_YOURS = "You don't keep this listing.";

/** The published listings a member owns, by name, each once (several recorded ownerships may lead to one survivor). */
export async function ownedListings(database: Database, userId: string): Promise<OwnedListing[]> {
  const rows = await database.rows<{
    id: string;
    slug: string;
    type: OwnedListing["type"];
    name: string;
    reason: string | null;
    frozen_at: string | null;
  }>(sql`
    WITH RECURSIVE chain AS (
      SELECT l.id, l.processing_status, l.merged_into, 0 AS hops
      FROM listing_owners o JOIN listings l ON l.id = o.listing_id
      WHERE o.user_id = ${userId}
      UNION ALL
      SELECT l.id, l.processing_status, l.merged_into, c.hops + 1
      FROM chain c JOIN listings l ON l.id = c.merged_into
      WHERE c.processing_status = 'merged' AND c.hops < 10
    )
    SELECT DISTINCT l.id, l.slug, l.type, l.name, f.reason, f.frozen_at::text AS frozen_at
    FROM chain c JOIN listings l ON l.id = c.id
    LEFT JOIN listing_edit_freezes f ON f.listing_id = l.id
    WHERE l.processing_status = 'published'
    ORDER BY l.name, l.id`);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    type: r.type,
    name: r.name,
    frozen: r.reason !== null && r.frozen_at !== null ? { reason: r.reason, at: new Date(r.frozen_at) } : null,
  }));
}

/** The member's owned listing with this id, or null: the check every owner read and write makes. */
export async function ownedListing(database: Database, userId: string, listingId: string): Promise<OwnedListing | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(listingId)) return null;
  return (await ownedListings(database, userId)).find((l) => l.id === listingId.toLowerCase()) ?? null;
}

/**
 * The owners' guard: signed out, pages go to sign in and come back, APIs answer 401; a listing the member does not
 * own answers 404 whether or not it exists (ownership is not told to strangers). Thrown, so a route cannot forget.
 */
export async function requireOwnedListing(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  listingId: string,
): Promise<{ user: SessionUser; listing: OwnedListing }> {
  const url = new URL(request.url);
  const api = url.pathname.startsWith("/api/");
  const { database, user } = getAppContext(context);
  if (!user) {
    if (api) throw new AppError("unauthorized", "Sign in to manage your listing.");
    throw redirect(`/sign-in?${new URLSearchParams({ returnTo: url.pathname.replace(/\.data$/, "") + url.search })}`);
  }
  const listing = await ownedListing(database, user.id, listingId);
  if (!listing) notFound(NOT_YOURS);
  return { user, listing };
}

/** The members who own a listing now (directly; a merged-away listing's owners are read through `ownedListings`). */
export async function listingOwnerIds({ db }: Database | { db: Db }, listingId: string): Promise<string[]> {
  const rows = await db.select({ userId: listingOwners.userId }).from(listingOwners).where(eq(listingOwners.listingId, listingId));
  return rows.map((r) => r.userId);
}

export interface OwnershipGrant {
  listingId: string;
  listingName: string;
  userId: string;
  via: OwnershipRoute;
  provedBy?: string | null;
  grantedBy?: string | null;
  /** Who acted, for the audit trail: the member who proved it, the operator, the inviting colleague. */
  actor: { id: string; source: "member" | "admin" };
}

/** Records an ownership (a second grant of the same one changes nothing) and audits it; true when it is new. */
export async function grantOwnership(db: Db, grant: OwnershipGrant): Promise<boolean> {
  const added = await db
    .insert(listingOwners)
    .values({
      listingId: grant.listingId,
      userId: grant.userId,
      via: grant.via,
      provedBy: grant.provedBy ?? null,
      grantedBy: grant.grantedBy ?? null,
    })
    .onConflictDoNothing()
    .returning({ userId: listingOwners.userId });
  if (!added.length) return false;
  await recordAudit(db, {
    operation: "listing_ownership",
    source: grant.actor.source,
    action: "granted",
    companyName: grant.listingName,
    recordId: grant.listingId,
    actorId: grant.actor.id,
    details: { owner: grant.userId, via: grant.via, ...(grant.provedBy ? { provedBy: grant.provedBy } : {}) },
  });
  return true;
}

/** Ends an ownership and audits it; true when there was one to end. */
export async function revokeOwnership(
  db: Db,
  revoke: { listingId: string; listingName: string; userId: string; reason: string; actor: { id: string; source: "member" | "admin" } },
): Promise<boolean> {
  const removed = await db
    .delete(listingOwners)
    .where(and(eq(listingOwners.listingId, revoke.listingId), eq(listingOwners.userId, revoke.userId)))
    .returning({ userId: listingOwners.userId });
  if (!removed.length) return false;
  await recordAudit(db, {
    operation: "listing_ownership",
    source: revoke.actor.source,
    action: "revoked",
    companyName: revoke.listingName,
    recordId: revoke.listingId,
    actorId: revoke.actor.id,
    details: { owner: revoke.userId, reason: revoke.reason },
  });
  return true;
}

/** Whether an operator has frozen the listing's self-editing: owners' proposals and instant publishes are refused. */
export async function editingFrozen({ db }: Database | { db: Db }, listingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: listingEditFreezes.listingId })
    .from(listingEditFreezes)
    .where(eq(listingEditFreezes.listingId, listingId));
  return Boolean(row);
}
